import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { clearMemberLocalState } from '../../../lib/local-state';
import { useDeleteAccount } from '../api/delete-account';
import { formatCents, formatDate } from '../../../lib/format';
import { useSubscription } from '../../plans';
import { SettingsSection } from './settings-section';

/** A reservation of hers not sent yet, as the deletion's refusal lists it (details.unsentReservations). */
interface UnsentReservation {
  rentalId: number;
  name: string;
  startDate: string;
  refundCents: number;
  coveredByPlan: boolean;
}

/** True when her bookings not sent yet are all that refuse the deletion (nothing out, nothing of hers rented out). */
function onlyUnsent(details: Record<string, unknown>): boolean {
  const unsent = details.unsentReservations;
  const out = details.rentedOutListings;
  return (
    Array.isArray(unsent) && unsent.length > 0 && details.openRentals === 0 && Array.isArray(out) && out.length === 0
  );
}

/** What becomes of a paid plan: it ends with the account, nothing more is charged, and the time already paid is not refunded. */
function PlanTermNote() {
  const { data: sub } = useSubscription();
  if (!sub || sub.status !== 'active' || sub.priceCents === null || !sub.nextBillingDate) return null;
  return (
    <p className="mt-3 text-sm leading-relaxed text-taupe" data-testid="plan-term-note">
      Your {sub.planTitle} plan ends with your account: nothing more is charged, and the time already paid for (to{' '}
      {formatDate(sub.nextBillingDate)}) is not refunded.
    </p>
  );
}

/** Delete my account: password required; refused (with the reason) while rentals are open. */
export function DeleteSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="delete" title="Delete account" description="Leaving Rentique removes your account for good.">
      <div className="rounded-md border border-danger/25 bg-danger/[0.03] p-5">
        <p className="text-sm leading-relaxed text-taupe">
          We remove your profile, saved card, plan, favorites, event reservations and listings, and sign you out
          everywhere. Past rentals and payments stay in our records without your name. You cannot delete your account
          while a rental is out or one of your pieces is rented; a booking not sent yet can be cancelled with it,
          refunded in full.
        </p>
        <PlanTermNote />
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="danger" className="mt-5">
              Delete my account
            </Button>
          </DialogTrigger>
          {open && <DeleteDialog />}
        </Dialog>
      </div>
    </SettingsSection>
  );
}

function DeleteDialog() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [blocked, setBlocked] = useState<string | undefined>();
  // Her bookings not sent yet, when they are all that stands in the way: offered to cancel with the deletion.
  const [unsent, setUnsent] = useState<UnsentReservation[] | null>(null);

  const submit = async (e: FormEvent, cancelReservations = false) => {
    e.preventDefault();
    setFieldError(undefined);
    setBlocked(undefined);
    if (!password) {
      setFieldError('Enter your password');
      return;
    }
    try {
      await remove.mutateAsync({ password, ...(cancelReservations ? { cancelReservations: true } : {}) });
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'FORBIDDEN') setFieldError(err.message);
      else if (err instanceof ApiClientError && err.code === 'CONFLICT' && onlyUnsent(err.details))
        setUnsent(err.details.unsentReservations as UnsentReservation[]);
      else setBlocked(err instanceof Error ? err.message : 'Your account could not be deleted. Please try again.');
      return;
    }
    // Leave the member pages first, so the login gate does not send us to /login.
    await navigate(paths.home, { replace: true });
    queryClient.clear();
    clearMemberLocalState();
    await session.refetch();
    toast('Your account has been deleted', { description: 'Thank you for wearing Rentique.' });
  };

  return (
    <DialogContent
      title="Delete your account?"
      description="This cannot be undone. Enter your password to confirm it is you."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-5" aria-label="Delete your account">
        {blocked && (
          <p
            role="alert"
            className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
          >
            {blocked}
          </p>
        )}
        {unsent && (
          <div
            role="alert"
            className="rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-ink"
            data-testid="unsent-offer"
          >
            <p className="font-medium">
              {unsent.length === 1
                ? 'You have a booking we have not sent yet:'
                : `You have ${unsent.length} bookings we have not sent yet:`}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {unsent.map((r) => (
                <li key={r.rentalId}>
                  {r.name}, starting {formatDate(r.startDate)}:{' '}
                  {r.coveredByPlan
                    ? 'included in your plan, nothing to refund'
                    : r.refundCents > 0
                      ? `${formatCents(r.refundCents)} refunded in full to your card`
                      : 'nothing was charged'}
                </li>
              ))}
            </ul>
            <p className="mt-2">Cancel {unsent.length === 1 ? 'it' : 'them'} and delete your account?</p>
          </div>
        )}
        <Field label="Password" error={fieldError}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Keep my account</Button>
          </DialogClose>
          {unsent ? (
            <Button type="button" variant="danger" disabled={remove.isPending} onClick={(e) => void submit(e, true)}>
              {remove.isPending
                ? 'Deleting...'
                : unsent.length === 1
                  ? 'Cancel the booking and delete'
                  : 'Cancel the bookings and delete'}
            </Button>
          ) : (
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          )}
        </div>
      </form>
    </DialogContent>
  );
}
