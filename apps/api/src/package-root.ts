import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder. This file sits one level below it both as source (src/) and bundled
 * (dist/main.js), so the same expression works in development and production.
 */
export const apiPackageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
