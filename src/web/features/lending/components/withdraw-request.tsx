import { useState } from 'react';
import { toast } from 'sonner';
import type { BookingRequest } from '@domain/lending';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { useRequestAction } from '../api/request-action';
import { ACTION_LABELS } from '../lib/lending-text';

/**
 * The renter's 'Withdraw request' while her request waits for the lender, behind a confirmation
 * that says the hold on her card is released and the lender told (focus starts on 'Keep request').
 */
export function WithdrawRequest({ request: r }: { request: BookingRequest }) {
  const act = useRequestAction();
  const [open, setOpen] = useState(false);
  const busy = act.isPending;
  const labels = ACTION_LABELS.withdraw;
  const onWithdraw = () =>
    act.mutateAsync({ request: r, action: 'withdraw' }).then(
      () => {
        setOpen(false);
        toast.success(labels.done, { description: `${r.item.name}: the hold on your card is released.` });
      },
      () => {
        // No longer pending (the lender answered first): the error's toast says so, the card shows its status.
        setOpen(false);
        alreadyShown();
      },
    );
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={busy} aria-label={`${labels.label}: ${r.item.name}`}>
          {labels.label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Withdraw this request?"
        description={`Your request for ${r.item.name} from ${formatDate(r.startDate)} to ${formatDate(r.returnDate)} is withdrawn and ${r.lenderName} is told. The hold of ${formatCents(r.priceCents)} on your card is released: nothing is charged.`}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost" disabled={busy}>
              Keep request
            </Button>
          </DialogClose>
          <Button onClick={() => void onWithdraw()} disabled={busy} aria-busy={busy}>
            {busy ? labels.busy : labels.label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
