import { describe, expect, it } from 'vitest';
import {
  loginBodySchema,
  loginReplySchema,
  mfaBodySchema,
  mfaChallengeSchema,
  sessionSchema,
  tokenSignatureTransportSchema,
  tokensSchema,
} from './session.js';

describe('tokenSignatureTransportSchema', () => {
  it('accepts the two transports only', () => {
    expect(tokenSignatureTransportSchema.options).toEqual(['bearer', 'cookie_only']);
    expect(tokenSignatureTransportSchema.safeParse('cookie').success).toBe(false);
  });
});

describe('loginBodySchema', () => {
  const login = { email: ' Ada@Example.com', password: 'short', token_signature_transport: 'cookie_only' };

  it('accepts any non-empty password: the rules for new passwords do not apply at sign-in', () => {
    expect(loginBodySchema.parse(login)).toEqual({ ...login, email: 'ada@example.com' });
  });

  it.each([
    ['an empty password', { ...login, password: '' }],
    ['an overlong password', { ...login, password: 'x'.repeat(1025) }],
    ['an invalid email', { ...login, email: 'ada' }],
    ['a missing transport', { email: login.email, password: login.password }],
    ['an unknown transport', { ...login, token_signature_transport: 'header' }],
    ['an unknown field', { ...login, remember_me: true }],
  ])('refuses %s', (_case, body) => {
    expect(loginBodySchema.safeParse(body).success).toBe(false);
  });

  it('names the unknown field', () => {
    const issues = loginBodySchema.safeParse({ ...login, remember_me: true }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['remember_me'] })]);
  });
});

describe('mfaBodySchema', () => {
  const mfa = { mfa_token: 'challenge', code: '123456', token_signature_transport: 'bearer' };

  it('accepts a TOTP code and a recovery code, trimmed', () => {
    expect(mfaBodySchema.parse(mfa)).toEqual(mfa);
    expect(mfaBodySchema.parse({ ...mfa, code: ' abcd-efgh-ijkl ' }).code).toBe('abcd-efgh-ijkl');
  });

  it.each([
    ['a short code', { ...mfa, code: '12345' }],
    ['a long code', { ...mfa, code: 'x'.repeat(33) }],
    ['a missing token', { code: mfa.code, token_signature_transport: 'bearer' }],
    ['an empty token', { ...mfa, mfa_token: '' }],
    ['an unknown field', { ...mfa, email: 'ada@example.com' }],
  ])('refuses %s', (_case, body) => {
    expect(mfaBodySchema.safeParse(body).success).toBe(false);
  });
});

const tokens = { access: 'h.p.', refresh: 'h.p.', access_exp: 1_738_316_700, refresh_exp: 1_743_500_000 };

describe('tokensSchema', () => {
  it('accepts tokens with expiry times in Unix seconds', () => {
    expect(tokensSchema.parse(tokens)).toEqual(tokens);
  });

  it.each([
    ['a fractional expiry', { ...tokens, access_exp: 1.5 }],
    ['an expiry as a string', { ...tokens, refresh_exp: '1743500000' }],
    ['a missing refresh token', { access: 'h.p.', access_exp: 1, refresh_exp: 2 }],
    ['an empty access token', { ...tokens, access: '' }],
  ])('refuses %s', (_case, reply) => {
    expect(tokensSchema.safeParse(reply).success).toBe(false);
  });
});

describe('mfaChallengeSchema and loginReplySchema', () => {
  const challenge = { mfa_required: true, mfa_token: 'challenge' };

  it('accepts a challenge', () => {
    expect(mfaChallengeSchema.parse(challenge)).toEqual(challenge);
  });

  it('refuses a challenge that is not required or has no token', () => {
    expect(mfaChallengeSchema.safeParse({ ...challenge, mfa_required: false }).success).toBe(false);
    expect(mfaChallengeSchema.safeParse({ mfa_required: true }).success).toBe(false);
  });

  it('reads a sign-in reply as tokens or as a challenge', () => {
    expect(loginReplySchema.parse(tokens)).toEqual(tokens);
    expect(loginReplySchema.parse(challenge)).toEqual(challenge);
    expect(loginReplySchema.safeParse({ mfa_required: false }).success).toBe(false);
  });
});

describe('sessionSchema', () => {
  const session = {
    id: '01936f3e-7c4a-7b1e-9a2d-3f6e8c1b2a40',
    current: true,
    user_agent: 'Mozilla/5.0',
    ip: '192.0.2.10',
    inserted_at: '2025-01-01T08:00:00.000Z',
    last_used_at: '2025-01-31T09:30:00.000Z',
    expires_at: '2025-03-31T09:30:00.000Z',
  };

  it('accepts a session, with or without user agent and ip', () => {
    expect(sessionSchema.parse(session)).toEqual(session);
    expect(sessionSchema.safeParse({ ...session, user_agent: null, ip: null }).success).toBe(true);
  });

  it('strips fields it does not know, so the server may add some', () => {
    expect(sessionSchema.parse({ ...session, device: 'phone' })).toEqual(session);
  });

  it.each([
    ['an id that is not a UUID', { ...session, id: '1' }],
    ['a missing current flag', { ...session, current: undefined }],
    ['a date that is not ISO 8601', { ...session, expires_at: 'tomorrow' }],
  ])('refuses %s', (_case, reply) => {
    expect(sessionSchema.safeParse(reply).success).toBe(false);
  });
});
