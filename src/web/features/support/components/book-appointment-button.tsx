import { CalendarPlus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { onIntent } from '../../../lib/intent';

// The dialog (calendar, form) loads when first wanted.
const loadDialog = () => import('./booking-dialog');
const BookingDialog = lazy(() => loadDialog().then((m) => ({ default: m.BookingDialog })));

/**
 * 'Book Appointment': opens our booking dialog for a member; a visitor is sent to sign in first
 * and comes back here. Focus returns to this button when the dialog closes (Radix).
 */
export function BookAppointmentButton({ children, ...props }: Omit<ButtonProps, 'onClick'>) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        {...props}
        ref={buttonRef}
        aria-haspopup="dialog"
        {...onIntent(loadDialog)}
        onClick={() => {
          if (!session) {
            void navigate(paths.login, { state: { from: location } });
            return;
          }
          setWanted(true);
          setOpen(true);
        }}
      >
        {children ?? (
          <>
            <CalendarPlus aria-hidden="true" /> Book Appointment
          </>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <BookingDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
