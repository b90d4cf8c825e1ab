import type { RoleData } from '@gatehouse/core';
import { can } from '@gatehouse/core';
import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../http/errors.js';
import { assetUrl } from '../assets/service.js';
import {
  type BuildingRow,
  countToday,
  countUnitsAndDoors,
  type DoorCounts,
  deleteBuilding,
  doorSummaries,
  findBuilding,
} from './repository.js';

/** The buildings a user may see: those they manage or belong to (every building for a superadmin). */
export function visibleBuildingIds(roleData: RoleData): string[] | undefined {
  if (roleData.isSuperadmin) return undefined;
  return [
    ...new Set([
      ...roleData.bManagerOfBuilding,
      ...roleData.uManagerOfBuilding,
      ...roleData.uMemberOfBuilding,
    ]),
  ];
}

export async function requireBuilding(ctx: AppContext, id: string): Promise<BuildingRow> {
  const building = await findBuilding(ctx.db, id);
  if (!building) throw notFound('Building');
  return building;
}

/**
 * The reply shape of buildings, for one or many at once (one query each for door summaries and
 * today's counts, whatever the number of buildings). Activity counts appear only where the user
 * may read them (spec 2).
 */
export async function buildingViews(ctx: AppContext, roleData: RoleData, rows: BuildingRow[]) {
  const ids = rows.map((row) => row.id);
  const callsReadable = ids.filter((buildingId) => can(roleData, 'callRead', { buildingId }));
  const logsReadable = ids.filter((buildingId) => can(roleData, 'doorLogRead', { buildingId }));
  const [summaries, calls, logs] = await Promise.all([
    doorSummaries(ctx.db, ids),
    countToday(ctx.db, 'calls', callsReadable),
    countToday(ctx.db, 'door_logs', logsReadable),
  ]);
  return rows.map((row) => ({
    ...buildingView(row, summaries.get(row.id)!, calls.get(row.id), logs.get(row.id)),
    photo_url: row.photoAssetId ? assetUrl(ctx, row.photoAssetId) : null,
  }));
}

function buildingView(
  row: BuildingRow,
  summary: DoorCounts,
  calls: number | undefined,
  logs: number | undefined,
) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    postal_code: row.postalCode,
    city: row.city,
    country: row.country,
    time_zone: row.timeZone,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    saltoks_site_id: row.saltoksSiteId,
    kone_building_id: row.koneBuildingId,
    elevator_call_on_entry: row.elevatorCallOnEntry,
    photo_asset_id: row.photoAssetId,
    door_summary: summary,
    activity: {
      ...(calls !== undefined ? { intercom_calls: calls } : {}),
      ...(logs !== undefined ? { door_logs: logs } : {}),
    },
    inserted_at: row.insertedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Refuses while units or doors exist, unless the caller confirmed the cascade; all or nothing. */
export async function removeBuilding(ctx: AppContext, id: string, cascade: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { units, doors } = await countUnitsAndDoors(tx, id);
    if ((units > 0 || doors > 0) && !cascade) {
      throw conflict(
        `This building still has ${units} unit(s) and ${doors} door(s); confirm with cascade=true to delete them too`,
      );
    }
    await deleteBuilding(tx, id, cascade);
  });
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/** The date `days` days before a date (YYYY-MM-DD). */
export function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** Every day of the range, with zero where nothing happened. */
export function fillDays(from: string, to: string, counts: { date: string; count: number }[]) {
  const byDate = new Map(counts.map((row) => [row.date, row.count]));
  const days: { date: string; count: number }[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    const date = day.toISOString().slice(0, 10);
    days.push({ date, count: byDate.get(date) ?? 0 });
  }
  return days;
}
