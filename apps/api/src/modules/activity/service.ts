import { displayName } from '@gatehouse/core';
import { type Cursor, decodeCursor, encodeCursor } from './cursor.js';
import type { CallRow, DoorLogRow } from './repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function person(row: {
  user_id: string | null;
  user_first_name: string | null;
  user_last_name: string | null;
  user_email: string | null;
}) {
  if (!row.user_id) return null;
  const email = row.user_email ?? '';
  return {
    id: row.user_id,
    name: displayName({ firstName: row.user_first_name, lastName: row.user_last_name, email }),
    email,
  };
}

export function doorLogView(row: DoorLogRow) {
  return {
    id: row.id,
    occurred_at: iso(row.occurred_at),
    door: named(row.door_id, row.door_name),
    actor_type: row.actor_type,
    user: person(row),
    visitor: named(row.visitor_id, row.visitor_name),
    intercom: named(row.intercom_id, row.intercom_name),
    unit: named(row.unit_id, row.unit_name),
    method: row.method,
    result: row.result,
    reason: row.reason,
    elevator_call: row.elevator_call ?? null,
    oauth2_client: named(row.oauth2_client_id, row.oauth2_client_name),
  };
}

export function callView(row: CallRow) {
  return {
    id: row.id,
    started_at: iso(row.started_at),
    answered_at: isoOrNull(row.answered_at),
    ended_at: isoOrNull(row.ended_at),
    status: row.status,
    duration_seconds: row.duration_seconds,
    door_opened: row.door_opened,
    door: named(row.door_id, row.door_name),
    intercom: named(row.intercom_id, row.intercom_name),
    unit: named(row.unit_id, row.unit_name),
    user: person(row),
  };
}

/**
 * Reads one page: asks for one row more than the page holds, to know whether another page follows
 * without counting (a count over millions of rows is what keyset paging avoids).
 */
export async function readPage<Row extends { id: string; cursor_at: string }>(
  fetchRows: (cursor: Cursor | undefined, limit: number) => Promise<Row[]>,
  cursorParam: string | undefined,
  limit: number,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const rows = await fetchRows(decodeCursor(cursorParam), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** Walks every row of a filter, batch after batch (keyset), for the CSV export. */
export async function* walkRows<Row extends { id: string; cursor_at: string }>(
  fetchRows: (cursor: Cursor | undefined, limit: number) => Promise<Row[]>,
  batchSize = 5000,
): AsyncGenerator<Row> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await fetchRows(cursor, batchSize);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    cursor = { at: last.cursor_at, id: last.id };
  }
}
