export * from './account.js';
export * from './app-config.js';
export * from './common.js';
export * from './mfa.js';
export * from './session.js';
