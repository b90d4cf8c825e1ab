import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { FAKE_KONE_BUILDING, type FakeKone, startFakeKone } from '../../../test/fakes/kone.js';
import { buildingWithRoles, createDoor, type Roles } from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { buildings, doorLogs, entrySchedules, units } from '../../db/schema.js';

/*
 * The elevator call on entry (decision 008), through the real open routes: the fake KONE must
 * receive a destination call from the lobby to the unit's floor, and the door log row must say so.
 */

let t: TestApp;
let r: Roles;
let fake: FakeKone;
/** An entrance door and a side door, both open to the unit's members at all times. */
let entrance: { id: string };
let sideDoor: { id: string };

const always = { dateStart: '2000-01-01', dateEnd: '2999-12-31', timeStart: '00:00', timeEnd: '23:59' };

async function setBuilding(values: Partial<typeof buildings.$inferInsert>) {
  await t.ctx.db.update(buildings).set(values).where(eq(buildings.id, r.building.id));
}

async function setUnitArea(koneAreaId: string | null) {
  await t.ctx.db.update(units).set({ koneAreaId }).where(eq(units.id, r.unit.id));
}

async function openAsMember(doorId: string) {
  const response = await call(t.app, 'POST', `/buildings/${r.building.id}/doors/${doorId}/open`, {
    token: r.tokens.member,
    body: { via: 'webapp' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.door_log_id as string;
}

async function elevatorCallOf(doorLogId: string) {
  await t.ctx.entryCalls.idle();
  const [row] = await t.ctx.db.select().from(doorLogs).where(eq(doorLogs.id, doorLogId));
  return row!.elevatorCall as Record<string, unknown> | null;
}

beforeAll(async () => {
  fake = await startFakeKone();
  t = await createTestApp({ ...fake.env, KONE_TIMEOUT_MS: '2500' });
  r = await buildingWithRoles(t.ctx, t.app);
  entrance = r.door; // is_entrance
  sideDoor = await createDoor(t.ctx, r.building.id, { name: 'Bike shed', isEntrance: false });
  for (const door of [entrance, sideDoor]) {
    await t.ctx.db
      .insert(entrySchedules)
      .values({ id: newId(), unitId: r.unit.id, doorId: door.id, ...always });
  }
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(async () => {
  Object.assign(fake.failures, { silent: false, errorReply: null, refuseCalls: null, badCredentials: false });
  await setBuilding({ koneBuildingId: FAKE_KONE_BUILDING, elevatorCallOnEntry: true });
  await setUnitArea('3000');
});

describe('elevator call on entry', () => {
  beforeAll(async () => {
    await setBuilding({ koneBuildingId: FAKE_KONE_BUILDING, elevatorCallOnEntry: true });
    await setUnitArea('3000');
  });

  it('calls the elevator from the lobby to the unit’s floor when a member opens the entrance', async () => {
    const before = fake.calls().length;
    const logId = await openAsMember(entrance.id);
    const recorded = await elevatorCallOf(logId);
    expect(recorded).toMatchObject({ source_area: '1000', destination_area: '3000', result: 'called' });
    expect(Date.parse(recorded!.at as string)).not.toBeNaN();
    const calls = fake.calls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      type: 'lift-call-api-v2',
      buildingId: `building:${FAKE_KONE_BUILDING}`,
      callType: 'action',
      groupId: '1',
      payload: { area: 1000, terminal: 10011, call: { action: 2, destination: 3000 } },
    });

    // The door activity API shows it with the row.
    const list = await call(t.app, 'GET', `/buildings/${r.building.id}/door_logs`, {
      token: r.tokens.manager,
    });
    const row = list.json().data.find((entry: { id: string }) => entry.id === logId);
    expect(row.elevator_call).toMatchObject({
      source_area: '1000',
      destination_area: '3000',
      result: 'called',
    });
  });

  it('calls it for a visitor of the unit opening the entrance through their link', async () => {
    const created = await call(t.app, 'POST', `/units/${r.unit.id}/visitors`, {
      token: r.tokens.inviteMember,
      body: { name: 'Vera Visitor' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const uuid = (created.json().data.link as string).split('/').pop()!;
    const before = fake.calls().length;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v4/doors/${entrance.id}/open_visitor`,
      headers: { 'x-app-version': '1.21.1', 'x-csrf-token': '1' },
      payload: { uuid },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await elevatorCallOf(response.json().data.door_log_id)).toMatchObject({
      destination_area: '3000',
      result: 'called',
    });
    expect(fake.calls().length).toBe(before + 1);
  });

  it('makes no call for a side door, with the setting off, without a destination, or for a manager', async () => {
    const before = fake.calls().length;
    const logs = [await openAsMember(sideDoor.id)];

    await setBuilding({ elevatorCallOnEntry: false });
    logs.push(await openAsMember(entrance.id));
    await setBuilding({ elevatorCallOnEntry: true, koneBuildingId: null });
    logs.push(await openAsMember(entrance.id));
    await setBuilding({ koneBuildingId: FAKE_KONE_BUILDING });

    await setUnitArea(null);
    logs.push(await openAsMember(entrance.id));
    await setUnitArea('3000');

    // A manager opens as a manager, for no unit: nobody's floor to go to.
    const byManager = await call(t.app, 'POST', `/buildings/${r.building.id}/doors/${entrance.id}/open`, {
      token: r.tokens.manager,
    });
    logs.push(byManager.json().data.door_log_id);

    for (const logId of logs) expect(await elevatorCallOf(logId)).toBeNull();
    expect(fake.calls().length).toBe(before);
  });

  it('makes no call for a refused open', async () => {
    const before = fake.calls().length;
    const response = await call(t.app, 'POST', `/buildings/${r.building.id}/doors/${entrance.id}/open`, {
      token: r.tokens.stranger,
    });
    expect(response.statusCode).toBe(403);
    await t.ctx.entryCalls.idle();
    expect(fake.calls().length).toBe(before);
  });

  it('opens the door at once when KONE does not answer, and logs the failed call', async () => {
    // An entry while KONE answers keeps the lobby in the cache: the call itself is what hangs next.
    await elevatorCallOf(await openAsMember(entrance.id));
    fake.failures.silent = true;
    const started = Date.now();
    const logId = await openAsMember(entrance.id);
    // The open did not wait for KONE's 2.5 s timeout.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await elevatorCallOf(logId)).toMatchObject({
      source_area: '1000',
      destination_area: '3000',
      result: 'failed',
      reason: expect.stringContaining('kone_timeout'),
    });
  });

  it('logs KONE’s refusal, and a KONE that cannot be reached, as failed calls', async () => {
    fake.failures.refuseCalls = 'Destination not allowed for this terminal';
    const refused = await elevatorCallOf(await openAsMember(entrance.id));
    expect(refused).toMatchObject({
      result: 'failed',
      reason: 'kone_refused: Destination not allowed for this terminal',
    });

    const down = await startFakeKone();
    await down.close();
    const offline = await createTestApp({
      ...fake.env,
      KONE_API_URL: down.apiUrl,
      KONE_WS_URL: down.wsUrl,
      KONE_TIMEOUT_MS: '600',
    });
    try {
      const roles = await buildingWithRoles(offline.ctx, offline.app);
      await offline.ctx.db
        .update(buildings)
        .set({ koneBuildingId: FAKE_KONE_BUILDING, elevatorCallOnEntry: true })
        .where(eq(buildings.id, roles.building.id));
      await offline.ctx.db.update(units).set({ koneAreaId: '3000' }).where(eq(units.id, roles.unit.id));
      await offline.ctx.db
        .insert(entrySchedules)
        .values({ id: newId(), unitId: roles.unit.id, doorId: roles.door.id, ...always });
      const response = await call(
        offline.app,
        'POST',
        `/buildings/${roles.building.id}/doors/${roles.door.id}/open`,
        {
          token: roles.tokens.member,
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.result).toBe('opened');
      await offline.ctx.entryCalls.idle();
      const [row] = await offline.ctx.db
        .select()
        .from(doorLogs)
        .where(eq(doorLogs.id, response.json().data.door_log_id));
      expect(row!.elevatorCall).toMatchObject({
        source_area: null,
        destination_area: '3000',
        result: 'failed',
        reason: expect.stringContaining('kone_unavailable'),
      });
    } finally {
      await offline.close();
    }
  });
});
