import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import {
  buildingWithRoles,
  createBuilding,
  createDoor,
  createUnit,
  makeManager,
  makeMember,
  type Roles,
} from '../../../test/fixtures.js';
import { loadConfig } from '../../config.js';
import { newId } from '../../db/ids.js';
import { calls, doorLogs, oauth2Clients } from '../../db/schema.js';
import { applyRetention } from './retention.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

type LogValues = Partial<typeof doorLogs.$inferInsert>;
/** Door log rows straight into the table, one minute apart, oldest first. */
async function insertLogs(
  buildingId: string,
  count: number,
  values: (i: number) => LogValues = () => ({}),
  start = Date.parse('2026-03-01T10:00:00Z'),
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    buildingId,
    occurredAt: new Date(start + i * 60_000),
    actorType: 'user' as const,
    method: 'dashboard' as const,
    result: 'opened' as const,
    ...values(i),
  }));
  await t.ctx.db.insert(doorLogs).values(rows);
  return rows;
}

async function allPages(path: string, token: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const response = await call(
      t.app,
      'GET',
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    );
    expect(response.statusCode, response.body).toBe(200);
    ids.push(...response.json().data.map((row: { id: string }) => row.id));
    cursor = response.json().meta.next_cursor;
  } while (cursor);
  return ids;
}

describe('GET /buildings/{id}/door_logs', () => {
  it('pages the whole log newest first with cursors, without gaps or repeats', async () => {
    const building = await createBuilding(t.ctx);
    await makeManager(t.ctx, building.id, r.people.manager);
    const rows = await insertLogs(building.id, 23);
    const ids = await allPages(`/buildings/${building.id}/door_logs`, r.tokens.manager, 5);
    expect(ids).toEqual(rows.map((row) => row.id).reverse());
  });

  it('keeps a cursor stable while new rows arrive', async () => {
    const building = await createBuilding(t.ctx);
    await makeManager(t.ctx, building.id, r.people.manager);
    const rows = await insertLogs(building.id, 10);
    const first = await call(t.app, 'GET', `/buildings/${building.id}/door_logs?limit=4`, {
      token: r.tokens.manager,
    });
    await insertLogs(building.id, 3, () => ({}), Date.parse('2026-03-02T10:00:00Z'));
    const second = await call(
      t.app,
      'GET',
      `/buildings/${building.id}/door_logs?limit=4&cursor=${first.json().meta.next_cursor}`,
      {
        token: r.tokens.manager,
      },
    );
    expect(second.json().data.map((row: { id: string }) => row.id)).toEqual(
      rows
        .slice(2, 6)
        .map((row) => row.id)
        .reverse(),
    );
  });

  it('filters by door, result, method, person, visitor, unit, time and text', async () => {
    const building = await createBuilding(t.ctx);
    await makeManager(t.ctx, building.id, r.people.manager);
    const [front, back] = [
      await createDoor(t.ctx, building.id, { name: 'Front gate' }),
      await createDoor(t.ctx, building.id, { name: 'Back door' }),
    ];
    const unit = await createUnit(t.ctx, building.id, 'Penthouse');
    const rows = await insertLogs(building.id, 8, (i) => ({
      doorId: i % 2 === 0 ? front.id : back.id,
      result: i === 3 ? 'refused' : 'opened',
      reason: i === 3 ? 'outside_schedule: test' : null,
      method: i === 5 ? 'webapp' : 'dashboard',
      userId: i === 6 ? r.people.member.id : null,
      unitId: i === 7 ? unit.id : null,
    }));
    const idsOf = async (query: string) =>
      (await call(t.app, 'GET', `/buildings/${building.id}/door_logs?${query}`, { token: r.tokens.manager }))
        .json()
        .data.map((row: { id: string }) => row.id);
    const expected = (pick: (i: number) => boolean) =>
      rows
        .filter((_, i) => pick(i))
        .map((row) => row.id)
        .reverse();

    expect(await idsOf(`door_id=${back.id}`)).toEqual(expected((i) => i % 2 === 1));
    expect(await idsOf('result=refused')).toEqual(expected((i) => i === 3));
    expect(await idsOf('method=webapp')).toEqual(expected((i) => i === 5));
    expect(await idsOf(`user_id=${r.people.member.id}`)).toEqual(expected((i) => i === 6));
    expect(await idsOf(`unit_id=${unit.id}`)).toEqual(expected((i) => i === 7));
    expect(
      await idsOf(
        `from=${encodeURIComponent('2026-03-01T10:02:00Z')}&to=${encodeURIComponent('2026-03-01T10:04:00Z')}`,
      ),
    ).toEqual(expected((i) => i >= 2 && i <= 4));
    expect(await idsOf('q=front')).toEqual(expected((i) => i % 2 === 0));
    expect(await idsOf('q=penthouse')).toEqual(expected((i) => i === 7));
    expect(await idsOf(`q=${encodeURIComponent(r.people.member.email)}`)).toEqual(expected((i) => i === 6));

    const row = (
      await call(t.app, 'GET', `/buildings/${building.id}/door_logs?result=refused`, {
        token: r.tokens.manager,
      })
    ).json().data[0];
    expect(row).toMatchObject({
      door: { id: back.id, name: 'Back door' },
      result: 'refused',
      reason: 'outside_schedule: test',
      method: 'dashboard',
    });
  });

  it('refuses those who may not read the log, and bad input', async () => {
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      expect((await call(t.app, 'GET', `/buildings/${r.building.id}/door_logs`, { token })).statusCode).toBe(
        403,
      );
    }
    const badCursor = await call(t.app, 'GET', `/buildings/${r.building.id}/door_logs?cursor=nonsense`, {
      token: r.tokens.manager,
    });
    expect(badCursor.statusCode).toBe(422);
    expect(errorsOf(badCursor)[0]).toMatchObject({ field: 'cursor' });
    const bad = await call(
      t.app,
      'GET',
      `/buildings/${r.building.id}/door_logs?limit=1000&result=maybe&from=yesterday`,
      {
        token: r.tokens.manager,
      },
    );
    expect(
      errorsOf(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['from', 'limit', 'result']);
  });
});

describe('GET /buildings/{id}/calls', () => {
  it('pages and filters calls; refuses members', async () => {
    const building = await createBuilding(t.ctx);
    await makeManager(t.ctx, building.id, r.people.manager);
    const start = Date.parse('2026-03-01T10:00:00Z');
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: newId(),
      buildingId: building.id,
      startedAt: new Date(start + i * 60_000),
      status: (i % 3 === 0 ? 'missed' : 'answered') as 'missed' | 'answered',
      durationSeconds: i % 3 === 0 ? null : 30 + i,
    }));
    await t.ctx.db.insert(calls).values(rows);
    const ids = await allPages(`/buildings/${building.id}/calls`, r.tokens.manager, 3);
    expect(ids).toEqual(rows.map((row) => row.id).reverse());
    const missed = await call(t.app, 'GET', `/buildings/${building.id}/calls?status=missed`, {
      token: r.tokens.manager,
    });
    expect(missed.json().data.map((row: { id: string }) => row.id)).toEqual(
      rows
        .filter((_, i) => i % 3 === 0)
        .map((row) => row.id)
        .reverse(),
    );
    expect(missed.json().data[0]).toMatchObject({
      status: 'missed',
      duration_seconds: null,
      door_opened: false,
    });
    expect(
      (await call(t.app, 'GET', `/buildings/${r.building.id}/calls`, { token: r.tokens.member })).statusCode,
    ).toBe(403);
  });
});

describe('CSV export', () => {
  it('streams every row of the filter as CSV', async () => {
    const building = await createBuilding(t.ctx);
    await makeManager(t.ctx, building.id, r.people.manager);
    const door = await createDoor(t.ctx, building.id, { name: 'Lobby, main' });
    const app = {
      id: newId(),
      name: 'Courier Lockers',
      redirectUris: ['https://lockers.example/cb'],
      allowedScopes: [],
    };
    await t.ctx.db.insert(oauth2Clients).values(app);
    await insertLogs(building.id, 12, (i) => ({
      doorId: door.id,
      ...(i === 11
        ? { actorType: 'api_client' as const, method: 'api' as const, oauth2ClientId: app.id }
        : {}),
      result: i === 0 ? 'failed' : 'opened',
      reason: i === 0 ? 'offline: "x"' : null,
      elevatorCall:
        i === 11
          ? {
              source_area: '1000',
              destination_area: '3000',
              result: 'called',
              at: '2026-03-01T10:11:00.000Z',
            }
          : null,
    }));
    const response = await call(t.app, 'GET', `/buildings/${building.id}/door_logs.csv`, {
      token: r.tokens.manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment; filename="door-activity-');
    const records = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(12);
    expect(records[0]).toMatchObject({
      door: 'Lobby, main',
      result: 'opened',
      local_time: '2026-03-01 11:11:00',
      method: 'api',
      app: 'Courier Lockers',
      elevator: 'called to 3000',
    });
    expect(records[11]).toMatchObject({ result: 'failed', reason: 'offline: "x"', app: '', elevator: '' });

    const failedOnly = await call(t.app, 'GET', `/buildings/${building.id}/door_logs.csv?result=failed`, {
      token: r.tokens.manager,
    });
    expect(parse(failedOnly.body, { columns: true })).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', `/buildings/${building.id}/door_logs.csv`, { token: r.tokens.member }))
        .statusCode,
    ).toBe(403);
  });

  it('exports more rows than one batch, in order', async () => {
    const building = await createBuilding(t.ctx);
    await makeManager(t.ctx, building.id, r.people.manager);
    const rows = await insertLogs(building.id, 5_123);
    const response = await call(t.app, 'GET', `/buildings/${building.id}/door_logs.csv`, {
      token: r.tokens.manager,
    });
    const records = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(5_123);
    expect(records[0]!.occurred_at).toBe(rows.at(-1)!.occurredAt.toISOString());
    expect(records.at(-1)!.occurred_at).toBe(rows[0]!.occurredAt.toISOString());
  });
});

describe('GET /me/events', () => {
  it('streams the events of every building the user may read, filtered per building', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v4`;
    const person = await createUser(t.ctx);
    const managed = await createBuilding(t.ctx);
    const lived = await createBuilding(t.ctx);
    const unrelated = await createBuilding(t.ctx);
    await makeManager(t.ctx, managed.id, person);
    await makeMember(t.ctx, (await createUnit(t.ctx, lived.id)).id, person);
    const { access } = await signIn(t.app, person.email);

    const response = await fetch(`${base}/me/events`, { headers: { authorization: `Bearer ${access}` } });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const doors = {
      managed: await createDoor(t.ctx, managed.id),
      lived: await createDoor(t.ctx, lived.id),
      unrelated: await createDoor(t.ctx, unrelated.id),
    };
    for (const door of [doors.unrelated, doors.lived, doors.managed]) {
      await fetch(`${base}/buildings/${door.buildingId}/doors/${door.id}/open`, {
        method: 'POST',
        headers: { authorization: `Bearer ${r.tokens.superadmin}`, 'x-csrf-token': '1' },
      });
    }
    let text = '';
    while ((text.match(/^event: /gm) ?? []).length < 3) text += (await reader.read()).value ?? '';
    await reader.cancel();
    const events = [...text.matchAll(/^event: (.+)\ndata: (.+)$/gm)].map((m) => ({
      type: m[1],
      door: JSON.parse(m[2]!).door_id,
    }));
    // The member sees the status change of their building, the manager everything of theirs.
    expect(events).toEqual([
      { type: 'door_status', door: doors.lived.id },
      { type: 'door_opened', door: doors.managed.id },
      { type: 'door_status', door: doors.managed.id },
    ]);
  });
});

describe('retention', () => {
  it('deletes rows older than the configured days, and keeps everything by default', async () => {
    const building = await createBuilding(t.ctx);
    const now = new Date('2026-06-01T12:00:00Z');
    await insertLogs(building.id, 3, () => ({}), Date.parse('2026-01-01T00:00:00Z'));
    const recent = await insertLogs(building.id, 2, () => ({}), Date.parse('2026-05-30T00:00:00Z'));
    const keep = await applyRetention({ db: t.ctx.db, config: loadConfig({}) }, now);
    expect(keep).toEqual({ door_logs: 0, calls: 0 });
    const deleted = await applyRetention(
      { db: t.ctx.db, config: loadConfig({ DOOR_LOG_RETENTION_DAYS: '90' }) },
      now,
    );
    expect(deleted.door_logs).toBeGreaterThanOrEqual(3);
    const left = await t.ctx.db.select().from(doorLogs).where(eq(doorLogs.buildingId, building.id));
    expect(left.map((row) => row.id).sort()).toEqual(recent.map((row) => row.id).sort());
    // The per-day counts follow the deletion (statement triggers on door_logs).
    const stats = await call(
      t.app,
      'GET',
      `/buildings/${building.id}/statistics/door_logs?from=2026-01-01&to=2026-05-31`,
      {
        token: r.tokens.superadmin,
      },
    );
    expect(stats.json().data.count).toBe(2);
  });
});

describe('unknown buildings', () => {
  it('answer 404 to a superadmin and 403 to others', async () => {
    const unknown = newId();
    expect(
      (await call(t.app, 'GET', `/buildings/${unknown}/door_logs`, { token: r.tokens.superadmin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/buildings/${unknown}/calls`, { token: r.tokens.superadmin })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/buildings/${unknown}/door_logs`, { token: r.tokens.manager })).statusCode,
    ).toBe(403);
  });
});
