import { ArrowLeft, Store, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PICKUP_LABELS, PICKUP_OPTIONS, type PickupOption } from '@domain/plans.rules';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { alreadyShown } from '../../../lib/error-toast';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import {
  DeliveryAddressSection,
  getDeliveryAddressQueryOptions,
  getStudiosQueryOptions,
  StudioChooser,
  useDeliveryAddress,
  useStudios,
} from '../../delivery';
import { getPickupQueryOptions, usePickupOption, useSavePickupOption, type PickupState } from '../../plans';
import { SettingsSection } from '../components/settings-section';
import type { Route } from './+types/addresses';

/** Her delivery address, her usual choice and the studios, on the first paint. */
const queries: PageQueries = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(getDeliveryAddressQueryOptions()),
    queryClient.prefetchQuery(getPickupQueryOptions()),
    queryClient.prefetchQuery(getStudiosQueryOptions()),
  ]);

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Addresses and pickup · Rentique',
    description: 'Your delivery address and the studio you pick up from, for your Rentique rentals.',
    noindex: true,
  });

/** /account/addresses: the delivery address on her account, and delivery or pickup (with the studio) as her usual choice. */
export default function Component() {
  const address = useDeliveryAddress();
  const pickup = usePickupOption();
  return (
    <div className="container-page pb-24">
      <Link
        to={paths.account}
        className="mt-8 inline-flex items-center gap-2 text-sm text-taupe hover:text-ink md:mt-10"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Account settings
      </Link>
      <PageHeader eyebrow="Your account" title="Addresses and pickup" className="pt-6 md:pt-8">
        Where we deliver your pieces, or the studio where you collect them. Each booking can still choose its own.
      </PageHeader>

      <SettingsSection
        id="address"
        title="Delivery address"
        description="Pieces delivered to your door go here (United States addresses)."
      >
        <div className="text-sm">
          {address.isError ? (
            <LoadFailed what="your address" onRetry={() => void address.refetch()} />
          ) : (
            <DeliveryAddressSection
              address={address.data?.address ?? null}
              loading={address.isPending}
              intro="You have no delivery address yet. Add one to have pieces delivered."
            />
          )}
        </div>
      </SettingsSection>

      <SettingsSection
        id="pickup"
        title="Delivery or pickup"
        description="Your usual choice: bookings and waitlist holds start with it."
      >
        {pickup.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : pickup.isError ? (
          <LoadFailed what="your choice" onRetry={() => void pickup.refetch()} />
        ) : (
          <PickupChoiceForm saved={pickup.data} />
        )}
      </SettingsSection>
    </div>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p className="text-sm text-taupe">
      We could not load {what}.{' '}
      <button
        type="button"
        className="cursor-pointer font-medium text-ink underline underline-offset-4"
        onClick={onRetry}
      >
        Try again
      </button>
    </p>
  );
}

const ICONS: Record<PickupOption, typeof Truck> = { online: Truck, 'in-store': Store };

function PickupChoiceForm({ saved }: { saved: PickupState }) {
  const name = useId();
  const save = useSavePickupOption();
  const [option, setOption] = useState<PickupOption | null>(saved.option);
  const studios = useStudios(option === 'in-store');
  const [chosenStudio, setStudio] = useState<number | null>(null);
  const studioId = chosenStudio ?? saved.studioId ?? studios.data?.studios[0]?.id ?? null;
  const unchanged = option === saved.option && (option !== 'in-store' || studioId === saved.studioId);

  return (
    <form
      method="post"
      noValidate
      aria-label="Delivery or pickup"
      className="space-y-5 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!option) return;
        void save
          .mutateAsync(option === 'in-store' ? { option, studioId: studioId ?? undefined } : option)
          .then(() => toast.success('Your choice is saved'), alreadyShown);
      }}
    >
      <fieldset disabled={save.isPending}>
        <legend className="sr-only">How your pieces reach you</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PICKUP_OPTIONS.map((id) => {
            const Icon = ICONS[id];
            return (
              <label
                key={id}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-sm border px-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-clay',
                  option === id ? 'border-ink bg-paper' : 'border-linen hover:border-ink/40',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={id}
                  checked={option === id}
                  onChange={() => setOption(id)}
                  className="size-4 accent-ink"
                />
                <Icon aria-hidden="true" className="size-4" />
                {PICKUP_LABELS[id]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {option === 'in-store' && (
        <StudioChooser
          studios={studios.data?.studios}
          studioId={studioId}
          onStudio={setStudio}
          disabled={save.isPending}
        />
      )}
      <Button
        type="submit"
        variant="outline"
        disabled={!option || (option === 'in-store' && !studioId) || unchanged || save.isPending}
      >
        {save.isPending ? 'Saving…' : 'Save my choice'}
      </Button>
    </form>
  );
}
