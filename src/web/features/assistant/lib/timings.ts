/** docs/product.md, Messages and timings: the assistant's reply appears this long after a message is sent (or when the server answers, if later). */
export const ASSISTANT_REPLY_DELAY_MS = 1000;
