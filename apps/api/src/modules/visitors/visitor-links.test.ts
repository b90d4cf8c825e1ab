import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createDoor, type Roles } from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { doorLogs, entrySchedules, visitors } from '../../db/schema.js';
import { VISITOR_LINK_LIMITS } from './link-routes.js';

let t: TestApp;
let r: Roles;
/** Doors of the building: `open` has an all-time schedule for the unit, `closed` one in the past, `none` none. */
let doors: Record<'open' | 'closed' | 'none' | 'elsewhere', { id: string; name: string }>;

const hour = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
let ipCounter = 0;
/** Each test calls from its own address, so the per-IP limits of one test do not touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function schedule(
  doorId: string,
  window: { dateStart: string; dateEnd: string; timeStart: string; timeEnd: string },
) {
  await t.ctx.db.insert(entrySchedules).values({ id: newId(), unitId: r.unit.id, doorId, ...window });
}

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  doors = {
    open: r.door,
    closed: await createDoor(t.ctx, r.building.id, { name: 'Bike shed' }),
    none: await createDoor(t.ctx, r.building.id, { name: 'Roof' }),
    elsewhere: await createDoor(t.ctx, r.otherBuilding.id, { name: 'Other entrance' }),
  };
  const always = { dateStart: '2000-01-01', dateEnd: '2999-12-31', timeStart: '00:00', timeEnd: '23:59' };
  await schedule(doors.open.id, always);
  await schedule(doors.closed.id, { ...always, dateEnd: '2000-01-02' });
});
afterAll(() => t.close());

/** A call as a visitor's browser makes it: no token, from `ip`, with the CSRF header on writes. */
function visitorCall(
  method: 'GET' | 'POST',
  url: string,
  options: { ip: string; body?: unknown; withoutCsrf?: boolean },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-app-version': '1.21.1' };
  if (method === 'POST' && !options.withoutCsrf) headers['x-csrf-token'] = '1';
  return t.app.inject({
    method,
    url: `/api/v4${url}`,
    headers,
    remoteAddress: options.ip,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** Creates a visitor through the API (as the unit's invite-member) and returns it with its link uuid. */
async function newVisitor(body: Record<string, unknown> = {}) {
  const response = await call(t.app, 'POST', `/units/${r.unit.id}/visitors`, {
    token: r.tokens.inviteMember,
    body: { name: 'Vera Visitor', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  const visitor = response.json().data as { id: string; link: string };
  return { ...visitor, uuid: visitor.link.split('/').pop()! };
}

async function changeVisitor(id: string, body: Record<string, unknown>) {
  const response = await call(t.app, 'PUT', `/units/${r.unit.id}/visitors/${id}`, {
    token: r.tokens.inviteMember,
    body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const lookUp = (uuid: string, ip = freshIp()) => visitorCall('GET', `/visitors/${uuid}`, { ip });
const open = (doorId: string, uuid: string, ip = freshIp()) =>
  visitorCall('POST', `/doors/${doorId}/open_visitor`, { ip, body: { uuid } });
const logsOf = (doorId: string) => t.ctx.db.select().from(doorLogs).where(eq(doorLogs.doorId, doorId));
const codeOf = (response: LightMyRequestResponse) => errorsOf(response)[0]?.code;

describe('GET /visitors/{uuid} (no sign-in)', () => {
  it('shows the visitor, unit, building and the doors open to them now', async () => {
    const visitor = await newVisitor();
    const response = await lookUp(visitor.uuid);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({
      visitor: {
        name: 'Vera Visitor',
        valid_from: expect.any(String),
        valid_until: expect.any(String),
        state: 'active',
      },
      unit: { name: r.unit.name },
      building: { name: r.building.name, time_zone: 'Europe/Amsterdam' },
      doors: [{ id: doors.open.id, name: 'Main entrance', is_entrance: true }],
    });
  });

  it('answers 404 link_invalid for an unknown link, and 422 for something that is no uuid', async () => {
    const unknown = await lookUp(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown)).toBe('link_invalid');
    expect((await lookUp('not-a-uuid')).statusCode).toBe(422);
  });

  it('shows no doors before the link starts; 410 once it is revoked or has expired', async () => {
    const upcoming = await newVisitor({ valid_from: inHours(2) });
    const early = await lookUp(upcoming.uuid);
    expect(early.statusCode).toBe(200);
    expect(early.json().data.doors).toEqual([]);

    const visitor = await newVisitor();
    await changeVisitor(visitor.id, { revoked: true });
    const revoked = await lookUp(visitor.uuid);
    expect(revoked.statusCode).toBe(410);
    expect(codeOf(revoked)).toBe('link_revoked');
    expect(revoked.json().data).toBeNull();

    await changeVisitor(visitor.id, { revoked: false });
    expect((await lookUp(visitor.uuid)).statusCode).toBe(200);

    await changeVisitor(visitor.id, { valid_from: inHours(-48), valid_until: inHours(-24) });
    const expired = await lookUp(visitor.uuid);
    expect(expired.statusCode).toBe(410);
    expect(codeOf(expired)).toBe('link_expired');
  });
});

describe('POST /doors/{d}/open_visitor (no sign-in)', () => {
  it('opens a door a schedule of the visitor’s unit opens now, and logs it as the visitor', async () => {
    const visitor = await newVisitor();
    const response = await open(doors.open.id, visitor.uuid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ result: 'opened', status: 'unlocked', reason: null });
    const log = (await logsOf(doors.open.id)).find((row) => row.id === response.json().data.door_log_id);
    expect(log).toMatchObject({
      actorType: 'visitor',
      visitorId: visitor.id,
      unitId: r.unit.id,
      userId: null,
      method: 'visitor_link',
      result: 'opened',
    });
  });

  it('refuses doors outside the schedule with 403 outside_schedule, logging the refusal', async () => {
    const visitor = await newVisitor();
    for (const door of [doors.closed, doors.none]) {
      const response = await open(door.id, visitor.uuid);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('outside_schedule');
      const logs = (await logsOf(door.id)).filter((row) => row.visitorId === visitor.id);
      expect(logs).toEqual([
        expect.objectContaining({
          result: 'refused',
          actorType: 'visitor',
          method: 'visitor_link',
          unitId: r.unit.id,
          reason: expect.stringMatching(/^outside_schedule/),
        }),
      ]);
    }
  });

  it('answers a door of another building or an unknown door alike, without logging', async () => {
    const visitor = await newVisitor();
    for (const doorId of [doors.elsewhere.id, crypto.randomUUID()]) {
      const response = await open(doorId, visitor.uuid);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('outside_schedule');
    }
    expect(await logsOf(doors.elsewhere.id)).toEqual([]);
  });

  it('refuses a link that is unknown, not yet valid, revoked or expired, and logs none of it', async () => {
    const before = (await logsOf(doors.open.id)).length;
    const unknown = await open(doors.open.id, crypto.randomUUID());
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'link_invalid']);

    const upcoming = await newVisitor({ valid_from: inHours(1) });
    const early = await open(doors.open.id, upcoming.uuid);
    expect([early.statusCode, codeOf(early)]).toEqual([403, 'link_not_yet_valid']);

    const visitor = await newVisitor();
    await changeVisitor(visitor.id, { revoked: true });
    const revoked = await open(doors.open.id, visitor.uuid);
    expect([revoked.statusCode, codeOf(revoked)]).toEqual([410, 'link_revoked']);

    await changeVisitor(visitor.id, { revoked: false });
    expect((await open(doors.open.id, visitor.uuid)).statusCode).toBe(200);

    await changeVisitor(visitor.id, { valid_from: inHours(-3), valid_until: inHours(-1) });
    const expired = await open(doors.open.id, visitor.uuid);
    expect([expired.statusCode, codeOf(expired)]).toEqual([410, 'link_expired']);
    // The one successful open is the only new log row.
    expect((await logsOf(doors.open.id)).length).toBe(before + 1);

    // Put back inside its window (straight in the database), the same link works again.
    const [row] = await t.ctx.db
      .update(visitors)
      .set({ validFrom: new Date(Date.now() - hour), validUntil: new Date(Date.now() + hour) })
      .where(eq(visitors.id, visitor.id))
      .returning();
    expect((await open(doors.open.id, row!.linkUuid)).statusCode).toBe(200);
  });

  it('needs the CSRF header like every write, and a uuid in the body', async () => {
    const visitor = await newVisitor();
    const ip = freshIp();
    const noCsrf = await visitorCall('POST', `/doors/${doors.open.id}/open_visitor`, {
      ip,
      body: { uuid: visitor.uuid },
      withoutCsrf: true,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(codeOf(noCsrf)).toBe('csrf_missing');
    const noUuid = await visitorCall('POST', `/doors/${doors.open.id}/open_visitor`, { ip, body: {} });
    expect(noUuid.statusCode).toBe(422);
    expect(errorsOf(noUuid)[0]!.field).toBe('uuid');
  });

  it('ignores a signed-in caller’s roles: only the link counts', async () => {
    const response = await call(t.app, 'POST', `/doors/${doors.none.id}/open_visitor`, {
      token: r.tokens.manager,
      body: { uuid: crypto.randomUUID() },
    });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('link_invalid');
  });
});

describe('rate limits per IP address', () => {
  it(`allows ${VISITOR_LINK_LIMITS.lookups.points} lookups a minute, then 429 with Retry-After`, async () => {
    const visitor = await newVisitor();
    const ip = freshIp();
    for (let i = 0; i < VISITOR_LINK_LIMITS.lookups.points; i++) {
      // Unknown links count too: trying links at random is what the limit stops.
      const uuid = i % 2 === 0 ? visitor.uuid : crypto.randomUUID();
      expect((await lookUp(uuid, ip)).statusCode).not.toBe(429);
    }
    const limited = await lookUp(visitor.uuid, ip);
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookUp(visitor.uuid, freshIp())).statusCode).toBe(200);
  });

  it(`allows ${VISITOR_LINK_LIMITS.opens.points} opens a minute, then 429`, async () => {
    const visitor = await newVisitor();
    const ip = freshIp();
    for (let i = 0; i < VISITOR_LINK_LIMITS.opens.points; i++) {
      expect((await open(doors.open.id, visitor.uuid, ip)).statusCode).toBe(200);
    }
    const limited = await open(doors.open.id, visitor.uuid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The lookups of that address have their own budget.
    expect((await lookUp(visitor.uuid, ip)).statusCode).toBe(200);
  });
});
