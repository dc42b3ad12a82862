import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { WAITLIST_MESSAGES } from '@domain/waitlist.rules';
import type { Size } from '@domain/catalogue';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { alreadyShown } from '../../../lib/error-toast';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useWaitlist } from '../api/get-waitlist';

/**
 * 'Join the waitlist' for a size sold out for her dates (the booking panel shows it instead of Add
 * to Cart). Once on the list for that size and start, it says so.
 */
export function JoinWaitlistButton({
  itemId,
  itemSize,
  startDate,
  endDate,
  className,
  ...props
}: { itemId: number; itemSize: Size; startDate: string; endDate: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const join = useJoinWaitlist();
  const waitlist = useWaitlist();
  const onList = !!waitlist.data?.entries.some(
    (e) => e.itemId === itemId && e.size === itemSize && e.startDate === startDate,
  );
  return (
    <Button
      size="lg"
      variant="outline"
      {...props}
      className={className}
      disabled={onList || join.isPending}
      onClick={() =>
        join
          .mutateAsync({ itemId, size: itemSize, startDate, endDate })
          .then(
            () => toast.success(WAITLIST_MESSAGES.joined, { description: WAITLIST_MESSAGES.joinedBody }),
            alreadyShown,
          )
      }
    >
      <BellRing aria-hidden="true" />
      {onList ? WAITLIST_MESSAGES.joined : join.isPending ? 'Joining…' : WAITLIST_MESSAGES.join}
    </Button>
  );
}
