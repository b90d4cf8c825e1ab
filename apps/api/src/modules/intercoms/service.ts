import type { IntercomRow } from './repository.js';

/** The reply shape: never the password (its hash stays in the database). */
export function intercomView(row: IntercomRow) {
  return {
    id: row.id,
    door_id: row.doorId,
    name: row.name,
    model: row.model,
    email: row.email,
    inserted_at: row.insertedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
