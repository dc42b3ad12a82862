/**
 * The few things the web app keeps in localStorage (the server holds everything that matters).
 * Sign-out clears all of them except the discount popup's "seen" flag.
 */
export const LOCAL_KEYS = {
  discountPopupSeen: 'rentique.discountPopupSeen',
  user: 'user',
  selectedPlan: 'selectedPlan',
  pickupOption: 'pickupOption',
  paymentStatus: 'paymentStatus',
  authenticated: 'isAuthenticated',
} as const;

export function clearMemberLocalState(): void {
  try {
    for (const [name, key] of Object.entries(LOCAL_KEYS)) {
      if (name !== 'discountPopupSeen') window.localStorage.removeItem(key);
    }
    window.sessionStorage.clear();
  } catch {
    // storage may be unavailable (private mode); nothing to clear then
  }
}
