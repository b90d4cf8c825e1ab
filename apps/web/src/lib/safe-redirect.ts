/**
 * The `redirect` search param is only followed to a path of this app: an absolute URL or a
 * protocol-relative one ("//evil.example") would make the login page an open redirect.
 */
export function safeRedirectPath(redirect: unknown, fallback = '/'): string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/')) return fallback;
  if (redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback;
  if (redirect.startsWith('/auth/login')) return fallback;
  return redirect;
}
