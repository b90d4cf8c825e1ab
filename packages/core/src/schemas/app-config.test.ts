import { describe, expect, it } from 'vitest';
import { appConfigSchema, appVersionSchema } from './app-config.js';

const config = {
  version: '1.21.1',
  min_app_version: '1.20.0',
  feedback_email: 'feedback@example.com',
  support_url: 'https://help.example.com',
  website_url: 'http://example.com',
};

describe('appVersionSchema', () => {
  it.each(['1.21.1', '0.0.0', '10.200.3000'])('accepts %s', (version) => {
    expect(appVersionSchema.safeParse(version).success).toBe(true);
  });

  it.each(['1.21', 'v1.21.1', '1.21.1-beta', ''])('refuses %j', (version) => {
    expect(appVersionSchema.safeParse(version).success).toBe(false);
  });
});

describe('appConfigSchema', () => {
  it('accepts a configuration', () => {
    expect(appConfigSchema.parse(config)).toEqual(config);
  });

  it.each([
    ['a version that is not major.minor.patch', { ...config, min_app_version: 'latest' }],
    ['a feedback address that is not an email', { ...config, feedback_email: 'feedback' }],
    ['a support link that is not a web link', { ...config, support_url: 'javascript:alert(1)' }],
    ['a missing website link', { ...config, website_url: undefined }],
  ])('refuses %s', (_case, reply) => {
    expect(appConfigSchema.safeParse(reply).success).toBe(false);
  });
});
