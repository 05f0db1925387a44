/** Request headers the web client sends on every call (spec section 7). */
export const HEADER_LANG = 'x-lang-type';
export const HEADER_CURRENCY = 'x-price-type';
export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';
/** Client request timeout (spec section 7). */
export const REQUEST_TIMEOUT_MS = 15_000;
