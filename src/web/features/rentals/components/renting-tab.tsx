import { CalendarClock, PackageCheck, Receipt, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Rental } from '@domain/rentals';
import { LATE_FEE_STATUS_LABELS, RENTAL_MESSAGES, RENTAL_STATUS_LABELS } from '@domain/rentals.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { CancellationRefund, RentalCover } from '../../protection';
import { useCancelRental } from '../api/cancel-rental';
import { useExtendRental } from '../api/extend-rental';
import { useRentals } from '../api/get-rentals';
import { useMarkReceived } from '../api/mark-received';
import { useReturnRental } from '../api/return-rental';

/** The dashboard's Renting tab: pieces out or reserved, with return dates, damage cover, Extend and Return. */
export function RentingTab() {
  const { data, isPending, isError, refetch } = useRentals();
  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState title="Your rentals could not be loaded">
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (data.rentals.length === 0) {
    return (
      <>
        <EmptyState title="Nothing rented yet" icon={<ShoppingBag className="size-8" aria-hidden="true" />}>
          <p>Pieces you rent appear here with their return dates.</p>
          <Button asChild className="mt-5">
            <Link to={paths.browse}>Browse the collection</Link>
          </Button>
        </EmptyState>
        <OrdersLink />
      </>
    );
  }
  return (
    <>
      <ul className="space-y-4" aria-label="Your rentals">
        {data.rentals.map((r) => (
          <li key={r.id}>
            <RentalRow rental={r} />
          </li>
        ))}
      </ul>
      {data.rentals.some((r) => r.coveredByPlan) && (
        <p className="mt-4 text-sm text-taupe">{RENTAL_MESSAGES.returnKeepsAllowance}</p>
      )}
      <OrdersLink />
    </>
  );
}

function OrdersLink() {
  return (
    <p className="mt-6 text-sm">
      <Link
        to={paths.orders}
        className="inline-flex items-center gap-2 text-ink underline underline-offset-4 hover:text-taupe"
      >
        <Receipt className="size-4" aria-hidden="true" />
        Order history and receipts
      </Link>
    </p>
  );
}

function RentalRow({ rental }: { rental: Rental }) {
  const extend = useExtendRental();
  const giveBack = useReturnRental();
  const cancel = useCancelRental();
  const received = useMarkReceived();
  const [confirming, setConfirming] = useState(false);
  const [confirmingReturn, setConfirmingReturn] = useState(false);
  const busy = extend.isPending || giveBack.isPending || cancel.isPending || received.isPending;
  const can = (a: Rental['actions'][number]) => rental.actions.includes(a);
  const onCancel = () =>
    cancel.mutateAsync(rental.id).then((c) => {
      setConfirming(false);
      toast.success(RENTAL_MESSAGES.cancelled, {
        description: c.allowanceReturned
          ? RENTAL_MESSAGES.cancelledPlanBody
          : // A lender's policy may give back less than was paid (decision 0067): say what comes back.
            c.refundCents < rental.chargeCents
            ? `Your booking is cancelled. ${formatCents(c.refundCents)} goes back to your card, per the lender’s policy.`
            : c.refundCents > 0
              ? `${RENTAL_MESSAGES.cancelledBody} ${formatCents(c.refundCents)} goes back to your card.`
              : RENTAL_MESSAGES.cancelledBody,
      });
    }, alreadyShown);

  return (
    <article
      aria-label={rental.name}
      className="flex flex-col gap-4 rounded-md border border-linen/80 bg-ivory p-4 shadow-soft sm:flex-row sm:items-center sm:gap-6 sm:p-5"
    >
      <Link to={paths.item(rental.itemId)} className="flex min-w-0 flex-1 items-center gap-4">
        <img
          src={rental.imageUrl}
          alt=""
          className="size-20 shrink-0 rounded-sm bg-sand object-cover sm:size-24"
          loading="lazy"
        />
        <div className="min-w-0">
          <p className="eyebrow">{rental.brand}</p>
          <h3 className="mt-1 truncate font-display text-xl leading-tight sm:text-2xl">{rental.name}</h3>
          <p className="mt-1 text-sm text-taupe">
            Size {rental.size}
            {rental.backupSize ? ` (backup ${rental.backupSize})` : ''} ·{' '}
            {rental.chargeCents > 0 ? formatCents(rental.chargeCents) : 'Included in your plan'}
          </p>
        </div>
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
        <div className="flex items-center gap-2 text-sm">
          <Badge
            tone={
              rental.status === 'reserved' || rental.status === 'kept'
                ? 'outline'
                : rental.status === 'overdue'
                  ? 'clay'
                  : 'sand'
            }
            data-testid="rental-status"
          >
            {RENTAL_STATUS_LABELS[rental.status]}
          </Badge>
          {!rental.lateToDispatch && !rental.kept && (
            <span className="inline-flex items-center gap-1.5 text-taupe">
              <CalendarClock className="size-4" aria-hidden="true" />
              {rental.status === 'reserved' ? (
                // Never "Return by" alone for a piece she has not received: when it starts, then when it goes back.
                <span>
                  Starts <time dateTime={rental.startDate}>{formatDate(rental.startDate)}</time>, return by{' '}
                  <time dateTime={rental.returnDate} data-testid="return-date">
                    {formatDate(rental.returnDate)}
                  </time>
                </span>
              ) : (
                <span>
                  Return by{' '}
                  <time dateTime={rental.returnDate} data-testid="return-date">
                    {formatDate(rental.returnDate)}
                  </time>
                </span>
              )}
            </span>
          )}
        </div>
        {rental.kept && (
          <p className="text-xs text-taupe sm:text-right" data-testid="kept-line">
            Yours: bought {formatDate(rental.kept.at.slice(0, 10))} for {formatCents(rental.kept.priceCents)}. Nothing
            to send back.
          </p>
        )}
        {rental.lateToDispatch && <LateDispatchLine rental={rental} />}
        {/* Damage cover (decision 0064): Covered, or the form that adds it until the piece is sent. */}
        {rental.status !== 'cancelled' && rental.status !== 'kept' && (
          <RentalCover rentalId={rental.id} name={rental.name} />
        )}
        {rental.late && rental.late.days > 0 && <LateLine late={rental.late} />}
        <div className="flex flex-wrap gap-2">
          {/* Sent or received: she may report a problem (the page says when the window is over); not on a piece she bought. */}
          {rental.status !== 'reserved' && rental.status !== 'cancelled' && rental.status !== 'kept' && (
            <Button size="sm" variant="ghost" asChild>
              <Link to={paths.reportProblem(rental.id)} aria-label={`Report a problem with ${rental.name}`}>
                Report a problem
              </Link>
            </Button>
          )}
          {can('received') && (
            <Button
              size="sm"
              disabled={busy}
              aria-label={`I have received ${rental.name}`}
              onClick={() =>
                received
                  .mutateAsync(rental.id)
                  .then(
                    () => toast.success(RENTAL_MESSAGES.received, { description: `Enjoy ${rental.name}.` }),
                    alreadyShown,
                  )
              }
            >
              <PackageCheck aria-hidden="true" />
              {received.isPending ? 'Saving…' : 'I have received it'}
            </Button>
          )}
          {can('extend') && (
            <Button
              size="sm"
              variant="subtle"
              disabled={busy}
              aria-label={`Extend ${rental.name} by 7 days`}
              // mutateAsync, not mutate callbacks: the row may unmount when the list refreshes, and the toast must still show.
              onClick={() =>
                extend
                  .mutateAsync({
                    rentalId: rental.id,
                    returnDate: rental.returnDate,
                  })
                  .then(
                    (r) =>
                      toast.success(RENTAL_MESSAGES.extended, {
                        description: `Now due back ${formatDate(r.returnDate)}.`,
                      }),
                    alreadyShown,
                  )
              }
            >
              {extend.isPending ? 'Extending…' : 'Extend'}
            </Button>
          )}
          {rental.dispatchedAt && rental.handoff === 'delivery' && !rental.checkedInAt && (
            <Button asChild size="sm" variant="subtle">
              <Link to={paths.rentalParcels(rental.id)} aria-label={`Tracking and return label for ${rental.name}`}>
                Tracking &amp; return
              </Link>
            </Button>
          )}
          {rental.keepOffer && (
            // A link to Keep it's page (its form works before the app runs): the price, then Buy.
            <Button asChild size="sm" variant="subtle">
              <Link
                to={paths.keepIt(rental.id)}
                aria-label={`Keep ${rental.name} for ${formatCents(rental.keepOffer.priceCents)}`}
              >
                <ShoppingBag aria-hidden="true" />
                Keep it · {formatCents(rental.keepOffer.priceCents)}
              </Link>
            </Button>
          )}
          {can('cancel') && (
            <Dialog open={confirming} onOpenChange={(o) => !cancel.isPending && setConfirming(o)}>
              <DialogTrigger asChild>
                <Button size="sm" variant="outline" disabled={busy} aria-label={`Cancel ${rental.name}`}>
                  Cancel
                </Button>
              </DialogTrigger>
              <DialogContent
                title="Cancel this booking?"
                description={`${rental.name} has not been sent to you yet, so you can cancel it.`}
              >
                <p
                  className="mt-4 rounded-sm border border-linen bg-paper px-4 py-3 text-sm font-medium text-ink"
                  data-testid="cancel-refund"
                >
                  {/* A member's piece follows its lender's cancellation policy (decision 0067). */}
                  {rental.chargeCents > 0 && !rental.coveredByPlan ? (
                    <CancellationRefund rentalId={rental.id} fallback={refundText(rental)} />
                  ) : (
                    refundText(rental)
                  )}
                </p>
                <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <DialogClose asChild>
                    <Button variant="ghost" disabled={cancel.isPending}>
                      Keep booking
                    </Button>
                  </DialogClose>
                  <Button onClick={() => void onCancel()} disabled={cancel.isPending} aria-busy={cancel.isPending}>
                    {cancel.isPending ? 'Cancelling…' : 'Cancel booking'}
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          )}
          {can('return') && (
            <Dialog open={confirmingReturn} onOpenChange={(o) => !giveBack.isPending && setConfirmingReturn(o)}>
              <DialogTrigger asChild>
                <Button size="sm" variant="outline" disabled={busy} aria-label={`Return ${rental.name}`}>
                  Return
                </Button>
              </DialogTrigger>
              <DialogContent
                title={`Return ${rental.name}?`}
                description={`${RENTAL_MESSAGES.returnConfirm}${rental.coveredByPlan ? ' Its place in your plan this month stays used.' : ''}`}
              >
                <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <DialogClose asChild>
                    <Button variant="ghost" disabled={giveBack.isPending}>
                      Not yet
                    </Button>
                  </DialogClose>
                  <Button
                    disabled={giveBack.isPending}
                    aria-busy={giveBack.isPending}
                    onClick={() =>
                      void giveBack.mutateAsync(rental.id).then(() => {
                        setConfirmingReturn(false);
                        toast.success(RENTAL_MESSAGES.returned, {
                          description: `${rental.name} is on its way back to us.`,
                        });
                      }, alreadyShown)
                    }
                  >
                    {giveBack.isPending ? 'Returning…' : 'I have sent it back'}
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          )}
        </div>
      </div>
    </article>
  );
}

/** What cancelling gives back: the full charge to her card, or the plan's place. */
function refundText(rental: Rental): string {
  if (rental.coveredByPlan) return 'Nothing was charged: the piece goes back to your plan for this month.';
  if (rental.chargeCents > 0)
    return `You get ${formatCents(rental.chargeCents)} back in full, to the card it was charged to.`;
  return 'Nothing was charged, so there is nothing to refund.';
}

/** A booking we have not sent by its start: no "Return by" a past date, but what happens now. */
function LateDispatchLine({ rental }: { rental: Rental }) {
  const late = rental.lateToDispatch!;
  return (
    <p className="max-w-xs text-xs leading-relaxed text-danger sm:text-right" data-testid="late-dispatch">
      <span className="font-semibold">Not sent yet: it was to start {formatDate(late.since)}.</span>
      <span className="block text-taupe">
        {RENTAL_MESSAGES.lateToDispatch} Cancel it for a full refund, or if we cannot send it by{' '}
        {formatDate(late.cancelsOn)} we cancel it and refund you in full.
      </span>
    </p>
  );
}

/** A late rental's line: the days late, the fee (so far, or as worked out at check-in) and the rule. */
function LateLine({ late }: { late: NonNullable<Rental['late']> }) {
  const soFar = late.status === 'accruing';
  return (
    <p className="max-w-xs text-xs leading-relaxed text-danger sm:text-right" data-testid="late-fee">
      <span className="font-semibold">
        {late.days} {late.days === 1 ? 'day' : 'days'} late · fee {soFar ? 'so far ' : ''}
        {formatCents(late.feeCents)}
      </span>
      {!soFar && <span className="text-taupe"> ({LATE_FEE_STATUS_LABELS[late.status]})</span>}
      <span className="block text-taupe">
        {formatCents(late.perDayCents)} a day (the weekly price / 7), at most {formatCents(late.capCents)}; charged to
        your card when we check it in.
      </span>
    </p>
  );
}
