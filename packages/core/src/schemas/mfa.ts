import { z } from 'zod';
import { currentPasswordSchema } from './common.js';
import { mfaCodeSchema } from './session.js';

/** POST /me/account/mfa/totp: starting enrolment needs the password, as it changes how one signs in. */
export const totpStartBodySchema = z.strictObject({ current_password: currentPasswordSchema });

/** The reply data of starting enrolment; `qr_code` is a `data:image/svg+xml` URL of `otpauth_url`. */
export const totpSetupSchema = z.object({
  secret: z.string().min(1),
  otpauth_url: z.string().startsWith('otpauth://'),
  qr_code: z.string().startsWith('data:image/svg+xml'),
});

/** POST /me/account/mfa/totp/confirm: the first code from the authenticator app. */
export const totpConfirmBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' }),
});

/** The reply data of confirming enrolment; the codes are shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string().min(1)).min(1) });

/**
 * DELETE /me/account/mfa/totp: proven by the password or by a code (a TOTP or recovery code), exactly
 * one. One object with a refinement rather than a union of two, so that a mistake in either field is
 * reported on that field instead of as "Invalid input".
 */
export const totpRemoveBodySchema = z
  .strictObject({
    current_password: currentPasswordSchema.optional(),
    code: mfaCodeSchema.optional(),
  })
  .superRefine((body, context) => {
    if ((body.current_password === undefined) === (body.code === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: 'Give either current_password or code, not both',
      });
    }
  })
  .describe('Either current_password or code, not both');

export type TotpStartBody = z.infer<typeof totpStartBodySchema>;
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export type TotpConfirmBody = z.infer<typeof totpConfirmBodySchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
export type TotpRemoveBody = z.infer<typeof totpRemoveBodySchema>;
