/** docs/product.md, Messages and timings: the discount popup appears this long after the home page loads. */
export const DISCOUNT_POPUP_DELAY_MS = 2000;
/** docs/product.md, Messages and timings: the outfit carousel advances this often (paused on hover and keyboard focus). */
export const CAROUSEL_INTERVAL_MS = 5000;
