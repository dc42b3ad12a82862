import { ShoppingBag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
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
}

/**
 * Add to Cart on /item/{id}: books the piece (busy state), says 'Added to Cart!' and goes to the
 * dashboard after 1.5 s. A piece the member already has out shows 'Already Rented', disabled.
 */
export function AddToCartButton({ itemId, selectedSize: size, startDate, endDate, label = 'Add to Cart', className, disabled, ...rest }: AddToCartProps) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const rentals = useRentals({ enabled: !!session });
  const book = useBookRental();
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const alreadyRented = !added && !!rentals.data?.rentals.some((r) => r.itemId === itemId);
  const busy = book.isPending || added;

  const onClick = () => {
    if (!session) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    if (!size) {
      toast.error('Choose a size', { description: 'Pick your size before adding the piece.' });
      return;
    }
    book.mutate(
      { itemId, size: size as never, ...(startDate && endDate ? { startDate, endDate } : {}) },
      {
        onSuccess: (rental) => {
          setAdded(true);
          toast.success(RENTAL_MESSAGES.added, { description: `Due back ${formatDate(rental.returnDate)}.` });
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
  return (
    <Button size="lg" className={className} onClick={onClick} disabled={disabled || busy} aria-busy={book.isPending} {...rest}>
      <ShoppingBag aria-hidden="true" />
      {book.isPending ? 'Adding…' : added ? 'Added to Cart!' : label}
    </Button>
  );
}
