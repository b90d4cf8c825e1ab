import { describe, expect, it } from 'vitest';
import {
  recoveryCodesSchema,
  totpConfirmBodySchema,
  totpRemoveBodySchema,
  totpSetupSchema,
  totpStartBodySchema,
} from './mfa.js';

describe('totpStartBodySchema', () => {
  it('accepts the current password', () => {
    expect(totpStartBodySchema.parse({ current_password: 'secret' })).toEqual({ current_password: 'secret' });
  });

  it.each([{}, { current_password: '' }, { current_password: 'secret', code: '123456' }])(
    'refuses %j',
    (body) => {
      expect(totpStartBodySchema.safeParse(body).success).toBe(false);
    },
  );
});

describe('totpSetupSchema', () => {
  const setup = {
    secret: 'JBSWY3DPEHPK3PXP',
    otpauth_url: 'otpauth://totp/Gatehouse:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Gatehouse',
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  };

  it('accepts an enrolment', () => {
    expect(totpSetupSchema.parse(setup)).toEqual(setup);
  });

  it('refuses a QR code that is not an SVG data URL, or a foreign otpauth URL', () => {
    expect(totpSetupSchema.safeParse({ ...setup, qr_code: 'https://example.com/qr.png' }).success).toBe(
      false,
    );
    expect(totpSetupSchema.safeParse({ ...setup, otpauth_url: 'https://example.com' }).success).toBe(false);
  });
});

describe('totpConfirmBodySchema', () => {
  it('accepts six digits, trimmed', () => {
    expect(totpConfirmBodySchema.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
  });

  it.each([{ code: '12345' }, { code: '1234567' }, { code: '12345a' }, { code: 123456 }, {}])(
    'refuses %j',
    (body) => {
      expect(totpConfirmBodySchema.safeParse(body).success).toBe(false);
    },
  );

  it('says what it expects', () => {
    expect(totpConfirmBodySchema.safeParse({ code: '12' }).error?.issues[0]?.message).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
  });
});

describe('recoveryCodesSchema', () => {
  it('accepts a list of codes', () => {
    expect(recoveryCodesSchema.parse({ recovery_codes: ['abcd-efgh'] })).toEqual({
      recovery_codes: ['abcd-efgh'],
    });
  });

  it.each([{ recovery_codes: [] }, { recovery_codes: [''] }, {}])('refuses %j', (reply) => {
    expect(recoveryCodesSchema.safeParse(reply).success).toBe(false);
  });
});

describe('totpRemoveBodySchema', () => {
  it.each([{ current_password: 'secret' }, { code: '123456' }, { code: 'abcd-efgh-ijkl' }])(
    'accepts %j',
    (body) => {
      expect(totpRemoveBodySchema.parse(body)).toEqual(body);
    },
  );

  it.each([{}, { current_password: 'secret', code: '123456' }])(
    'refuses %j: exactly one proof is needed',
    (body) => {
      const result = totpRemoveBodySchema.safeParse(body);
      expect(result.error?.issues[0]?.message).toBe('Give either current_password or code, not both');
    },
  );

  it('reports a malformed code on the code field', () => {
    expect(totpRemoveBodySchema.safeParse({ code: '12' }).error?.issues[0]?.path).toEqual(['code']);
  });

  it('refuses an unknown field', () => {
    expect(totpRemoveBodySchema.safeParse({ code: '123456', reason: 'lost phone' }).success).toBe(false);
  });
});
