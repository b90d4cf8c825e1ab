import { describe, expect, it } from 'vitest';
import {
  API_BASE_PATH,
  APP_VERSION,
  AUTH_STATUS_STORAGE_KEY,
  CROSS_TAB_CHANNEL_NAME,
  DEFAULT_LOCALE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DOOR_LIST_LIMIT,
  LOCALES,
  MIN_TOKEN_TTL_SECONDS,
  NAV_SLIDE_ANIMATION_MS,
  TOAST_ANIMATION_MS,
  TOAST_CLEAR_ON_NAVIGATION_ARM_MS,
  TOAST_LIFETIME_MS,
  TOKEN_ACCESS_LOCK_NAME,
  truncate,
  WIDE_SCREEN_BREAKPOINT_PX,
} from './constants.js';

describe('spec 9 constants', () => {
  it('match the specification', () => {
    expect(APP_VERSION).toBe('1.21.1');
    expect(MIN_TOKEN_TTL_SECONDS).toBe(5);
    expect(DOOR_LIST_LIMIT).toBe(250);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(0);
    expect(AUTH_STATUS_STORAGE_KEY).toBe('authStatus');
    expect(CROSS_TAB_CHANNEL_NAME).toBe('multitab-token-refresh-channel');
    expect(TOKEN_ACCESS_LOCK_NAME).toBe('multitab-token-access-lock');
    expect(WIDE_SCREEN_BREAKPOINT_PX).toBe(960);
    expect(TOAST_LIFETIME_MS).toBe(3600);
    expect(TOAST_CLEAR_ON_NAVIGATION_ARM_MS).toBe(1000);
    expect(TOAST_ANIMATION_MS).toBe(350);
    expect(NAV_SLIDE_ANIMATION_MS).toBe(800);
    expect(API_BASE_PATH).toBe('/api/v4');
  });

  it('default locale is one of the locales', () => {
    expect(LOCALES).toContain(DEFAULT_LOCALE);
  });
});

describe('truncate', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['eleven chars', 11, 'eleven char...'],
    ['Building Zuidas Tower', 8, 'Building...'],
    ['', 0, ''],
    ['abc', 0, '...'],
  ])('truncate(%j, %i) is %j', (text, maxLength, expected) => {
    expect(truncate(text, maxLength)).toBe(expected);
  });

  it('keeps maxLength characters and does not count the ellipsis', () => {
    expect(truncate('abcdefghij', 4)).toBe('abcd...');
    expect(truncate('abcdefghij', 4)).toHaveLength(4 + 3);
  });

  it('never cuts an astral character in half', () => {
    expect(truncate('🚪🚪🚪', 2)).toBe('🚪🚪...');
    expect(truncate('🚪🚪', 2)).toBe('🚪🚪');
  });

  it.each([-1, 1.5, Number.NaN])('refuses maxLength %d', (maxLength) => {
    expect(() => truncate('text', maxLength)).toThrow(RangeError);
  });
});
