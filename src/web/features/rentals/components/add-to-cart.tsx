import { CreditCard, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useActionData, useLocation, useNavigate } from 'react-router';
import { isSize } from '@domain/catalogue.rules';
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
import type { AddToCartRefused } from '../lib/add-to-cart-action';
import { CHOOSE_SIZE } from '../lib/booking-refusal';

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
  /** The promo code she applied (decision 0056). */
  code?: string | null | undefined;
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
  code,
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
  // Before the app ran, the item page's action answered the form with the reason (addToCartAction).
  const actionData = useActionData<AddToCartRefused | undefined>();
  const serverRefusal = book.isIdle && actionData && 'refusal' in actionData ? actionData.refusal : undefined;
  const cardProblem = book.isError ? cardRefusal(book.error, paths.item(itemId)) : undefined;
  const refusal = cardProblem
    ? { title: cardProblem.title, description: cardProblem.message, action: cardProblem.action }
    : serverRefusal;
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // The reason appears under the button: bring it on screen when the button sits at the bottom of a phone's.
  const refused = refusal !== undefined;
  useEffect(() => {
    if (refused) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refused]);
  const alreadyRented =
    !added && !book.isPending && !book.isSuccess && !!rentals.data?.rentals.some((r) => r.itemId === itemId);
  const busy = book.isPending || added;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!session) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    if (!size || !isSize(size)) {
      toast.error(CHOOSE_SIZE.title, { description: CHOOSE_SIZE.description });
      return;
    }
    book.mutate(
      {
        itemId,
        size,
        ...(startDate && endDate ? { startDate, endDate } : {}),
        ...(delivery ? { delivery } : {}),
        ...(delivery === 'in-store' && studioId ? { studioId } : {}),
        ...(backupSize && backupSize !== size && isSize(backupSize) ? { backupSize } : {}),
        ...(code ? { code } : {}),
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
  // Before the app runs the form posts to the item page's action, which books the same way (issue 32).
  const query = new URLSearchParams({
    ...(size ? { size } : {}),
    ...(startDate && endDate ? { from: startDate, to: endDate } : {}),
    ...(code ? { code } : {}),
  }).toString();
  return (
    <form
      method="post"
      action={query ? `${paths.item(itemId)}?${query}` : paths.item(itemId)}
      onSubmit={onSubmit}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      {size && <input type="hidden" name="size" value={size} />}
      {code && <input type="hidden" name="code" value={code} />}
      {startDate && endDate && (
        <>
          <input type="hidden" name="startDate" value={startDate} />
          <input type="hidden" name="endDate" value={endDate} />
        </>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
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
          {!cardProblem && <span className="block font-medium">{refusal.title}</span>}
          <span className="font-medium">{refusal.description}</span>
          {refusal.description.endsWith('Nothing was booked.') ? '' : ' Nothing was booked.'}
          {refusal.action && (
            <>
              {' '}
              <Link
                to={refusal.action.url}
                className="font-medium whitespace-nowrap text-ink underline underline-offset-4"
              >
                {refusal.action.label}
              </Link>
            </>
          )}
        </p>
      )}
    </form>
  );
}
