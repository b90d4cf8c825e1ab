import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has safe defaults for everything', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.argon2).toEqual({ memoryCost: 19 * 1024, timeCost: 2 });
    expect(config.cookieSecure).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ ADMIN_EMAIL: '', DATABASE_URL: '', PORT: '' });
    expect(config.adminEmail).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('explains what is wrong with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', SECRET_KEY: 'short' })).toThrow(
      /PORT[\s\S]*SECRET_KEY: SECRET_KEY must be at least 32 characters/,
    );
  });
});
