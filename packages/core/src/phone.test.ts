import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhone, normalisePhone, phoneSchema } from './phone.js';

describe('normalisePhone', () => {
  it.each([
    ['+31 6 12345678', '+31612345678'],
    ['+31 (0)6-1234.5678', '+31612345678'],
    ['06 12 34 56 78', '+31612345678'],
    ['+06 12345678', '+31612345678'],
    ['+310612345678', '+31612345678'],
    ['0031 6 12345678', '+31612345678'],
    ['+0031612345678', '+31612345678'],
    ['31612345678', '+31612345678'],
    ['+44 20 7946 0958', '+442079460958'],
    ['001 (212) 555-0100', '+12125550100'],
    ['\u00a0+32\u00a0470\u00a012\u00a034\u00a056', '+32470123456'],
  ])('%j becomes %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([null, undefined, '', '   ', '+', '+31', '+ 31', '0031', '+310', '(+31)', '-'])(
    '%j counts as empty',
    (input) => {
      expect(normalisePhone(input)).toBeNull();
    },
  );

  it('applies the prefix rules until none matches', () => {
    expect(normalisePhone('+000031612345678')).toBe('+31612345678');
    expect(normalisePhone('00 06 12345678')).toBe('+31612345678');
  });

  it('always returns null or "+" and digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' })), (input) => {
        const phone = normalisePhone(input);
        expect(phone === null || /^\+\d+$/.test(phone)).toBe(true);
      }),
    );
  });

  it('is idempotent', () => {
    const phoneLike = fc.stringMatching(/^\+?[\d ().-]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), phoneLike), (input) => {
        const once = normalisePhone(input);
        expect(normalisePhone(once)).toBe(once);
      }),
    );
  });

  it('ignores formatting inserted anywhere in a number', () => {
    const number = fc.tuple(fc.boolean(), fc.stringMatching(/^\d{1,15}$/));
    const noise = fc.array(fc.constantFrom(' ', '-', '.', '(', ')', '\u00a0'), { maxLength: 3 });
    fc.assert(
      fc.property(number, fc.array(noise, { maxLength: 17 }), ([withPlus, digits], noises) => {
        const plain = (withPlus ? '+' : '') + digits;
        const noisy = Array.from(plain, (char, index) => (noises[index] ?? []).join('') + char).join('');
        expect(normalisePhone(noisy)).toBe(normalisePhone(plain));
      }),
    );
  });
});

describe('isValidPhone', () => {
  it.each(['+31612345678', '+12125550100', '+12345678', '+123456789012345'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each(['31612345678', '+1234567', '+1234567890123456', '+0612345678', '+31 612345678', '', '+'])(
    'refuses %j',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );
});

describe('phoneSchema', () => {
  it('parses to the normalised number', () => {
    expect(phoneSchema.parse('06-12345678')).toBe('+31612345678');
  });

  it('keeps an absent value absent and turns an empty one into null', () => {
    expect(phoneSchema.parse(undefined)).toBeUndefined();
    expect(phoneSchema.parse(null)).toBeNull();
    expect(phoneSchema.parse('')).toBeNull();
    expect(phoneSchema.parse('+31')).toBeNull();
  });

  it('refuses a number that is too short, with a clear message', () => {
    const result = phoneSchema.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/international format/);
  });

  it.each(['call me', '06-1234567x', '+31+612345678', '31 6 1234+5678'])(
    'refuses text other than a number: %j',
    (input) => {
      const result = phoneSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/only digits/);
    },
  );

  it('refuses a value that is not a string', () => {
    expect(phoneSchema.safeParse(31612345678).success).toBe(false);
  });
});
