import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { doorLogs, doors } from '../../db/schema.js';

export type DoorRow = typeof doors.$inferSelect;
export type DoorValues = Omit<typeof doors.$inferInsert, 'id' | 'insertedAt' | 'updatedAt'>;
export type DoorStatusValue = DoorRow['status'];

export async function listDoors(
  db: Executor,
  buildingId: string,
  limit: number,
): Promise<{ rows: DoorRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(doors)
      .where(eq(doors.buildingId, buildingId))
      .orderBy(asc(sql`lower(${doors.name})`), asc(doors.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(doors).where(eq(doors.buildingId, buildingId)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A door of a building; a door id from another building is not found. */
export async function findDoor(
  db: Executor,
  buildingId: string,
  doorId: string,
): Promise<DoorRow | undefined> {
  const [row] = await db
    .select()
    .from(doors)
    .where(and(eq(doors.id, doorId), eq(doors.buildingId, buildingId)))
    .limit(1);
  return row;
}

export async function insertDoor(db: Executor, values: DoorValues): Promise<DoorRow> {
  const [row] = await db
    .insert(doors)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateDoor(db: Executor, id: string, values: Partial<DoorValues>): Promise<DoorRow> {
  const [row] = await db
    .update(doors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(doors.id, id))
    .returning();
  return row!;
}

export async function deleteDoor(db: Executor, id: string): Promise<void> {
  await db.delete(doors).where(eq(doors.id, id));
}

/** Records a new status; returns the row only if the status really changed. */
export async function setDoorStatus(
  db: Executor,
  id: string,
  status: DoorStatusValue,
  at: Date,
): Promise<DoorRow | undefined> {
  const [row] = await db
    .update(doors)
    .set({ status, statusChangedAt: at })
    .where(and(eq(doors.id, id), sql`${doors.status} <> ${status}`))
    .returning();
  return row;
}

/**
 * Locks a door again after its unlock time, unless something changed it since (another open moved
 * `status_changed_at`). Returns the row when it did lock it.
 */
export async function relockDoor(db: Executor, id: string, unlockedAt: Date): Promise<DoorRow | undefined> {
  const [row] = await db
    .update(doors)
    .set({ status: 'locked', statusChangedAt: new Date() })
    .where(and(eq(doors.id, id), eq(doors.status, 'unlocked'), eq(doors.statusChangedAt, unlockedAt)))
    .returning();
  return row;
}

export interface OpenAttempt {
  logId: string;
  doorId: string;
  buildingId: string;
  at: Date;
  actorType: DoorLogValues['actorType'];
  userId: string | null;
  visitorId: string | null;
  /** The intercom, when a device opened (decision 007). */
  intercomId?: string | null;
  /** The third-party app, when one opened with an OAuth2 token (method `api`). */
  oauth2ClientId?: string | null;
  unitId: string | null;
  method: DoorLogValues['method'];
  result: DoorLogValues['result'];
  reason: string | null;
  status: DoorStatusValue;
}
type DoorLogValues = typeof doorLogs.$inferInsert;

/**
 * Writes the door log rows of open attempts and each door's new status in ONE statement: atomic
 * like a transaction, one round trip and one commit for a whole batch. `notify` (the database event
 * bus) goes out in the same statement, so the events leave exactly when the rows are committed.
 */
export async function recordOpenAttempts(db: Executor, attempts: OpenAttempt[], notify?: SQL): Promise<void> {
  // A door opened twice in one batch ends with its latest attempt's status.
  const latestPerDoor = [...new Map(attempts.map((attempt) => [attempt.doorId, attempt])).values()];
  const logRows = sql.join(
    attempts.map(
      (a) =>
        sql`(${a.logId}::uuid, ${a.buildingId}::uuid, ${a.doorId}::uuid, ${a.at.toISOString()}::timestamptz, ${a.actorType},
             ${a.userId}::uuid, ${a.visitorId}::uuid, ${a.intercomId ?? null}::uuid, ${a.unitId}::uuid, ${a.method}, ${a.result}, ${a.reason},
             ${a.oauth2ClientId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  const statusRows = sql.join(
    latestPerDoor.map((a) => sql`(${a.doorId}::uuid, ${a.status}, ${a.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await queryRows(
    db,
    sql`with logs as (
          insert into ${doorLogs} (id, building_id, door_id, occurred_at, actor_type, user_id, visitor_id, intercom_id, unit_id, method, result, reason, oauth2_client_id)
          values ${logRows}
          returning id
        ), updated as (
          update ${doors} d
             set status = v.status, status_changed_at = v.at, updated_at = v.at
            from (values ${statusRows}) as v(id, status, at)
           where d.id = v.id
          returning d.id
        )
        select (select count(*) from logs) as logs, (select count(*) from updated) as doors${notify ? sql`, ${notify}` : sql``}`,
  );
}
