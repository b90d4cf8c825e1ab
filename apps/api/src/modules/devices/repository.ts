import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { calls, deviceEvents, doors, intercoms, units } from '../../db/schema.js';
import type { DoorRow } from '../doors/repository.js';
import type { IntercomRow } from '../intercoms/repository.js';

/**
 * Keys of device events already recorded (migration 0004_device_event_ids), so an event that is
 * reported twice writes its row once. Declared here rather than in db/schema.ts because the table
 * came with a hand-written migration; move it there with the next generated migration.
 */

export interface IntercomWithDoor {
  intercom: IntercomRow;
  door: DoorRow;
}

/** An intercom with its door (fresh: PIN hash and status as they are now), in one round trip. */
export async function findIntercomWithDoor(
  db: Executor,
  intercomId: string,
): Promise<IntercomWithDoor | undefined> {
  const [row] = await db
    .select({ intercom: intercoms, door: doors })
    .from(intercoms)
    .innerJoin(doors, eq(doors.id, intercoms.doorId))
    .where(eq(intercoms.id, intercomId))
    .limit(1);
  return row;
}

/** What a device knows about a call right now; absent values leave what is recorded. */
export interface CallReport {
  externalId: string;
  startedAt: Date;
  answeredAt?: Date | null;
  endedAt?: Date | null;
  unitId?: string | null;
  /** The code dialled (`units.intercom_code`), used when `unitId` is not a unit of the building. */
  called?: string | null;
  doorOpened?: boolean;
}

export interface CallRecord {
  id: string;
  buildingId: string;
  doorId: string | null;
  intercomId: string | null;
  unitId: string | null;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  status: 'ringing' | 'answered' | 'missed';
  durationSeconds: number | null;
  doorOpened: boolean;
  doorName: string | null;
  unitName: string | null;
  intercomName: string | null;
}

interface RawCallRow extends Record<string, unknown> {
  id: string;
  building_id: string;
  door_id: string | null;
  intercom_id: string | null;
  unit_id: string | null;
  started_at: Date | string;
  answered_at: Date | string | null;
  ended_at: Date | string | null;
  status: CallRecord['status'];
  duration_seconds: number | null;
  door_opened: boolean;
  door_name: string | null;
  unit_name: string | null;
  intercom_name: string | null;
  changed: boolean;
}

const toDate = (value: Date | string) => new Date(value);
const toDateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const timestamp_ = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Whole seconds from answer to end, when both are known (never negative); else null. */
function durationSeconds(answered: SQL, ended: SQL): SQL {
  return sql`case when ${answered} is not null and ${ended} is not null
                  then greatest(0, floor(extract(epoch from (${ended} - ${answered}))))::int end`;
}

/**
 * Records a call report in ONE statement: inserts the call, or merges the report into the row of the
 * same `(intercom_id, external_id)`. The merge never moves a call backwards, whatever the order the
 * reports arrive in (it is commutative and idempotent): each instant keeps its earliest known value
 * and is never cleared, `door_opened` is OR-ed, a unit once known stays, and status and duration
 * follow from the merged instants (answered if ever answered, else missed if ended, else ringing).
 * Returns the call with the names of its door, unit and intercom, and whether anything changed.
 */
export async function upsertCall(
  db: Executor,
  device: { intercomId: string; doorId: string; buildingId: string },
  report: CallReport,
): Promise<{ call: CallRecord; changed: boolean }> {
  const started = report.startedAt.toISOString();
  const answered = timestamp_(report.answeredAt);
  const ended = timestamp_(report.endedAt);
  const { buildingId } = device;
  const merged = {
    answered: sql`least(c.answered_at, excluded.answered_at)`,
    ended: sql`least(c.ended_at, excluded.ended_at)`,
  };
  const [row] = await queryRows<RawCallRow>(
    db,
    sql`with previous as (
          select started_at, answered_at, ended_at, status, door_opened, unit_id
            from ${calls}
           where intercom_id = ${device.intercomId}::uuid and external_id = ${report.externalId}
        ), saved as (
          insert into ${calls} as c (id, building_id, door_id, intercom_id, unit_id, user_id, external_id,
                                   started_at, answered_at, ended_at, status, duration_seconds, door_opened)
          values (
            ${newId()}::uuid, ${buildingId}::uuid, ${device.doorId}::uuid, ${device.intercomId}::uuid,
            coalesce(
              (select u.id from ${units} u where u.id = ${report.unitId ?? null}::uuid and u.building_id = ${buildingId}::uuid),
              (select u.id from ${units} u where u.building_id = ${buildingId}::uuid and u.intercom_code = ${report.called ?? null}::text)
            ),
            null, ${report.externalId},
            ${started}::timestamptz, ${answered}::timestamptz, ${ended}::timestamptz,
            case when ${answered}::timestamptz is not null then 'answered'
                 when ${ended}::timestamptz is not null then 'missed'
                 else 'ringing' end,
            ${durationSeconds(sql`${answered}::timestamptz`, sql`${ended}::timestamptz`)},
            ${report.doorOpened ?? false}
          )
          on conflict (intercom_id, external_id) do update set
            started_at = least(c.started_at, excluded.started_at),
            answered_at = ${merged.answered},
            ended_at = ${merged.ended},
            status = case when ${merged.answered} is not null then 'answered'
                          when ${merged.ended} is not null then 'missed'
                          else 'ringing' end,
            duration_seconds = ${durationSeconds(merged.answered, merged.ended)},
            unit_id = coalesce(c.unit_id, excluded.unit_id),
            door_opened = c.door_opened or excluded.door_opened
          returning *
        )
        select s.id, s.building_id, s.door_id, s.intercom_id, s.unit_id, s.started_at, s.answered_at, s.ended_at,
               s.status, s.duration_seconds, s.door_opened,
               d.name as door_name, u.name as unit_name, i.name as intercom_name,
               (p.status is null
                 or (p.started_at, p.answered_at, p.ended_at, p.status, p.door_opened, p.unit_id)
                    is distinct from (s.started_at, s.answered_at, s.ended_at, s.status, s.door_opened, s.unit_id)
               ) as changed
          from saved s
          left join previous p on true
          left join ${doors} d on d.id = s.door_id
          left join ${units} u on u.id = s.unit_id
          left join ${intercoms} i on i.id = s.intercom_id`,
  );
  const r = row!;
  return {
    changed: r.changed,
    call: {
      id: r.id,
      buildingId: r.building_id,
      doorId: r.door_id,
      intercomId: r.intercom_id,
      unitId: r.unit_id,
      startedAt: toDate(r.started_at),
      answeredAt: toDateOrNull(r.answered_at),
      endedAt: toDateOrNull(r.ended_at),
      status: r.status,
      durationSeconds: r.duration_seconds,
      doorOpened: r.door_opened,
      doorName: r.door_name,
      unitName: r.unit_name,
      intercomName: r.intercom_name,
    },
  };
}

/** The unit of a call the intercom reported, if the call is known and has one. */
export async function findCallUnitId(
  db: Executor,
  intercomId: string,
  externalId: string,
): Promise<string | null> {
  const [row] = await queryRows<{ unit_id: string | null }>(
    db,
    sql`select unit_id from ${calls}
         where intercom_id = ${intercomId}::uuid and external_id = ${externalId}
         limit 1`,
  );
  return row?.unit_id ?? null;
}

/**
 * The call a report without a call id belongs to: the latest call of this intercom whose external id
 * starts with `prefix` and that started in the 12 hours before `at`, preferring one not ended yet;
 * for an end report, a call that ended in the last 2 minutes also counts (a second end report of the
 * same call). Walks the door's calls index, newest first.
 */
export async function findRecentCall(
  db: Executor,
  device: { intercomId: string; doorId: string },
  prefix: string,
  at: Date,
  endReport: boolean,
): Promise<string | undefined> {
  const iso = at.toISOString();
  const [row] = await queryRows<{ external_id: string }>(
    db,
    sql`select external_id from ${calls}
         where door_id = ${device.doorId}::uuid
           and intercom_id = ${device.intercomId}::uuid
           and started_at > ${iso}::timestamptz - interval '12 hours'
           and starts_with(external_id, ${prefix})
           and (ended_at is null or (${endReport} and ended_at > ${iso}::timestamptz - interval '2 minutes'))
         order by (ended_at is null) desc, started_at desc
         limit 1`,
  );
  return row?.external_id;
}

/** Claims a device event's key; false when it was already recorded. */
export async function claimDeviceEvent(
  db: Executor,
  intercomId: string,
  externalId: string,
): Promise<boolean> {
  const rows = await db
    .insert(deviceEvents)
    .values({ intercomId, externalId })
    .onConflictDoNothing()
    .returning({ externalId: deviceEvents.externalId });
  return rows.length > 0;
}

/** Gives a claim back when recording its event failed, so a retry records it. */
export async function releaseDeviceEvent(
  db: Executor,
  intercomId: string,
  externalId: string,
): Promise<void> {
  await db
    .delete(deviceEvents)
    .where(
      sql`${deviceEvents.intercomId} = ${intercomId}::uuid and ${deviceEvents.externalId} = ${externalId}`,
    );
}
