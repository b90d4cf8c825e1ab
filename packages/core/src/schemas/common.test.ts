import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  currentPasswordSchema,
  emailedTokenSchema,
  emailSchema,
  envelopeSchema,
  errorItemSchema,
  idSchema,
  passwordSchema,
  timestampSchema,
} from './common.js';

describe('idSchema', () => {
  it.each(['01936f3e-7c4a-7b1e-9a2d-3f6e8c1b2a40', '9b2f1c3e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'])(
    'accepts %s',
    (id) => {
      expect(idSchema.safeParse(id).success).toBe(true);
    },
  );

  it.each(['', '42', 'not-a-uuid', '01936f3e7c4a7b1e9a2d3f6e8c1b2a40', 42])('refuses %j', (id) => {
    expect(idSchema.safeParse(id).success).toBe(false);
  });
});

describe('emailSchema', () => {
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada @example.com', `${'a'.repeat(245)}@example.com`, null])(
    'refuses %j',
    (email) => {
      expect(emailSchema.safeParse(email).success).toBe(false);
    },
  );
});

describe('passwordSchema', () => {
  it('accepts 8 to 128 characters, spaces included and kept', () => {
    expect(passwordSchema.parse('12345678')).toBe('12345678');
    expect(passwordSchema.parse(' correct horse ')).toBe(' correct horse ');
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });

  it.each(['', '1234567', 'x'.repeat(129), 12345678])('refuses %j', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(false);
  });
});

describe('currentPasswordSchema and emailedTokenSchema', () => {
  it('accept any non-empty string up to 1024 characters', () => {
    for (const schema of [currentPasswordSchema, emailedTokenSchema]) {
      expect(schema.safeParse('x').success).toBe(true);
      expect(schema.safeParse('x'.repeat(1024)).success).toBe(true);
      expect(schema.safeParse('').success).toBe(false);
      expect(schema.safeParse('x'.repeat(1025)).success).toBe(false);
    }
  });
});

describe('timestampSchema', () => {
  it.each(['2025-01-31T09:30:00.000Z', '2025-01-31T09:30:00Z', '2025-01-31T10:30:00+01:00'])(
    'accepts %s',
    (at) => {
      expect(timestampSchema.safeParse(at).success).toBe(true);
    },
  );

  it.each(['2025-01-31', '31-01-2025 09:30', '', 1738315800])('refuses %j', (at) => {
    expect(timestampSchema.safeParse(at).success).toBe(false);
  });
});

describe('errorItemSchema', () => {
  it('accepts an item with or without a field', () => {
    expect(errorItemSchema.safeParse({ code: 'not_found', message: 'Door not found' }).success).toBe(true);
    expect(
      errorItemSchema.safeParse({ code: 'validation_failed', message: 'Too short', field: 'password' })
        .success,
    ).toBe(true);
  });

  it('refuses an item without a code or message', () => {
    expect(errorItemSchema.safeParse({ message: 'Door not found' }).success).toBe(false);
    expect(errorItemSchema.safeParse({ code: 'not_found' }).success).toBe(false);
  });
});

describe('envelopeSchema', () => {
  const doorEnvelope = envelopeSchema(z.object({ name: z.string() }));

  it('accepts a success reply and an error reply', () => {
    expect(doorEnvelope.safeParse({ data: { name: 'Main entrance' }, errors: [], meta: {} }).success).toBe(
      true,
    );
    const errorReply = envelopeSchema(z.null()).safeParse({
      data: null,
      errors: [{ code: 'forbidden', message: 'You are not allowed to do this' }],
      meta: {},
    });
    expect(errorReply.success).toBe(true);
  });

  it('checks data, errors and meta', () => {
    expect(doorEnvelope.safeParse({ data: { name: 7 }, errors: [], meta: {} }).success).toBe(false);
    expect(doorEnvelope.safeParse({ data: { name: 'x' }, errors: [{}], meta: {} }).success).toBe(false);
    expect(doorEnvelope.safeParse({ data: { name: 'x' }, errors: [] }).success).toBe(false);
  });

  it('uses the given meta schema', () => {
    const listEnvelope = envelopeSchema(z.array(z.string()), z.object({ total: z.int() }));
    expect(listEnvelope.parse({ data: ['a'], errors: [], meta: { total: 1 } }).meta.total).toBe(1);
    expect(listEnvelope.safeParse({ data: [], errors: [], meta: {} }).success).toBe(false);
  });
});
