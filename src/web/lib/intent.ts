/**
 * Handlers that start loading what a control opens when she reaches for it: the pointer comes over
 * it, a finger touches it, or the keyboard focuses it. Spread on the trigger; loading twice is the
 * loader's to make free (a dynamic import is fetched once).
 */
export function onIntent(load: () => Promise<unknown>) {
  const start = () => void load();
  return { onPointerEnter: start, onTouchStart: start, onFocus: start };
}
