export * from './case-mapping.js';
export * from './constants.js';
export * from './display-name.js';
export * from './entry-schedule.js';
export * from './permissions.js';
export * from './phone.js';
export * from './schemas/index.js';
