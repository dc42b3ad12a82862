import { lazy, Suspense, useEffect, useState } from 'react';
import { isDiscountPopupSeen, markDiscountPopupSeen } from '../lib/discount-flag';
import { DISCOUNT_POPUP_DELAY_MS } from '../lib/timings';

// The dialog (and Radix) loads only when it is about to open, keeping the home page's first load small.
const DiscountDialog = lazy(() => import('./discount-dialog'));

/**
 * The discount popup's rules: it opens `delayMs` after the page loads unless this browser has
 * seen it already, and never for a signed-in member. `signedIn` is undefined while the session is
 * still being read (the popup waits for the answer). Dismissing it any way sets the seen flag.
 */
export function DiscountPopup({ signedIn, delayMs = DISCOUNT_POPUP_DELAY_MS }: { signedIn: boolean | undefined; delayMs?: number }) {
  // Read once per visit: a popup dismissed in another tab does not reopen this one either.
  const [seenAtLoad] = useState(isDiscountPopupSeen);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (seenAtLoad) return;
    // The dialog's code is fetched only when it is due (a few KB from our own origin), so it
    // never counts against the page's first load.
    const show = window.setTimeout(() => setDue(true), delayMs);
    return () => window.clearTimeout(show);
  }, [seenAtLoad, delayMs]);

  const open = due && !dismissed && signedIn === false && !isDiscountPopupSeen();
  if (!open && !dismissed) return null;
  return (
    <Suspense fallback={null}>
      <DiscountDialog
        open={open}
        onDismiss={() => {
          markDiscountPopupSeen();
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
