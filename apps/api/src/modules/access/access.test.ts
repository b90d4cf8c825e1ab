import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createDoor, type Roles } from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { entrySchedules } from '../../db/schema.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** A schedule for the roles' unit; times are Amsterdam clock times (the fixtures' building zone). */
async function schedule(
  doorId: string,
  window: { dateStart: string; dateEnd: string; timeStart: string; timeEnd: string },
) {
  await t.ctx.db.insert(entrySchedules).values({ id: newId(), unitId: r.unit.id, doorId, ...window });
}

/** Freezes the clock at an Amsterdam local time (winter: UTC+1). */
function atAmsterdam(localIso: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${localIso}+01:00`) });
}

async function open(token: string, doorId: string) {
  return call(t.app, 'POST', `/buildings/${r.building.id}/doors/${doorId}/open`, {
    token,
    body: { via: 'webapp' },
  });
}

describe('opening through an entry schedule', () => {
  it('lets members through only inside the window, in the building’s time zone', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    await schedule(door.id, {
      dateStart: '2026-02-02',
      dateEnd: '2026-02-06',
      timeStart: '08:00',
      timeEnd: '18:00',
    });

    atAmsterdam('2026-02-04T07:59:00');
    expect((await open(r.tokens.member, door.id)).statusCode).toBe(403);
    atAmsterdam('2026-02-04T08:00:00');
    expect((await open(r.tokens.member, door.id)).statusCode).toBe(200);
    atAmsterdam('2026-02-04T18:00:30');
    expect((await open(r.tokens.inviteMember, door.id)).statusCode).toBe(200);
    atAmsterdam('2026-02-04T18:01:00');
    const after = await open(r.tokens.member, door.id);
    expect(after.statusCode).toBe(403);
    expect(errorsOf(after)[0]).toMatchObject({ code: 'outside_schedule' });
    atAmsterdam('2026-02-07T12:00:00');
    expect((await open(r.tokens.unitManager, door.id)).statusCode).toBe(403);
  });

  it('runs a night window across midnight', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    await schedule(door.id, {
      dateStart: '2026-02-02',
      dateEnd: '2026-02-02',
      timeStart: '22:00',
      timeEnd: '02:00',
    });
    atAmsterdam('2026-02-02T23:30:00');
    expect((await open(r.tokens.member, door.id)).statusCode).toBe(200);
    atAmsterdam('2026-02-03T01:45:00');
    expect((await open(r.tokens.member, door.id)).statusCode).toBe(200);
    atAmsterdam('2026-02-03T02:30:00');
    expect((await open(r.tokens.member, door.id)).statusCode).toBe(403);
  });

  it('does not bind building managers', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    expect((await open(r.tokens.manager, door.id)).statusCode).toBe(200);
  });
});

describe('GET /me/doors', () => {
  it('lists the doors open to the user now, with the reason', async () => {
    const door = await createDoor(t.ctx, r.building.id, { name: 'Bike shed' });
    await schedule(door.id, {
      dateStart: '2026-02-02',
      dateEnd: '2026-02-06',
      timeStart: '08:00',
      timeEnd: '18:00',
    });

    atAmsterdam('2026-02-04T12:00:00');
    const asMember = (await call(t.app, 'GET', '/me/doors', { token: r.tokens.member })).json().data;
    expect(asMember.find((d: { id: string }) => d.id === door.id)).toMatchObject({
      name: 'Bike shed',
      building: { id: r.building.id },
      reason: {
        type: 'schedule',
        unit: { id: r.unit.id },
        time_start: '08:00',
        time_end: '18:00',
        date_end: '2026-02-06',
      },
    });
    atAmsterdam('2026-02-04T20:00:00');
    const evening = (await call(t.app, 'GET', '/me/doors', { token: r.tokens.member })).json().data;
    expect(evening.find((d: { id: string }) => d.id === door.id)).toBeUndefined();

    const asManager = (await call(t.app, 'GET', '/me/doors', { token: r.tokens.manager })).json().data;
    expect(asManager.find((d: { id: string }) => d.id === door.id)).toMatchObject({
      reason: { type: 'building_manager' },
    });
    const asStranger = (await call(t.app, 'GET', '/me/doors', { token: r.tokens.stranger })).json().data;
    expect(asStranger).toEqual([]);
  });
});
