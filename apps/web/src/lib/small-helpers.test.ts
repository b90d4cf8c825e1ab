import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';
import { describeUserAgent } from './user-agent';

describe('safeRedirectPath', () => {
  it('follows a path of this app, with its search', () => {
    expect(safeRedirectPath('/units/u1?building=b1')).toBe('/units/u1?building=b1');
  });

  it('refuses other sites, protocol-relative URLs and the login page itself', () => {
    expect(safeRedirectPath('https://evil.example/')).toBe('/');
    expect(safeRedirectPath('//evil.example/')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('/auth/login?redirect=/x')).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
  });
});

describe('describeUserAgent', () => {
  it('names browser and system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
  });

  it('gives up on unknown or missing user agents', () => {
    expect(describeUserAgent('curl/8.5.0')).toBeNull();
    expect(describeUserAgent(null)).toBeNull();
  });
});
