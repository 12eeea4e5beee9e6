/** Business constants of spec sections 4 and 9. */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
/** Access-token lifetime, hours. */
export const ACCESS_TOKEN_LIFETIME_HOURS = 24;
/** Renew when the token expires within lifetime / 10 (2.4 h). */
export const TOKEN_REFRESH_THRESHOLD_MS = (ACCESS_TOKEN_LIFETIME_HOURS / 10) * 3_600_000;
export const REFRESH_TOKEN_LIFETIME_DAYS = 30;

export const NOTICE_MS = { default: 3000, error: 4000, warning: 4000 } as const;

export const DEBOUNCE_MS = 500;
export const DEBOUNCE_MAX_WAIT_MS = 5000;

export const PAGE_SIZE = { default: 30, attachments: 15, trucks: 10, lists: 10 } as const;

export const LIST_RELOAD_MS = 60_000;
export const KIOSK_ADVANCE_MS = 10_000;
export const KIOSK_FULL_RELOAD_TICKS = 100;

export const SHIPMENT_TYPE = { expedition: 1, reception: 2 } as const;

/**
 * The version a row is created with (If-Match / ETag counter). Changes a device queued behind
 * its own creation were made on the values it created, so they name this version.
 */
export const FIRST_VERSION = 1;

export const LOCALES = ["es", "en", "pt", "mx"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";
/** Locales that survive a reload; mx is chosen per session (spec section 4). */
export const STORED_LOCALES: readonly Locale[] = ["es", "en", "pt"];

export const DATE_DISPLAY_FORMAT = "dd/LL/yyyy HH:mm";
export const DATE_FILTER_FORMAT = "yyyy-LL-dd'T'HH:mm";
