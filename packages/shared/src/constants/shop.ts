/** Business constants of docs/requirements.md, Constants, one source for server and web. */
export const PAGE_SIZE = 120;
export const MAX_PAGE_SIZE = 120;
export const NEWEST_CAROUSEL_SIZE = 6;
export const CAROUSEL_INTERVAL_MS = 5_000;
export const PAGINATION_BUTTONS = 5;
export const CATEGORY_CACHE_MS = 5 * 60_000;
export const CART_CACHE_MS = 2 * 60_000;
export const FAVORITES_CACHE_MS = 2 * 60_000;
export const CODE_RESEND_SECONDS = 60;
export const TOAST_TIMEOUT_MS = 3_000;
export const ORDER_ERROR_BANNER_MS = 5_000;
export const MAX_CART_LINES = 200;
export const CART_TOTAL_LINE_THRESHOLD = 10;
export const MIN_QUANTITY = 1;

export const CHAT_WARNING_MS = 270_000;
export const CHAT_COUNTDOWN_S = 30;
export const CHAT_END_MS = 300_000;
export const CHAT_RECONNECT_ATTEMPTS = 3;
export const CHAT_RECONNECT_DELAY_MS = 3_000;
export const CHAT_IMAGE_MAX_BYTES = 1_048_576;
export const CHAT_WINDOW = { width: 400, height: 500, margin: 20 } as const;

/** Free shipping threshold: one shop setting in USD minor units, converted for display. */
export const FREE_SHIPPING_THRESHOLD_USD_CENTS = 6_900;
export const RETURN_DAYS = 7;

/** Customization service (docs/requirements.md, Constants). */
export const CUSTOMIZATION = {
  designFeeUsd: [30, 75],
  printingUsdPerPiece: [1.2, 2.2],
  minimumPieces: 50,
  designDays: [2, 3],
  productionDays: [7, 15],
  shippingDays: [2, 5],
  standardCubeCm: 5.7,
  printDpi: 1440,
  minImageDpi: 300,
  fileFormats: ['JPG', 'PNG', 'PDF'],
} as const;

/** Claims the shop makes in its copy (docs/requirements.md, The shop). */
export const SHOP_CLAIMS = {
  supplyChainYears: 10,
  skusInStock: 3000,
  brandAuthorizations: 50,
  founded: 2005,
  years: 19,
  clients: 1000,
  countries: 50,
  productTypes: 500,
  technicians: 200,
} as const;
