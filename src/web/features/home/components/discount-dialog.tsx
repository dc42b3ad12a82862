import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { OFFER_MESSAGES } from '@domain/offers.rules';

/**
 * The welcome offer (docs/product.md, "Offers"): what it covers is said here, as the booking applies
 * it (decision 0056). Radix Dialog traps focus and closes on Escape; every way out (the two
 * buttons, the close button, Escape, a click outside) goes through `onDismiss`.
 */
export function DiscountDialog({
  open,
  onDismiss,
  percent,
}: {
  open: boolean;
  onDismiss: () => void;
  /** What the server's booking takes off (WELCOME_OFFER_PERCENT): the popup promises no more. */
  percent: number;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()}>
      <DialogContent
        title={`${percent}% off your first rental`}
        description={OFFER_MESSAGES.welcomePopupDetail(percent)}
        className="flex max-w-md flex-col text-center sm:p-10"
      >
        <p className="eyebrow order-first mb-4 text-clay" aria-hidden="true">
          A welcome from the atelier
        </p>
        <div className="mx-auto my-7 h-px w-16 bg-gold" aria-hidden="true" />
        <div className="flex flex-col gap-3">
          <Button asChild size="lg">
            <Link to={paths.signup} onClick={onDismiss}>
              Create Your Account Now
            </Link>
          </Button>
          <DialogClose asChild>
            <Button variant="ghost">Maybe Later</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export default DiscountDialog;
