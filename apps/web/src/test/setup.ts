import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy*/waitFor give up after this long (default 1 s): enough for a page to settle on a loaded CI
// machine, while a real failure still fails.
configure({ asyncUtilTimeout: 5000 });

/**
 * jsdom has no layout: `matchMedia` answers width queries from `window.innerWidth`, which a test
 * sets to play a narrow or a wide screen.
 */
function matches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+(?:\.\d+)?)(px|em)/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)(px|em)/.exec(query);
  const px = (match: RegExpExecArray) => Number(match[1]) * (match[2] === 'em' ? 16 : 1);
  if (min && width < px(min)) return false;
  if (max && width > px(max)) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Mantine's scroll areas and floating elements observe sizes; jsdom has no ResizeObserver.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
// The router restores scroll positions; jsdom does not scroll.
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', {
  writable: true,
  configurable: true,
  value: () => {},
});

beforeEach(() => {
  window.innerWidth = 1280;
  localStorage.clear();
  // The token client logs each status it stores; keep test output readable.
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
