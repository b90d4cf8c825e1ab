import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buildings } from '../../db/schema.js';
import { isLinkedToAnyBuilding } from '../buildings/repository.js';

/** Whether one of `buildingIds` is linked to the Salto KS site (`buildings.saltoks_site_id`). */
export async function isSiteLinked(
  db: Executor,
  siteId: string,
  buildingIds: readonly string[],
): Promise<boolean> {
  return isLinkedToAnyBuilding(db, buildings.saltoksSiteId, [siteId], buildingIds);
}

/** The Salto KS site a building is linked to, if any. */
export async function buildingSiteId(db: Executor, buildingId: string): Promise<string | null> {
  const [row] = await db
    .select({ siteId: buildings.saltoksSiteId })
    .from(buildings)
    .where(eq(buildings.id, buildingId))
    .limit(1);
  return row?.siteId ?? null;
}
