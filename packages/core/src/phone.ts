import { z } from 'zod';

/**
 * Phone numbers (spec 3): stored and sent as "+" followed by digits.
 *
 * The rules, applied until none matches (so normalising twice changes nothing):
 * - "+00…" (the international call prefix typed after a plus) becomes "+…";
 * - "+06…" (a Dutch mobile number written locally) becomes "+316…";
 * - "+310…" (the Dutch trunk 0 kept after the country code) becomes "+31…".
 */
const PREFIX_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\+00/, '+'],
  [/^\+06/, '+316'],
  [/^\+310/, '+31'],
];

/** What a bare "+" or the Dutch country code alone means: the user entered no number. */
const EMPTY_NUMBERS: ReadonlySet<string> = new Set(['+', '+31']);

/**
 * Returns the number as "+" and digits, or null when the input holds no number.
 *
 * Every character other than a digit is dropped: formatting (spaces, dashes, dots, parentheses) and
 * the leading "+" alike, and a "+" is put back in front. A number typed without one thus gets one, and
 * "0612345678" and "0031 6 12345678" both become "+31612345678". Dropping everything keeps the result
 * canonical whatever the input, but loses free text, so `phoneSchema` refuses such input first.
 */
export function normalisePhone(input: string | null | undefined): string | null {
  if (input == null) return null;
  let phone = `+${input.replace(/\D/g, '')}`;
  let previous: string;
  do {
    previous = phone;
    for (const [pattern, replacement] of PREFIX_RULES) phone = phone.replace(pattern, replacement);
  } while (phone !== previous);
  return EMPTY_NUMBERS.has(phone) ? null : phone;
}

/**
 * Whether a normalised number has the E.164 shape: "+", then 8 to 15 digits of which the first (the
 * start of the country code) is not 0. 15 is the E.164 maximum; the minimum of 8 refuses fragments.
 */
export function isValidPhone(normalised: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(normalised);
}

/** Digits and formatting characters (spaces, dashes, dots, parentheses), with at most one "+" before the digits. */
const PHONE_INPUT = /^[\s\-.()]*\+?[\d\s\-.()]*$/;

/**
 * A phone field of a request body or form: optional (absent means "leave unchanged"), nullable, and
 * an empty value becomes null ("remove the number"). Parses to the normalised number.
 */
export const phoneSchema = z
  .string()
  .regex(PHONE_INPUT, {
    error: 'Phone number may contain only digits, spaces, dashes, dots, parentheses and a leading +',
  })
  .nullish()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    const phone = normalisePhone(value);
    if (phone !== null && !isValidPhone(phone)) {
      context.issues.push({
        code: 'custom',
        input: value,
        message: 'Phone number is not valid; enter it in international format, such as +31 6 12345678',
      });
      return z.NEVER;
    }
    return phone;
  });
