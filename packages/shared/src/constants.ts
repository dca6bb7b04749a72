// Every business number of the shop lives here once, so the web app, the API and the tests
// cannot drift apart (docs/product.md#business-rules).

// Cart and shipping
export const FREE_SHIPPING_THRESHOLD = 80000;
export const SHIPPING_FEE = 3990;
export const QTY_MIN = 1;
/**
 * Units of one product per cart line and per order: the stepper clamps between QTY_MIN and this
 * (docs/product.md), so a company can buy 20 keyboards. The API's ORDER_MAX_UNITS_PER_PRODUCT may
 * lower it, never raise it; hoarding is bounded by the unpaid-order limits and expiry (decision 013).
 */
export const QTY_MAX = 99;
/** Unpaid guest orders one e-mail (or one client) may hold at a time, by default. */
export const GUEST_UNPAID_ORDERS_MAX = 3;
/** Interest-free installments (CUOTAS_SIN_INTERES_MAX): 0 is off, else from MIN to LIMIT. */
export const CUOTAS_SIN_INTERES_MIN = 2;
export const CUOTAS_SIN_INTERES_LIMIT = 48;

// Catalogue and content
export const FEATURED_PRODUCTS = 4;
export const BLOG_PAGE_SIZE = 6;
/** The admin product table flags stock at or below this number. */
export const LOW_STOCK_MAX = 5;
/** The dashboard counts as critical only stock strictly below this number. */
export const CRITICAL_STOCK_BELOW = 5;
export const WARRANTY_MONTHS = 6;
/** Products suggested while the shopper types, and the close catalogue term when none match. */
export const SUGGESTIONS_MAX = 8;
/** Shorter texts suggest nothing: one letter matches half the catalogue. */
export const SUGGESTIONS_Q_MIN = 2;

// Timings, in milliseconds
export const TOAST_DEFAULT_MS = 3400;
export const UNDO_TOAST_MS = 3500;
export const REGISTER_TOAST_MS = 2600;
export const REGISTER_REDIRECT_MS = 1200;

// Form limits, in characters
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 10;
export const EMAIL_MAX = 100;
export const NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 500;
export const SUPPORT_DESCRIPTION_MIN = 10;
export const SUPPORT_DESCRIPTION_MAX = 600;

// Browser storage
export const STORAGE_KEYS = {
  token: 'nexbyte_token',
  user: 'nexbyte_user',
  cart: 'nexbyte_cart',
} as const;
export const AUTH_CHANGE_EVENT = 'auth-change';

// Arma tu PC (docs/product.md#arma-tu-pc)
/** The recommended power supply is the build's estimated draw plus this share, in percent… */
export const PSU_MARGIN_PERCENT = 30;
/** …rounded up to the next multiple of this many watts, the steps power supplies come in. */
export const PSU_STEP_W = 50;
