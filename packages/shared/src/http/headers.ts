/** Request headers the web client sends on every call (docs/requirements.md, API). */
export const HEADER_LANG = 'x-lang-type';
export const HEADER_CURRENCY = 'x-price-type';
export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';
/** Client request timeout (docs/requirements.md, API). */
export const REQUEST_TIMEOUT_MS = 15_000;
