import {
  accountSchema,
  accountUpdateBodySchema,
  confirmEmailChangeBodySchema,
  confirmInviteBodySchema,
  confirmPasswordResetBodySchema,
  resetPasswordBodySchema,
  tokensSchema,
  totpConfirmBodySchema,
  totpRemoveBodySchema,
  totpStartBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { deliverTokens } from '../auth/cookies.js';
import { startSession } from '../auth/service.js';
import { clientInfo } from '../sessions/routes.js';
import {
  accountView,
  confirmEmailChange,
  confirmInvite,
  confirmPasswordReset,
  confirmTotpEnrolment,
  removeTotp,
  requestPasswordReset,
  startTotpEnrolment,
  updateAccount,
} from './service.js';

const tags = ['Account'];
const accountReply = envelopeOf(z.object({ account: accountSchema }));

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/me/account',
    {
      config: { oauth2Scopes: ['account:read'] },
      schema: { tags, summary: 'The signed-in user, with permission_props', response: { 200: accountReply } },
    },
    async (request) =>
      ok({ account: accountView(ctx, requireAuth(request).user, await roleDataOf(request, ctx)) }),
  );

  api.put(
    '/me/account',
    {
      schema: {
        tags,
        summary: 'Change name, phone, language, avatar, email or password',
        description:
          'A new email or password needs `current_password`. A new email takes effect after confirmation ' +
          '(a mail goes to the new address). A new password ends every other session.',
        body: accountUpdateBodySchema,
        response: { 200: accountReply },
      },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const updated = await updateAccount(ctx, user, session.id, request.body);
      return ok({ account: accountView(ctx, updated, await roleDataOf(request, ctx)) });
    },
  );

  api.post(
    '/me/account/reset_password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description: 'The reply is the same whether or not an account has this email.',
        body: resetPasswordBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return ok(null);
    },
  );

  api.post(
    '/me/account/confirm_password_reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset link’s token',
        body: confirmPasswordResetBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body.token, request.body.password);
      return ok(null);
    },
  );

  api.post(
    '/me/account/confirm_email_change',
    {
      schema: {
        tags,
        summary: 'Confirm a new email address',
        body: confirmEmailChangeBodySchema,
        response: { 200: accountReply },
      },
    },
    async (request) => {
      const updated = await confirmEmailChange(ctx, requireAuth(request).user, request.body.token);
      return ok({ account: accountView(ctx, updated, await roleDataOf(request, ctx)) });
    },
  );

  api.post(
    '/me/account/confirm_invite',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Accept an invite: choose a password and sign in',
        body: confirmInviteBodySchema,
        response: { 200: envelopeOf(tokensSchema) },
      },
    },
    async (request, reply) => {
      const user = await confirmInvite(ctx, request.body);
      const tokens = await startSession(ctx, user, clientInfo(request));
      const transport = request.body.token_signature_transport ?? 'cookie_only';
      return ok(deliverTokens(reply, tokens, transport, { secure: ctx.config.cookieSecure }));
    },
  );

  api.post(
    '/me/account/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Start TOTP enrolment',
        description:
          'Needs the current password. Replies with the secret, the otpauth URL and a QR code (SVG data URL).',
        body: totpStartBodySchema,
        response: {
          200: envelopeOf(z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() })),
        },
      },
    },
    async (request) =>
      ok(await startTotpEnrolment(ctx, requireAuth(request).user, request.body.current_password)),
  );

  api.post(
    '/me/account/mfa/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Turn TOTP on with a first code; replies with the recovery codes (shown once)',
        body: totpConfirmBodySchema,
        response: { 200: envelopeOf(z.object({ recovery_codes: z.array(z.string()) })) },
      },
    },
    async (request) =>
      ok({ recovery_codes: await confirmTotpEnrolment(ctx, requireAuth(request).user, request.body.code) }),
  );

  api.delete(
    '/me/account/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Turn TOTP off (with the current password or a code)',
        body: totpRemoveBodySchema,
        response: { 200: accountReply },
      },
    },
    async (request) => {
      const updated = await removeTotp(ctx, requireAuth(request).user, request.body);
      return ok({ account: accountView(ctx, updated, await roleDataOf(request, ctx)) });
    },
  );
}
