import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { isDiscountPopupSeen, markDiscountPopupSeen } from '../lib/discount-flag';
import { DISCOUNT_POPUP_DELAY_MS } from '../lib/timings';

// The dialog (and Radix) loads shortly before it opens, keeping the home page's first load small.
// Not React.lazy: a lazy component suspends once even when its code is already here, and React
// throttles revealing suspended content by up to 300 ms, which made the popup late.
const loadDialog = () => import('./discount-dialog');
type DialogComponent = ComponentType<{ open: boolean; onDismiss: () => void; percent: number }>;
/** How long before the popup is due its code is fetched, so it opens on time. */
const PRELOAD_LEAD_MS = 800;

// Whether the document's first page has already used the document's load as its start.
let documentStartUsed = false;

// On a slow device this code arrives when the popup is nearly due (the page's first load is
// counted from the navigation's start): its dialog is fetched now, while the page hydrates, not
// after, when it would make the popup late by a round trip.
if (
  typeof window !== 'undefined' &&
  performance.now() > DISCOUNT_POPUP_DELAY_MS - PRELOAD_LEAD_MS &&
  !isDiscountPopupSeen()
)
  void loadDialog();

/** True when `path` (path and query) is the page this document was opened on, not one reached inside the app. */
function isDocumentPage(path: string): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const url = new URL(entry?.name || location.href);
  return url.pathname + url.search === path;
}

/**
 * How long from now until the popup is due. On the page the document opened with, "after load"
 * counts from the navigation's start (performance.now() is 0 there), not from when the app
 * hydrated, which came 0.5-1 s later and made the popup appear at 2.8 s. After a navigation
 * inside the app it counts from the page's arrival.
 */
export function discountPopupWait(delayMs: number, firstPageOfDocument: boolean, now = performance.now()): number {
  return firstPageOfDocument ? Math.max(0, delayMs - now) : delayMs;
}

/**
 * The discount popup's rules: it opens `delayMs` after the page loads unless this browser has
 * seen it already, and never for a signed-in member. `signedIn` is undefined while the session is
 * still being read (the popup waits for the answer). Dismissing it any way sets the seen flag.
 */
export function DiscountPopup({
  signedIn,
  percent,
  delayMs = DISCOUNT_POPUP_DELAY_MS,
}: {
  signedIn: boolean | undefined;
  /** What the server's booking takes off a first rental (WELCOME_OFFER_PERCENT; 0: no offer). */
  percent: number;
  delayMs?: number;
}) {
  // Read once per visit: a popup dismissed in another tab does not reopen this one either.
  const [seenAtLoad] = useState(isDiscountPopupSeen);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [DiscountDialog, setDiscountDialog] = useState<DialogComponent | null>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (seenAtLoad) return;
    const first = !documentStartUsed && isDocumentPage(pathname + search);
    documentStartUsed = true;
    const wait = discountPopupWait(delayMs, first);
    // The dialog's code (a few KB from our own origin) is fetched just before it is due, so it
    // never counts against the page's first load and still opens on time.
    let live = true;
    const preload = window.setTimeout(
      () => {
        void loadDialog().then((m) => live && setDiscountDialog(() => m.default));
      },
      Math.max(0, wait - PRELOAD_LEAD_MS),
    );
    const show = window.setTimeout(() => setDue(true), wait);
    return () => {
      live = false;
      window.clearTimeout(preload);
      window.clearTimeout(show);
    };
    // The location is read once, at mount: the timer belongs to this visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seenAtLoad, delayMs]);

  // No welcome offer (WELCOME_OFFER_PERCENT=0), no popup promising one.
  const open = percent > 0 && due && !dismissed && signedIn === false && !isDiscountPopupSeen();
  // Until its code has arrived the popup waits (on a slow link it opens as soon as it has).
  if ((!open && !dismissed) || !DiscountDialog) return null;
  return (
    <DiscountDialog
      open={open}
      percent={percent}
      onDismiss={() => {
        markDiscountPopupSeen();
        setDismissed(true);
      }}
    />
  );
}
