import { LOCAL_KEYS } from '../../../lib/local-state';

/** Whether this browser has already seen (and dismissed) the discount popup. */
export function isDiscountPopupSeen(): boolean {
  try {
    return window.localStorage.getItem(LOCAL_KEYS.discountPopupSeen) === 'true';
  } catch {
    return false; // storage unavailable: showing the popup once per visit is harmless
  }
}

/** Remembers that the popup was seen, so it never shows again in this browser. */
export function markDiscountPopupSeen(): void {
  try {
    window.localStorage.setItem(LOCAL_KEYS.discountPopupSeen, 'true');
  } catch {
    // storage unavailable (private mode): nothing to remember
  }
}
