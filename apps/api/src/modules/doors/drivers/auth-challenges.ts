/**
 * Parses a `WWW-Authenticate` value into its challenges (RFC 9110 §11.6.1). `fetch` joins several
 * `WWW-Authenticate` headers with ", ", and a server that follows RFC 7616 sends one Digest challenge
 * per algorithm, so the value has to be split the way the grammar says: a token followed by "=" is a
 * parameter of the current challenge, any other token starts the next one.
 */
export interface AuthChallenge {
  /** Lower case, e.g. `digest`. */
  scheme: string;
  /** Parameter names in lower case; values unquoted. */
  params: Record<string, string>;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
// A token68 (as Basic or Negotiate may carry) is only one when a comma or the end follows it.
const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*(?=[ \t]*(?:,|$))/y;
const UNQUOTED_VALUE = /[^,\s]*/y;
const SEPARATORS = /[\s,]*/y;
const WHITESPACE = /[ \t]*/y;

export function parseAuthChallenges(header: string): AuthChallenge[] {
  const challenges: AuthChallenge[] = [];
  let current: AuthChallenge | undefined;
  let at = 0;

  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(header)?.[0];
    if (found !== undefined) at += found.length;
    return found;
  };

  while (true) {
    match(SEPARATORS);
    if (at >= header.length) break;
    const name = match(TOKEN);
    if (!name) {
      at += 1; // Not valid here; skip it rather than give up on the whole header.
      continue;
    }
    const afterName = at;
    match(WHITESPACE);
    if (header[at] === '=' && current) {
      at += 1;
      match(WHITESPACE);
      const key = name.toLowerCase();
      const value = header[at] === '"' ? readQuotedString() : (match(UNQUOTED_VALUE) ?? '');
      // Each parameter may appear once; keep the first should a server repeat one.
      if (!(key in current.params)) current.params[key] = value;
    } else {
      at = afterName;
      current = { scheme: name.toLowerCase(), params: {} };
      challenges.push(current);
      match(WHITESPACE);
      match(TOKEN68);
    }
  }
  return challenges;

  function readQuotedString(): string {
    let value = '';
    at += 1; // opening quote
    while (at < header.length && header[at] !== '"') {
      if (header[at] === '\\') at += 1;
      value += header[at] ?? '';
      at += 1;
    }
    at += 1; // closing quote
    return value;
  }
}
