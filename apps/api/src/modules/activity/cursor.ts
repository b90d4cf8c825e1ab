import { AppError } from '../../http/errors.js';

/**
 * An activity page's cursor: the position of its last row, `(time, id)`, with the time at full
 * database precision (microseconds) so no row is skipped or repeated. Opaque to clients.
 */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (!value) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && typeof id === 'string' && uuid.test(id)) {
      return { at, id };
    }
  } catch {}
  throw new AppError('validation_failed', 'This cursor is not valid; start again from the first page', {
    field: 'cursor',
  });
}
