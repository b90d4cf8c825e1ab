import type { RouterHistory } from '@tanstack/react-router';

/*
 * The router parses search values as JSON ("?state=12e3" becomes the number 12000) and writes them
 * back from what it parsed, so its `location.href` is not always the URL the browser was given. A
 * login redirect must bring the user back to that exact URL: an OAuth2 request's `state` has to
 * return to the app unchanged. The history keeps the raw URL.
 */

let history: RouterHistory | undefined;

/** Called once per router: its history is where the raw URL is read. */
export function trackRawLocation(routerHistory: RouterHistory): void {
  history = routerHistory;
}

/** The current URL (path, query, hash) as given, when it is the one the router is resolving. */
export function rawHref(parsed: { pathname: string; href: string }): string {
  const raw = history?.location;
  if (!raw || raw.pathname !== parsed.pathname) return parsed.href;
  return `${raw.pathname}${raw.search}${raw.hash}`;
}
