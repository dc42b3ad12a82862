import { CalendarDays, Hourglass, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BookingRequest, LendingAction } from '@domain/lending';
import { REQUEST_STATUS_LABELS } from '@domain/lending.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { useRequestAction } from '../api/request-action';
import { ACTION_LABELS, STAGE_LABELS, hoursLeft, lendingPaths } from '../lib/lending-text';
import { WithdrawRequest } from './withdraw-request';
import { CancelAccepted, CancelledByLender } from './cancel-accepted';

/** One request, as the lender or the renter sees it: the piece, the dates, where it stands, what she can do now. */
export function RequestCard({
  request: r,
  showThreadLink = true,
}: {
  request: BookingRequest;
  showThreadLink?: boolean;
}) {
  const lender = r.role === 'lender';
  const other = lender ? r.renterName : r.lenderName;
  const pending = r.status === 'pending';
  const hours = hoursLeft(r.expiresAt);
  return (
    <article
      aria-label={`${r.item.name}, ${lender ? `requested by ${other}` : `from ${other}`}`}
      className="rounded-md border border-linen/80 bg-ivory p-4 shadow-soft sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-6">
        <Link to={`/item/${r.item.id}`} className="flex min-w-0 flex-1 items-center gap-4">
          <img
            src={r.item.imageUrl}
            alt=""
            className="size-20 shrink-0 rounded-sm bg-sand object-cover sm:size-24"
            loading="lazy"
          />
          <div className="min-w-0">
            <p className="eyebrow">{r.item.brand}</p>
            <h3 className="mt-1 truncate font-display text-xl leading-tight sm:text-2xl">{r.item.name}</h3>
            <p className="mt-1 text-sm text-taupe">
              Size {r.size} ·{' '}
              {lender
                ? `${other} · you earn ${formatCents(r.lenderShareCents)}`
                : `Lent by ${other} · ${formatCents(r.priceCents)}`}
            </p>
            <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-taupe">
              <CalendarDays className="size-4" aria-hidden="true" />
              <span>
                <time dateTime={r.startDate}>{formatDate(r.startDate)}</time> –{' '}
                <time dateTime={r.returnDate}>{formatDate(r.returnDate)}</time> ·{' '}
                {r.handoff === 'pickup' ? 'Collected in person' : 'Delivered'}
              </span>
            </p>
          </div>
        </Link>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <div className="flex flex-wrap items-center gap-2">
            <Badge
              tone={r.cancelledBy ? 'sand' : r.status === 'accepted' ? 'success' : pending ? 'clay' : 'sand'}
              data-testid="request-status"
            >
              {r.cancelledBy === 'lender'
                ? 'Cancelled by the lender'
                : r.cancelledBy
                  ? 'Cancelled'
                  : REQUEST_STATUS_LABELS[r.status]}
            </Badge>
            {r.status === 'accepted' && !r.cancelledBy && <Badge tone="outline">{STAGE_LABELS[r.stage]}</Badge>}
          </div>
          {pending && (
            <p className="inline-flex items-center gap-1.5 text-sm text-taupe" data-testid="countdown">
              <Hourglass className="size-4 text-clay" aria-hidden="true" />
              {lender ? `Answer within ${hours} h` : `She has ${hours} h to answer`}
            </p>
          )}
        </div>
      </div>
      {!lender && r.cancelledBy === 'lender' && <CancelledByLender request={r} />}
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-linen/70 pt-4">
        <RequestActions request={r} />
        {showThreadLink && (
          <Button asChild size="sm" variant="ghost" className="ml-auto">
            <Link
              to={lendingPaths.thread(r.rentalId)}
              aria-label={`Messages with ${other} about ${r.item.name}${r.unreadMessages ? `, ${r.unreadMessages} unread` : ''}`}
            >
              <MessageCircle aria-hidden="true" /> Messages
              {r.unreadMessages > 0 && <Badge tone="clay">{r.unreadMessages}</Badge>}
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}

/** The buttons of what she can do now (the server refuses the rest); withdrawing asks first. */
export function RequestActions({ request: r }: { request: BookingRequest }) {
  const act = useRequestAction();
  if (r.actions.length === 0) return null;
  const run = (action: LendingAction) =>
    act
      .mutateAsync({ request: r, action })
      .then(() => toast.success(ACTION_LABELS[action].done, { description: r.item.name }), alreadyShown);
  return (
    <div className="flex flex-wrap gap-2">
      {r.actions.map((action) =>
        action === 'withdraw' ? (
          <WithdrawRequest key={action} request={r} />
        ) : action === 'cancel' ? (
          <CancelAccepted key={action} request={r} />
        ) : (
          <Button
            key={action}
            size="sm"
            variant={action === 'decline' ? 'outline' : action === 'accept' ? 'accent' : 'primary'}
            disabled={act.isPending}
            aria-label={`${ACTION_LABELS[action].label}: ${r.item.name}`}
            onClick={() => void run(action)}
          >
            {act.isPending && act.variables?.action === action
              ? ACTION_LABELS[action].busy
              : ACTION_LABELS[action].label}
          </Button>
        ),
      )}
    </div>
  );
}
