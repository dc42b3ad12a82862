import { useState } from 'react';
import { toast } from 'sonner';
import { WAITLIST_MESSAGES } from '@domain/waitlist.rules';
import type { PickupOption } from '@domain/plans.rules';
import type { WaitlistEntry } from '@domain/waitlist';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cardRefusal } from '../../../lib/card-error-toast';
import { alreadyShown } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { DeliveryChoice, useDeliveryAddress, useStudios } from '../../delivery';
import { usePickupOption } from '../../plans';
import { useConfirmHold } from '../api/confirm-hold';

/**
 * 'Confirm' on a held piece: a dialog that asks how it reaches her (her saved choice first:
 * delivery to her address, with the form to add one, or a studio) and books it with that choice,
 * so a member who never chose delivery or pickup can confirm from here.
 */
export function ConfirmHoldDialog({ entry, disabled }: { entry: WaitlistEntry; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={disabled} aria-label={`Confirm ${entry.name}`}>
          Confirm
        </Button>
      </DialogTrigger>
      {open && <HoldDialogContent entry={entry} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function HoldDialogContent({ entry, onDone }: { entry: WaitlistEntry; onDone: () => void }) {
  const confirm = useConfirmHold();
  const pickup = usePickupOption();
  const [chosenDelivery, setDelivery] = useState<PickupOption | null>(null);
  const delivery: PickupOption = chosenDelivery ?? pickup.data?.option ?? 'online';
  const address = useDeliveryAddress(delivery === 'online');
  const studios = useStudios(delivery === 'in-store');
  const [chosenStudio, setStudio] = useState<number | null>(null);
  const studioId = chosenStudio ?? pickup.data?.studioId ?? studios.data?.studios[0]?.id ?? null;
  const savedAddress = address.data?.address ?? null;
  const missing =
    delivery === 'online'
      ? savedAddress
        ? null
        : 'Save a delivery address to confirm.'
      : studioId
        ? null
        : 'Choose a studio to confirm.';

  // A confirmation refused for its card says why next to Confirm too (the toast goes away).
  const refusal = confirm.isError ? cardRefusal(confirm.error, paths.dashboard) : undefined;

  const submit = () =>
    confirm
      .mutateAsync({ id: entry.id, delivery, studioId: delivery === 'in-store' ? (studioId ?? undefined) : undefined })
      .then((r) => {
        onDone();
        toast.success(WAITLIST_MESSAGES.confirmed, {
          description: `${r.name} is yours from ${formatDate(r.startDate)} to ${formatDate(r.returnDate)}.`,
        });
      }, alreadyShown);

  return (
    <DialogContent
      title="Confirm your held piece"
      description={`${entry.brand} ${entry.name}, size ${entry.size}, from ${formatDate(entry.startDate)} to ${formatDate(entry.returnDate)}. It is paid like any booking.`}
      className="max-w-xl scroll-pb-36 p-5 sm:p-7"
    >
      <DeliveryChoice
        className="mt-5"
        delivery={delivery}
        onDelivery={setDelivery}
        signedIn
        address={savedAddress}
        addressLoading={address.isPending}
        studios={studios.data?.studios}
        studioId={studioId}
        onStudio={setStudio}
      />
      {/* Kept in view while the address form scrolls the dialog (a phone). */}
      <div className="sticky -bottom-5 z-10 -mb-5 mt-6 flex flex-col gap-3 border-t border-linen bg-ivory pt-5 pb-5 sm:-bottom-7 sm:-mb-7 sm:flex-row sm:items-center sm:justify-end sm:pb-7">
        {missing && (
          <p className="text-sm text-taupe sm:mr-auto" id={`hold-${entry.id}-missing`}>
            {missing}
          </p>
        )}
        {!missing && refusal && (
          <p
            id={`hold-${entry.id}-refusal`}
            role="alert"
            className="text-sm text-danger sm:mr-auto"
            data-testid="hold-refusal"
          >
            {refusal.message}{' '}
            <Link
              to={refusal.action.url}
              className="font-medium whitespace-nowrap text-ink underline underline-offset-4"
            >
              {refusal.action.label}
            </Link>
          </p>
        )}
        <Button
          disabled={!!missing || confirm.isPending || pickup.isPending}
          aria-describedby={missing ? `hold-${entry.id}-missing` : refusal ? `hold-${entry.id}-refusal` : undefined}
          onClick={() => void submit()}
        >
          {confirm.isPending
            ? 'Confirming…'
            : delivery === 'online'
              ? 'Confirm with delivery'
              : 'Confirm with studio pickup'}
        </Button>
      </div>
    </DialogContent>
  );
}
