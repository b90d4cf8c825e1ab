/**
 * Business constants and limits (spec section 9, plus the few values of spec 4 and 7 and of
 * decision 002 that both the server and the dashboard must agree on).
 */

/** The dashboard's version, sent as the app version header on every call (spec 7). */
export const APP_VERSION = '1.21.1';

/** A token counts as valid only while it has at least this many seconds left (spec 4). */
export const MIN_TOKEN_TTL_SECONDS = 5;

/** The door list of a building is fetched with this limit (spec 7). */
export const DOOR_LIST_LIMIT = 250;

/** Requests have no timeout by default; 0 means "none", as in the HTTP clients that take this value. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 0;

/** Base path of the REST API (spec 7). */
export const API_BASE_PATH = '/api/v4';

/** Header names of decision 002: CSRF guard on writes, client version on every call. */
export const CSRF_HEADER_NAME = 'x-csrf-token';
export const APP_VERSION_HEADER_NAME = 'x-app-version';

/**
 * Names fixed by the browser token client `@weareyipyip/multitab-token-refresh` (spec 4 and 9):
 * the localStorage key holding the tokens, the BroadcastChannel telling other tabs about login and
 * logout, and the Web Lock that serialises refreshes across tabs.
 */
export const AUTH_STATUS_STORAGE_KEY = 'authStatus';
export const CROSS_TAB_CHANNEL_NAME = 'multitab-token-refresh-channel';
export const TOKEN_ACCESS_LOCK_NAME = 'multitab-token-access-lock';

/** The error raised when the session cannot be refreshed (spec 4 and 8). */
export const LOGGED_OUT_ERROR_MESSAGE = 'Logged out';

/** Below this width the side navigation becomes a slide-in panel (spec 2). */
export const WIDE_SCREEN_BREAKPOINT_PX = 960;

/** Toasts clear themselves after this long (spec 4). */
export const TOAST_LIFETIME_MS = 3600;
/** A navigation clears a toast only once it has been shown this long, so the route change that raised it does not. */
export const TOAST_CLEAR_ON_NAVIGATION_ARM_MS = 1000;
export const TOAST_ANIMATION_MS = 350;
export const NAV_SLIDE_ANIMATION_MS = 800;

/** Default entry schedule window: today 00:00 to tomorrow 23:59 (spec 3 and 9). */
export const DEFAULT_ENTRY_SCHEDULE_WINDOW = {
  startTime: '00:00',
  endTime: '23:59',
  /** The end date is this many days after the start date. */
  endDateOffsetDays: 1,
} as const;

/** Length limits for new passwords; the maximum bounds the cost of hashing one. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The dashboard's languages; the first is the default. */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const ELLIPSIS = '...';

/**
 * Shortens `text` to its first `maxLength` characters followed by "..." (spec 9); text that fits is
 * returned unchanged. The ellipsis does NOT count towards `maxLength`: the caller chooses how much of
 * the text to keep, so a result may be up to `maxLength + 3` characters long.
 *
 * Characters are counted as code points so that an emoji or other astral character is never cut in half.
 */
export function truncate(text: string, maxLength: number): string {
  if (!Number.isInteger(maxLength) || maxLength < 0) {
    throw new RangeError(`maxLength must be a non-negative integer, got ${maxLength}`);
  }
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return text;
  return codePoints.slice(0, maxLength).join('') + ELLIPSIS;
}
