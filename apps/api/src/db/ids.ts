import { v7 as uuidv7 } from 'uuid';

/**
 * Ids are UUIDv7: not enumerable like serials, yet time-ordered so B-tree inserts stay local.
 * PostgreSQL 15 has no built-in uuidv7(), so the server makes them.
 */
export function newId(): string {
  return uuidv7();
}
