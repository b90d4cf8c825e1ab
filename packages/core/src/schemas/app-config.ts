import { z } from 'zod';

/** "major.minor.patch", the form of APP_VERSION. */
export const appVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/, { error: 'Expected a version such as 1.21.1' });

const webLinkSchema = z.url({ protocol: /^https?$/ });

/** GET /app_config: what a client needs before signing in (spec 9 links, decision 002). */
export const appConfigSchema = z.object({
  version: appVersionSchema,
  min_app_version: appVersionSchema,
  feedback_email: z.email(),
  support_url: webLinkSchema,
  website_url: webLinkSchema,
});

export type AppConfig = z.infer<typeof appConfigSchema>;
