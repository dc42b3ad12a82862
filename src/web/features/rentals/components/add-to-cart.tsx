import { CreditCard, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PickupOption } from '@domain/plans.rules';
import { toast } from 'sonner';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cardRefusal } from '../../../lib/card-error-toast';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { formatDate } from '../../../lib/format';
import { useBookRental } from '../api/book-rental';
import { useRentals } from '../api/get-rentals';

/** The wait between 'Added to Cart!' and the dashboard (docs/product.md, Renting: 1.5 s). */
export const ADD_TO_CART_REDIRECT_MS = 1500;

interface AddToCartProps extends Omit<ButtonProps, 'onClick' | 'size'> {
  itemId: number;
  /** The chosen size; without one the button asks for it. */
  selectedSize: string | null;
  /** The range chosen on /browse (end exclusive); 7 days from today when absent. */
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  /** The resting label: 'Add to Cart' on /item/{id}, 'Rent Now' on the static pages. */
  label?: string;
  /** How it reaches her (her saved choice when absent), and the studio for a pickup. */
  delivery?: PickupOption | undefined;
  studioId?: number | undefined;
  /** Set when she has no card for a pay-per-item rental: the button reads 'Add a card to rent' and goes there. */
  addCardHref?: string | null | undefined;
  /** A second size held with it at no charge (decision 0034). */
  backupSize?: string | null | undefined;
}

/**
 * Add to Cart on /item/{id}: books the piece (busy state), says 'Added to Cart!' and goes to the
 * dashboard after 1.5 s. A piece the member already has out shows 'Already Rented', disabled. A
 * booking refused for its card says why right under the button too (the toast goes away, and on
 * a phone the top of the page is out of sight), with the way to change it.
 */
export function AddToCartButton({
  itemId,
  selectedSize: size,
  startDate,
  endDate,
  label = 'Add to Cart',
  delivery,
  studioId,
  addCardHref,
  backupSize,
  className,
  disabled,
  ...rest
}: AddToCartProps) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const rentals = useRentals({ enabled: !!session });
  const book = useBookRental();
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refusalId = useId();
  const refusal = book.isError ? cardRefusal(book.error, paths.item(itemId)) : undefined;
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // The reason appears under the button: bring it on screen when the button sits at the bottom of a phone's.
  const refused = refusal !== undefined;
  useEffect(() => {
    if (refused) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refused]);
  const alreadyRented =
    !added && !book.isPending && !book.isSuccess && !!rentals.data?.rentals.some((r) => r.itemId === itemId);
  const busy = book.isPending || added;

  const onClick = () => {
    if (!session) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    if (!size) {
      toast.error('Choose a size', {
        description: 'Pick your size before adding the piece.',
      });
      return;
    }
    book.mutate(
      {
        itemId,
        size: size as never,
        ...(startDate && endDate ? { startDate, endDate } : {}),
        ...(delivery ? { delivery } : {}),
        ...(delivery === 'in-store' && studioId ? { studioId } : {}),
        ...(backupSize && backupSize !== size ? { backupSize: backupSize as never } : {}),
      },
      {
        onSuccess: (rental) => {
          setAdded(true);
          toast.success(RENTAL_MESSAGES.added, {
            description: `Due back ${formatDate(rental.returnDate)}.`,
          });
          timer.current = setTimeout(() => void navigate(paths.dashboard), ADD_TO_CART_REDIRECT_MS);
        },
      },
    );
  };

  if (alreadyRented) {
    return (
      <Button size="lg" className={className} disabled {...rest}>
        {RENTAL_MESSAGES.alreadyRented}
      </Button>
    );
  }
  if (addCardHref && !added) {
    return (
      <Button size="lg" className={className} asChild>
        <Link to={addCardHref}>
          <CreditCard aria-hidden="true" />
          {RENTAL_MESSAGES.addCard}
        </Link>
      </Button>
    );
  }
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <Button
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={disabled || busy}
        aria-busy={book.isPending}
        aria-describedby={refusal ? refusalId : undefined}
        {...rest}
      >
        <ShoppingBag aria-hidden="true" />
        {book.isPending ? 'Adding…' : added ? 'Added to Cart!' : label}
      </Button>
      {refusal && (
        <p
          ref={refusalRef}
          id={refusalId}
          role="alert"
          className="rounded-sm border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger"
          data-testid="booking-refusal"
        >
          <span className="font-medium">{refusal.message}</span> Nothing was booked.{' '}
          <Link to={refusal.action.url} className="font-medium whitespace-nowrap text-ink underline underline-offset-4">
            {refusal.action.label}
          </Link>
        </p>
      )}
    </div>
  );
}
