import { Store, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PICKUP_LABELS, PICKUP_OPTIONS, type PickupOption } from '@domain/plans.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { StudioChooser, useStudios } from '../../delivery';
import { getPickupQueryOptions, usePickupOption } from '../api/get-pickup';
import { useSavePickupOption } from '../api/save-pickup';
import { PlansLoadError, PlansPageSkeleton } from '../components/page-states';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/pickup-location';

/** Her current choice, if any. */
const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getPickupQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Delivery or pickup · Rentique',
    description: 'Choose how your Rentique pieces reach you: delivery to your door or pickup in a studio.',
    noindex: true,
  });

const DETAILS: Record<PickupOption, { icon: typeof Truck; text: string; note: string; started: string }> = {
  online: {
    icon: Truck,
    text: 'We deliver your pieces to your door, cleaned and pressed, and collect them again when you are done.',
    note: 'Delivery within 1 day · free shipping and returns',
    started: 'Your rental will begin when you receive your delivery',
  },
  'in-store': {
    icon: Store,
    text: 'Collect your pieces at a Rentique studio, try them on with a stylist, and bring them back there.',
    note: 'Ready to collect the next day',
    started: 'Your rental will begin when you pick up your items in-store',
  },
};

/** /pickup-location: online delivery or in-store pickup, saved on the member's account. */
export default function Component() {
  const pickup = usePickupOption();
  if (pickup.isPending) return <PlansPageSkeleton cards={2} />;
  if (pickup.isError) return <PlansLoadError onRetry={() => void pickup.refetch()} />;
  return <PickupForm saved={pickup.data.option} savedStudio={pickup.data.studioId} />;
}

function PickupForm({ saved, savedStudio }: { saved: PickupOption | null; savedStudio: number | null }) {
  const navigate = useNavigate();
  const save = useSavePickupOption();
  const name = useId();
  const [option, setOption] = useState<PickupOption | null>(saved);
  // In-store pickup names its studio: hers, else the first until she picks another.
  const studios = useStudios(option === 'in-store');
  const [chosenStudio, setStudio] = useState<number | null>(null);
  const studioId = chosenStudio ?? savedStudio ?? studios.data?.studios[0]?.id ?? null;

  const confirm = async () => {
    if (!option) {
      toast.error('Please select a pickup option', {
        description: 'Choose either online delivery or in-store pickup.',
      });
      return;
    }
    try {
      await save.mutateAsync(option === 'in-store' ? { option, studioId: studioId ?? undefined } : option);
      toast.success('Rental started!', { description: DETAILS[option].started });
      await navigate(paths.dashboard);
    } catch {
      // shown by the query client (useSavePickupOption's meta)
    }
  };

  return (
    <div className="container-page pb-24">
      <PageHeader eyebrow="Your rental" title="How would you like your pieces?">
        Choose delivery to your door or pickup at one of our studios. We keep your choice for your next rentals.
      </PageHeader>

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
        className="max-w-4xl"
      >
        <div role="radiogroup" aria-label="Pickup option" className="grid gap-6 md:grid-cols-2">
          {PICKUP_OPTIONS.map((id) => {
            const { icon: Icon, text, note } = DETAILS[id];
            const inputId = `${name}-${id}`;
            return (
              <label
                key={id}
                htmlFor={inputId}
                className={cn(
                  'flex cursor-pointer flex-col rounded-md border bg-ivory p-6 shadow-soft transition-colors',
                  'has-checked:border-ink has-checked:ring-1 has-checked:ring-ink has-focus-visible:ring-2 has-focus-visible:ring-clay',
                  option === id ? '' : 'border-linen/80 hover:border-ink/40',
                )}
              >
                <span className="flex items-start justify-between gap-4">
                  <span className="flex size-12 items-center justify-center rounded-full bg-sand text-ink">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <input
                    id={inputId}
                    type="radio"
                    name={name}
                    value={id}
                    checked={option === id}
                    onChange={() => setOption(id)}
                    disabled={save.isPending}
                    aria-labelledby={`${inputId}-title`}
                    aria-describedby={`${inputId}-text`}
                    className="mt-1 size-5 cursor-pointer accent-ink"
                  />
                </span>
                <span className="mt-5 flex flex-wrap items-center gap-3">
                  <span id={`${inputId}-title`} className="font-display text-[1.75rem] leading-tight font-medium">
                    {PICKUP_LABELS[id]}
                  </span>
                  {saved === id && <Badge tone="outline">Your saved choice</Badge>}
                </span>
                <span id={`${inputId}-text`} className="mt-2 block text-sm leading-relaxed text-taupe">
                  {text}
                </span>
                <span className="mt-4 block text-xs tracking-wide text-stone">{note}</span>
              </label>
            );
          })}
        </div>

        {option === 'in-store' && (
          <fieldset className="mt-8 max-w-xl text-sm">
            <legend className="eyebrow mb-3">The studio you pick up from</legend>
            <StudioChooser
              studios={studios.data?.studios}
              studioId={studioId}
              onStudio={setStudio}
              disabled={save.isPending}
            />
          </fieldset>
        )}

        <div className="mt-10 flex flex-col-reverse gap-4 sm:flex-row sm:items-center">
          <Button variant="outline" size="lg" asChild>
            <Link to={paths.dashboard}>Back to Dashboard</Link>
          </Button>
          <Button
            type="submit"
            size="lg"
            className="sm:min-w-64"
            disabled={!option || (option === 'in-store' && !studioId) || save.isPending}
          >
            {save.isPending ? 'Starting...' : 'Confirm and Start Rental'}
          </Button>
        </div>
      </form>
    </div>
  );
}
