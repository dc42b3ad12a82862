import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { PlanAction, Subscription } from '@domain/plans';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { useSubscription } from '../api/get-subscription';
import { useUndoCancel } from '../api/undo-cancel';
import { CancelDialog, ChangeDialog, PauseDialog, ResumeDialog, SkipDialog } from './plan-dialogs';

/** Where her plan stands, in one or two sentences (decision 0058). */
function planState(sub: Subscription): string[] {
  const lines: string[] = [];
  const price = `${formatCents(sub.priceCents ?? 0)} ${sub.priceUnit ?? ''}`.trim();
  if (sub.status === 'paused' && sub.pause?.reason === 'payment')
    lines.push('Paused: your renewal payment was declined three times. Save a card to pay and resume your plan.');
  else if (sub.status === 'paused' && sub.pause?.until)
    lines.push(
      `Paused until ${formatDate(sub.pause.until)}: nothing is charged and plan pieces cannot be booked until then. ${price} is charged on ${formatDate(sub.pause.until)}.`,
    );
  else if (sub.renewal)
    lines.push(
      `Your renewal of ${formatCents(sub.renewal.amountCents)} was declined${sub.renewal.retryOn ? `; we try again on ${formatDate(sub.renewal.retryOn)}` : ''}. Update your card to keep renting with your plan.`,
    );
  else if (sub.giftUntil)
    lines.push(
      `A gift month: your plan runs until ${formatDate(sub.giftUntil)}, nothing to pay. To keep it after that, keep your plan: ${price} from ${formatDate(sub.giftUntil)}, charged to your card.`,
    );
  else if (sub.cancelAt)
    lines.push(
      `Cancelled: your plan stays active until ${formatDate(sub.cancelAt)}. From then you pay per item (Weekly).`,
    );
  else if (sub.paidThrough)
    lines.push(`Paid through ${formatDate(sub.paidThrough)}. Next charge: ${price} on ${formatDate(sub.paidThrough)}.`);
  if (sub.status === 'active' && sub.pause && sub.pause.until)
    lines.push(
      `${sub.pause.reason === 'skip' ? 'Next month is skipped' : 'A pause is booked'}: from ${formatDate(sub.pause.from)} to ${formatDate(sub.pause.until)}, nothing is charged.`,
    );
  if (sub.pendingChange)
    lines.push(
      `From ${formatDate(sub.pendingChange.appliesOn)}: ${sub.pendingChange.planTitle}${sub.pendingChange.itemCount ? `, ${sub.pendingChange.itemCount} pieces a month` : ''}, ${formatCents(sub.pendingChange.priceCents)}.`,
    );
  return lines;
}

const LABELS: Record<Exclude<PlanAction, 'undoCancel'>, string> = {
  pause: 'Pause',
  skip: 'Skip next month',
  resume: 'Resume',
  change: 'Change plan',
  cancel: 'Cancel plan',
};

/** "Your plan" on the account page: where it stands, and pause, skip, resume, change and cancel, each confirmed. */
export function PlanManager() {
  const { data: sub } = useSubscription();
  const [open, setOpen] = useState<Exclude<PlanAction, 'undoCancel'> | null>(null);
  const undo = useUndoCancel();
  if (!sub || sub.priceCents === null || sub.status === 'pending_payment') return null;
  const close = () => setOpen(null);
  const props = { sub, onDone: close };
  return (
    <section
      aria-labelledby="your-plan"
      className="mb-6 rounded-md border border-linen/80 bg-ivory p-5"
      data-testid="your-plan"
    >
      <h3 id="your-plan" className="text-[0.95rem] font-medium">
        Your plan: {sub.planTitle}
        {sub.itemCount ? `, ${sub.itemCount} pieces a month` : ''}
      </h3>
      {planState(sub).map((line) => (
        <p key={line} className="mt-1 text-sm text-taupe">
          {line}
        </p>
      ))}
      {sub.status === 'paused' && sub.pause?.reason === 'payment' && (
        <Link
          to={paths.creditCardManage}
          className="mt-2 inline-block text-sm font-medium underline underline-offset-4"
        >
          Update your card
        </Link>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {sub.actions.map((action) =>
          action === 'undoCancel' ? (
            <Button
              key={action}
              size="sm"
              variant="outline"
              disabled={undo.isPending}
              onClick={() =>
                void undo
                  .mutateAsync()
                  .then(() =>
                    toast.success(sub.giftUntil ? 'Your plan continues after your gift month' : 'Your plan continues'),
                  )
                  .catch((err: Error) => toast.error(err.message))
              }
            >
              {sub.giftUntil ? 'Keep my plan' : 'Undo cancellation'}
            </Button>
          ) : (
            <Button
              key={action}
              size="sm"
              variant={action === 'cancel' ? 'ghost' : 'outline'}
              onClick={() => setOpen(action)}
            >
              {LABELS[action]}
            </Button>
          ),
        )}
      </div>
      <Dialog open={open !== null} onOpenChange={(o) => !o && close()}>
        {open === 'pause' && <PauseDialog {...props} />}
        {open === 'skip' && <SkipDialog {...props} />}
        {open === 'resume' && <ResumeDialog {...props} />}
        {open === 'change' && <ChangeDialog {...props} />}
        {open === 'cancel' && <CancelDialog {...props} />}
      </Dialog>
    </section>
  );
}
