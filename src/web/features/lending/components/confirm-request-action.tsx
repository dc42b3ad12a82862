import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { BookingRequest } from '@domain/lending';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { alreadyShown } from '../../../lib/error-toast';
import { useRequestAction } from '../api/request-action';
import { ACTION_LABELS } from '../lib/lending-text';

/**
 * A request's action behind a confirmation (the renter's withdraw, the lender's cancel): the
 * button, the dialog saying what it does (focus starts on the keep button), and its toast. When
 * the request moved on meanwhile, the error's toast says so and the card shows its status.
 */
export function ConfirmRequestAction(props: {
  request: BookingRequest;
  action: 'withdraw' | 'cancel';
  title: string;
  description: string;
  keepLabel: string;
  doneDescription: string;
  children?: ReactNode;
}) {
  const { request: r, action } = props;
  const act = useRequestAction();
  const [open, setOpen] = useState(false);
  const busy = act.isPending;
  const labels = ACTION_LABELS[action];
  const onConfirm = () =>
    act.mutateAsync({ request: r, action }).then(
      () => {
        setOpen(false);
        toast.success(labels.done, { description: props.doneDescription });
      },
      () => {
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
      <DialogContent title={props.title} description={props.description}>
        {props.children}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost" disabled={busy}>
              {props.keepLabel}
            </Button>
          </DialogClose>
          <Button onClick={() => void onConfirm()} disabled={busy} aria-busy={busy}>
            {busy ? labels.busy : labels.label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
