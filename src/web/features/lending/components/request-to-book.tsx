import { CreditCard, Send, Zap } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isSize } from '@domain/catalogue.rules';
import { toast } from 'sonner';
import { LENDING_MESSAGES } from '@domain/lending.rules';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { alreadyShown } from '../../../lib/error-toast';
import { useSession } from '../../../lib/session';
import { useInstantBook } from '../../protection';
import { useRequestToBook } from '../api/request-to-book';
import { lendingPaths } from '../lib/lending-text';

/** What the item page's booking panel has chosen (the rentals feature's ChosenBooking). */
interface Booking {
  size: string | null;
  startDate: string | undefined;
  endDate: string | undefined;
  delivery: 'online' | 'in-store';
  studioId: number | undefined;
  addCardHref: string | null;
}

/**
 * 'Request to book' on a member's piece (docs/product.md, Lending): the dates are held and the
 * price authorised on her card; the lender has 48 hours to accept. Then to the request's page.
 * `instant` (decision 0068): 'Book instantly' on a lender's Instant Book piece for a renter who
 * meets its rule, accepted at once. `children` (the deposit, Instant Book's terms) go under it.
 */
export function RequestToBookButton({
  itemId,
  itemName,
  booking,
  className,
  instant = false,
  children,
}: {
  itemId: number;
  itemName: string;
  booking: Booking;
  className?: string;
  instant?: boolean;
  children?: ReactNode;
}) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const asked = useRequestToBook();
  const booked = useInstantBook();
  const request = instant ? booked : asked;
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = () => {
    if (!session) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    if (!booking.size || !isSize(booking.size)) {
      toast.error('Choose a size', { description: 'Pick your size before sending your request.' });
      return;
    }
    request
      .mutateAsync({
        itemId,
        size: booking.size,
        ...(booking.startDate && booking.endDate ? { startDate: booking.startDate, endDate: booking.endDate } : {}),
        delivery: booking.delivery,
        ...(booking.delivery === 'in-store' && booking.studioId ? { studioId: booking.studioId } : {}),
      })
      .then(
        (made) => {
          setSent(true);
          if (instant) toast.success('Booked', { description: `${itemName} is yours for your dates.` });
          else
            toast.success(LENDING_MESSAGES.requested, {
              description: `${made.lenderName.split(' ')[0]} has 48 hours to accept ${itemName}.`,
            });
          timer.current = setTimeout(() => void navigate(lendingPaths.thread(made.rentalId)), 1500);
        },
        (err: unknown) => {
          if (err instanceof ApiClientError && err.code === 'SOLD_OUT')
            toast.error(RENTAL_MESSAGES.soldOut, { description: 'Choose other dates.' });
          else alreadyShown();
        },
      );
  };

  return (
    <div className={className}>
      {booking.addCardHref && !sent ? (
        <Button size="lg" className="w-full" asChild>
          <Link to={booking.addCardHref}>
            <CreditCard aria-hidden="true" />
            {RENTAL_MESSAGES.addCard}
          </Link>
        </Button>
      ) : (
        <Button
          size="lg"
          className="w-full"
          onClick={onClick}
          disabled={request.isPending || sent}
          aria-busy={request.isPending}
        >
          {instant ? <Zap aria-hidden="true" /> : <Send aria-hidden="true" />}
          {request.isPending
            ? 'Sending…'
            : instant
              ? sent
                ? 'Booked'
                : 'Book instantly'
              : sent
                ? LENDING_MESSAGES.requested
                : LENDING_MESSAGES.requestButton}
        </Button>
      )}
      <p className="mt-2 text-xs leading-relaxed text-taupe">
        {instant ? 'Booked at once: your card is charged now, no request to wait for.' : LENDING_MESSAGES.requestRule}
      </p>
      {children}
    </div>
  );
}
