import { describe, expect, it } from 'vitest';
import { parseAuthChallenges } from './auth-challenges.js';
import { chooseDigestChallenge, digestAuthorization } from './digest-auth.js';

// RFC 7616 §3.9.1: the server offers SHA-256 and MD5; fetch joins the two headers with ", ".
const RFC_NONCE = '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v';
const RFC_OPAQUE = 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS';
const rfcChallenge = (algorithm: string) =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="${RFC_NONCE}", opaque="${RFC_OPAQUE}"`;
const rfcRequest = {
  username: 'Mufasa',
  password: 'Circle of Life',
  method: 'GET',
  uri: '/dir/index.html',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
};

describe('digest authentication', () => {
  it('answers the RFC 7616 SHA-256 example, preferring SHA-256 when both are offered', () => {
    const challenge = chooseDigestChallenge(
      parseAuthChallenges(`${rfcChallenge('MD5')}, ${rfcChallenge('SHA-256')}`),
    );
    expect(challenge).toEqual({
      algorithm: 'SHA-256',
      realm: 'http-auth@example.org',
      nonce: RFC_NONCE,
      opaque: RFC_OPAQUE,
    });
    const header = digestAuthorization({ challenge: challenge!, ...rfcRequest });
    expect(header).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
    expect(header).toMatch(
      /^Digest username="Mufasa", realm="http-auth@example.org", uri="\/dir\/index.html", /,
    );
    expect(header).toContain(
      `algorithm=SHA-256, nonce="${RFC_NONCE}", nc=00000001, cnonce="${rfcRequest.cnonce}"`,
    );
    expect(header).toContain(`qop=auth, response=`);
    expect(header).toContain(`opaque="${RFC_OPAQUE}"`);
  });

  it('answers the RFC 7616 MD5 example, and takes a missing algorithm to mean MD5', () => {
    for (const offered of [rfcChallenge('MD5'), rfcChallenge('MD5').replace(' algorithm=MD5,', '')]) {
      const challenge = chooseDigestChallenge(parseAuthChallenges(offered));
      expect(challenge?.algorithm).toBe('MD5');
      expect(digestAuthorization({ challenge: challenge!, ...rfcRequest })).toContain(
        'response="8ca523f5e9506fed4657c9700eebdbec"',
      );
    }
  });

  it('finds the Digest challenge among other schemes, quoted commas and token68 values', () => {
    const challenges = parseAuthChallenges(
      'Negotiate YIIB/w==, Basic realm="a, b", Digest realm="say \\"hi\\"",qop=auth,nonce=abc123, Bearer',
    );
    expect(challenges).toEqual([
      { scheme: 'negotiate', params: {} },
      { scheme: 'basic', params: { realm: 'a, b' } },
      { scheme: 'digest', params: { realm: 'say "hi"', qop: 'auth', nonce: 'abc123' } },
      { scheme: 'bearer', params: {} },
    ]);
    const header = digestAuthorization({ ...rfcRequest, challenge: chooseDigestChallenge(challenges)! });
    expect(header).toContain('realm="say \\"hi\\""');
  });

  it('ignores challenges it cannot answer', () => {
    const offers = [
      'Digest realm="r", qop="auth-int", algorithm=SHA-256, nonce="n"',
      'Digest realm="r", qop="auth", algorithm=SHA-512-256, nonce="n"',
      'Digest realm="r", algorithm=MD5, nonce="n"',
      'Digest realm="r", qop="auth", algorithm=MD5',
      'Basic realm="r"',
    ];
    for (const offer of offers) expect(chooseDigestChallenge(parseAuthChallenges(offer))).toBeUndefined();
  });

  it('sends a username that is not plain ASCII as username* (RFC 8187)', () => {
    const challenge = chooseDigestChallenge(parseAuthChallenges(rfcChallenge('SHA-256')))!;
    const header = digestAuthorization({ ...rfcRequest, challenge, username: "Jäsøn Doe's" });
    expect(header).toContain("username*=UTF-8''J%C3%A4s%C3%B8n%20Doe%27s");
    expect(header).not.toContain('username="');
  });

  it('uses a fresh random cnonce for every answer', () => {
    const challenge = chooseDigestChallenge(parseAuthChallenges(rfcChallenge('MD5')))!;
    const { cnonce: _fixed, ...request } = rfcRequest;
    const cnonceOf = (header: string) => /cnonce="([^"]+)"/.exec(header)?.[1];
    const first = cnonceOf(digestAuthorization({ ...request, challenge }));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(cnonceOf(digestAuthorization({ ...request, challenge }))).not.toBe(first);
  });
});
