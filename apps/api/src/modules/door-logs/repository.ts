import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { doorLogs } from '../../db/schema.js';

export type DoorLogRow = typeof doorLogs.$inferSelect;
export type DoorLogValues = Omit<typeof doorLogs.$inferInsert, 'id' | 'insertedAt'>;

/** One row per open attempt, whatever its path and result (who, how, result, why refused). */
export async function insertDoorLog(db: Executor, values: DoorLogValues): Promise<DoorLogRow> {
  const [row] = await db
    .insert(doorLogs)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}
