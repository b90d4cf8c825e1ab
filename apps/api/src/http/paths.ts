/** The API's base path (spec 7). */
export const API_PREFIX = '/api/v4';
