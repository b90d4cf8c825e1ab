import { z } from 'zod';
import { LOCALES } from '../constants.js';
import type { PermissionPropsWire } from '../permissions.js';
import { phoneSchema } from '../phone.js';
import {
  currentPasswordSchema,
  emailedTokenSchema,
  emailSchema,
  idSchema,
  passwordSchema,
  timestampSchema,
} from './common.js';
import { tokenSignatureTransportSchema } from './session.js';

/** A first or last name: trimmed, and blank means "no name" (null), as the display name rule reads it. */
export const personNameSchema = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((name) => (name === '' ? null : name));

const idListSchema = z.array(idSchema);

/** `account.permission_props`: the role data of spec 6 (see `RoleData` for what each list holds). */
export const permissionPropsWireSchema = z.object({
  is_superadmin: z.boolean(),
  b_manager_of_building: idListSchema,
  b_manager_of_unit: idListSchema,
  u_manager_of_building: idListSchema,
  u_manager_of_unit: idListSchema,
  u_invite_member_of_building: idListSchema,
  u_invite_member_of_unit: idListSchema,
  u_member_of_building: idListSchema,
  u_member_of_unit: idListSchema,
}) satisfies z.ZodType<PermissionPropsWire>;

/** The signed-in user's account; `pending_email` is an address change that awaits confirmation. */
export const accountSchema = z.object({
  id: idSchema,
  email: z.email(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.enum(LOCALES),
  mfa_enabled: z.boolean(),
  is_superadmin: z.boolean(),
  pending_email: z.email().nullable(),
  // The avatar (an asset with purpose avatar) and its signed path (see assetSchema.url).
  avatar_asset_id: idSchema.nullable(),
  avatar_url: z.string().nullable(),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
  permission_props: permissionPropsWireSchema,
});

/** The reply data of GET and PUT /me/account and of confirming an email change. */
export const accountDataSchema = z.object({ account: accountSchema });

/**
 * PUT /me/account. Every field is optional: an absent field stays as it is, a null name or phone is
 * removed. Changing the email or the password needs the current password, so a borrowed session
 * cannot take the account over.
 */
export const accountUpdateBodySchema = z
  .strictObject({
    first_name: personNameSchema,
    last_name: personNameSchema,
    phone: phoneSchema,
    locale: z.enum(LOCALES).optional(),
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string().optional(),
    current_password: currentPasswordSchema.optional(),
    // A finished upload of the user's own (purpose avatar); null removes the avatar.
    avatar_asset_id: idSchema.nullish(),
  })
  .superRefine((body, context) => {
    if (body.password !== body.password_confirmation) {
      context.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'Passwords do not match',
      });
    }
    if ((body.email !== undefined || body.password !== undefined) && body.current_password === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: 'Enter your current password to change your email address or password',
      });
    }
  });

/** POST /me/account/reset_password */
export const resetPasswordBodySchema = z.strictObject({ email: emailSchema });

/** POST /me/account/confirm_password_reset */
export const confirmPasswordResetBodySchema = z.strictObject({
  password: passwordSchema,
  token: emailedTokenSchema,
});

/** POST /me/account/confirm_email_change */
export const confirmEmailChangeBodySchema = z.strictObject({ token: emailedTokenSchema });

/** POST /me/account/confirm_invite: the invited user chooses a password and is signed in. */
export const confirmInviteBodySchema = z.strictObject({
  token: emailedTokenSchema,
  password: passwordSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
  // The dashboard is the usual caller, hence its transport as the default.
  token_signature_transport: tokenSignatureTransportSchema.default('cookie_only'),
});

export type Account = z.infer<typeof accountSchema>;
export type AccountData = z.infer<typeof accountDataSchema>;
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type ConfirmPasswordResetBody = z.infer<typeof confirmPasswordResetBodySchema>;
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBodySchema>;
/** What the server works with: the transport is always set. */
export type ConfirmInviteBody = z.infer<typeof confirmInviteBodySchema>;
/** What a client sends: the transport may be left out. */
export type ConfirmInviteBodyInput = z.input<typeof confirmInviteBodySchema>;
