import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import {
  buildingWithRoles,
  createDoor,
  createIntercom,
  createUnit,
  type Roles,
} from '../../../test/fixtures.js';
import { buildApp, loggedUrl, loggerOptions } from '../../app.js';
import { calls, doorLogs, doors, units } from '../../db/schema.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

function deviceCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  return app.inject({
    method,
    url: `/api/v4${url}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

async function signedInDevice(doorValues: Parameters<typeof createDoor>[2] = {}) {
  const door = await createDoor(t.ctx, r.building.id, doorValues);
  const { intercom, password } = await createIntercom(t.ctx, door.id);
  const response = await deviceCall(t.app, 'POST', '/devices/session', {
    body: { email: intercom.email, password },
  });
  return { door, intercom, token: response.json().data.access as string };
}

async function callsOf(intercomId: string) {
  return t.ctx.db.select().from(calls).where(eq(calls.intercomId, intercomId));
}

async function logsOf(doorId: string) {
  return t.ctx.db.select().from(doorLogs).where(eq(doorLogs.doorId, doorId));
}

async function unitWithCode(code: string) {
  const unit = await createUnit(t.ctx, r.building.id);
  await t.ctx.db.update(units).set({ intercomCode: code }).where(eq(units.id, unit.id));
  return unit;
}

/** Whole seconds, so durations are exact. */
const base = Math.floor(Date.now() / 1000) - 600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('POST /devices/2n/events', () => {
  const pull = (events: unknown[]) => ({ success: true, result: { events } });
  const callEvent = (
    id: number,
    tstamp: number | string,
    state: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    tstamp,
    event: 'CallStateChanged',
    params: { direction: 'outgoing', state, peer: 'sip:4101@10.0.0.20', session: 7, call: 1, ...extra },
  });

  it('turns ringing → connected → terminated into one answered call with its unit and duration', async () => {
    const device = await signedInDevice();
    const unit = await unitWithCode('4101');
    const response = await deviceCall(t.app, 'POST', '/devices/2n/events', {
      token: device.token,
      body: pull([
        callEvent(1, base, 'ringing'),
        { id: 2, tstamp: base + 1, event: 'KeyPressed', params: { key: '1' } },
        callEvent(3, iso(base + 8), 'connected'),
        callEvent(4, String(base + 50), 'terminated', { reason: 'normal' }),
      ]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ accepted: 3, ignored: 1 });
    const rows = await callsOf(device.intercom.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      externalId: '2n-7-1',
      status: 'answered',
      unitId: unit.id,
      doorId: device.door.id,
      buildingId: r.building.id,
      durationSeconds: 42,
    });
    expect(rows[0]!.startedAt.toISOString()).toBe(iso(base));
    expect(rows[0]!.answeredAt!.toISOString()).toBe(iso(base + 8));
    expect(rows[0]!.endedAt!.toISOString()).toBe(iso(base + 50));
  });

  it('records ringing → terminated as missed', async () => {
    const device = await signedInDevice();
    await deviceCall(t.app, 'POST', '/devices/2n/events', {
      token: device.token,
      body: pull([
        callEvent(1, base, 'ringing', { session: 9 }),
        callEvent(2, base + 30, 'terminated', { session: 9 }),
      ]),
    });
    const rows = await callsOf(device.intercom.id);
    expect(rows).toMatchObject([
      { externalId: '2n-9-1', status: 'missed', answeredAt: null, durationSeconds: null },
    ]);
  });

  it('records a switch turned on as one door opening, without asking the door again', async () => {
    // A relay door whose device does not exist: asking the driver would fail the open.
    const device = await signedInDevice({
      driver: 'http_relay',
      driverConfig: {
        url: 'http://127.0.0.1:9',
        switch: 1,
        auth: 'none',
        timeout_ms: 200,
        unlock_seconds: 5,
      },
    });
    // Just now, so the door is still within its 5 unlocked seconds when we look.
    const now = Math.floor(Date.now() / 1000);
    const response = await deviceCall(t.app, 'POST', '/devices/2n/events', {
      token: device.token,
      body: pull([
        { id: 11, tstamp: now, event: 'SwitchStateChanged', params: { switch: 1, state: true } },
        { id: 12, tstamp: now, event: 'SwitchStateChanged', params: { switch: 1, state: false } },
        { id: 13, tstamp: now, event: 'SwitchStateChanged', params: { switch: 2, state: true } },
      ]),
    });
    expect(response.json().data).toEqual({ accepted: 1, ignored: 2 });
    const logs = await logsOf(device.door.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actorType: 'device',
      intercomId: device.intercom.id,
      method: 'intercom',
      result: 'opened',
      reason: null,
    });
    expect(logs[0]!.occurredAt.toISOString()).toBe(iso(now));
    const [door] = await t.ctx.db.select().from(doors).where(eq(doors.id, device.door.id));
    expect(door!.status).toBe('unlocked');
  });

  it('records nothing twice when the same pull comes again', async () => {
    const device = await signedInDevice();
    const body = pull([
      callEvent(1, base, 'ringing', { session: 12 }),
      callEvent(2, base + 5, 'connected', { session: 12 }),
      { id: 3, tstamp: base + 6, event: 'SwitchStateChanged', params: { switch: 1, state: true } },
      callEvent(4, base + 20, 'terminated', { session: 12 }),
    ]);
    const first = await deviceCall(t.app, 'POST', '/devices/2n/events', { token: device.token, body });
    const [again, concurrent] = await Promise.all([
      deviceCall(t.app, 'POST', '/devices/2n/events', { token: device.token, body }),
      deviceCall(t.app, 'POST', '/devices/2n/events', { token: device.token, body }),
    ]);
    for (const response of [first, again, concurrent]) {
      expect(response.json().data).toEqual({ accepted: 4, ignored: 0 });
    }
    expect(await callsOf(device.intercom.id)).toMatchObject([{ status: 'answered', durationSeconds: 15 }]);
    expect(await logsOf(device.door.id)).toHaveLength(1);

    // 2N numbers events per subscription: the same id at another time is another event.
    await deviceCall(t.app, 'POST', '/devices/2n/events', {
      token: device.token,
      body: pull([
        { id: 3, tstamp: base + 400, event: 'SwitchStateChanged', params: { switch: 1, state: true } },
      ]),
    });
    expect(await logsOf(device.door.id)).toHaveLength(2);
  });

  it('refuses what is not a 2N pull reply, naming the field', async () => {
    const device = await signedInDevice();
    const cases: [unknown, string][] = [
      [{ hello: 'world' }, 'success'],
      [{ success: false, error: { code: 12 } }, 'success'],
      [pull([{ id: 'one', tstamp: base, event: 'KeyPressed' }]), 'result.events.0.id'],
      [pull([callEvent(1, base, 'ringing', { session: undefined })]), 'result.events.0.params.session'],
      [pull([callEvent(1, 'last tuesday', 'ringing')]), 'result.events.0.tstamp'],
      [
        pull([{ id: 1, tstamp: base, event: 'SwitchStateChanged', params: { switch: 1, state: 'on' } }]),
        'result.events.0.params.state',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await deviceCall(t.app, 'POST', '/devices/2n/events', { token: device.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(response).map((e) => e.field)).toContain(field);
    }
    expect(await callsOf(device.intercom.id)).toEqual([]);
    expect(await logsOf(device.door.id)).toEqual([]);
  });
});

describe('GET /devices/akuvox/event', () => {
  const akuvox = (token: string, query: Record<string, string>) =>
    deviceCall(t.app, 'GET', `/devices/akuvox/event?${new URLSearchParams({ token, ...query })}`);

  it('follows incoming → established → terminated into one answered call', async () => {
    const device = await signedInDevice();
    const unit = await unitWithCode('5202');
    const incoming = await akuvox(device.token, { event: 'incoming', remote: '5202', time: String(base) });
    expect(incoming.statusCode).toBe(200);
    expect(incoming.json().data).toMatchObject({ status: 'ringing', unit: { id: unit.id } });
    await akuvox(device.token, { event: 'established', remote: '5202', time: String(base + 4) });
    const ended = await akuvox(device.token, {
      event: 'terminated',
      remote: 'sip:5202@10.0.0.30',
      time: String(base + 34),
    });
    expect(ended.json().data).toMatchObject({
      id: incoming.json().data.id,
      status: 'answered',
      started_at: iso(base),
      answered_at: iso(base + 4),
      ended_at: iso(base + 34),
      duration_seconds: 30,
    });
    expect(await callsOf(device.intercom.id)).toHaveLength(1);
  });

  it('records a missed call once, even with a terminated after it', async () => {
    const device = await signedInDevice();
    await akuvox(device.token, { event: 'incoming', remote: '5303', time: String(base) });
    const missed = await akuvox(device.token, { event: 'missed', remote: '5303', time: String(base + 25) });
    expect(missed.json().data).toMatchObject({ status: 'missed', ended_at: iso(base + 25) });
    await akuvox(device.token, { event: 'terminated', remote: '5303', time: String(base + 26) });
    expect(await callsOf(device.intercom.id)).toMatchObject([{ status: 'missed' }]);

    // The next call from the same remote is a call of its own.
    await akuvox(device.token, { event: 'incoming', remote: '5303', time: String(base + 120) });
    expect(await callsOf(device.intercom.id)).toHaveLength(2);
  });

  it('uses the device’s call id when it sends one', async () => {
    const device = await signedInDevice();
    await akuvox(device.token, { event: 'incoming', call_id: 'abc', remote: '1', time: String(base) });
    await akuvox(device.token, { event: 'incoming', call_id: 'def', remote: '1', time: String(base + 1) });
    await akuvox(device.token, { event: 'established', call_id: 'abc', remote: '1', time: String(base + 3) });
    const rows = await callsOf(device.intercom.id);
    expect(rows.map((row) => [row.externalId, row.status]).sort()).toEqual([
      ['akuvox-call-abc', 'answered'],
      ['akuvox-call-def', 'ringing'],
    ]);
  });

  it('refuses a missing, wrong or user token', async () => {
    const device = await signedInDevice();
    const missing = await deviceCall(t.app, 'GET', '/devices/akuvox/event?event=incoming&remote=1');
    expect(missing.statusCode).toBe(401);
    const wrong = await akuvox(`${device.token.slice(0, -3)}abc`, { event: 'incoming', remote: '1' });
    expect(wrong.statusCode).toBe(401);
    const user = await akuvox(r.tokens.manager, { event: 'incoming', remote: '1' });
    expect(user.statusCode).toBe(401);
    expect(await callsOf(device.intercom.id)).toEqual([]);
    const badEvent = await akuvox(device.token, { event: 'exploded' });
    expect(badEvent.statusCode).toBe(422);
    expect(errorsOf(badEvent)[0]!.field).toBe('event');
  });

  it('keeps the token out of the request log', async () => {
    const device = await signedInDevice();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp(t.ctx, {
      logger: { ...(loggerOptions('info', false) as object), stream },
      webDistDir: null,
    });
    try {
      const response = await logged.inject({
        method: 'GET',
        url: `/api/v4/devices/akuvox/event?token=${device.token}&event=incoming&remote=7`,
      });
      expect(response.statusCode).toBe(200);
      const output = lines.join('');
      expect(output).toContain('"url":"/api/v4/devices/akuvox/event"');
      expect(output).not.toContain(device.token);
      expect(output).not.toContain(device.token.split('.')[2]!);
    } finally {
      await logged.close();
    }
    // Other calls keep their query in the log.
    expect(loggedUrl('/api/v4/buildings?search=x')).toBe('/api/v4/buildings?search=x');
    expect(loggedUrl('/api/v4/Devices/akuvox/event?token=secret')).toBe('/api/v4/Devices/akuvox/event');
    expect(loggedUrl('/api/v4/%64evices/akuvox/event?token=secret')).toBe('/api/v4/%64evices/akuvox/event');
  });
});

describe('OpenAPI', () => {
  it('documents the device calls', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths;
    for (const path of [
      '/api/v4/devices/session',
      '/api/v4/devices/door/open',
      '/api/v4/devices/pincode',
      '/api/v4/devices/calls',
      '/api/v4/devices/2n/events',
      '/api/v4/devices/akuvox/event',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
  });
});

describe('live call events', () => {
  it('tells the building’s call readers about every recorded or changed call', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v4`;
    const device = await signedInDevice();
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}/buildings/${r.building.id}/events`, {
      headers: { authorization: `Bearer ${r.tokens.manager}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events: { event: string; data: { call_id?: string; status?: string } }[] = [];
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const received = (async () => {
      let buffer = '';
      while (events.filter((e) => e.event === 'call').length < 2) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.+)$/m)?.[1];
          const data = block.match(/^data: (.+)$/m)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    })();

    const started = iso(base);
    const first = await deviceCall(t.app, 'POST', '/devices/calls', {
      token: device.token,
      body: { external_id: 'live-1', started_at: started },
    });
    // A replay changes nothing and announces nothing; the answer does.
    await deviceCall(t.app, 'POST', '/devices/calls', {
      token: device.token,
      body: { external_id: 'live-1', started_at: started },
    });
    await deviceCall(t.app, 'POST', '/devices/calls', {
      token: device.token,
      body: { external_id: 'live-1', started_at: started, answered_at: iso(base + 3) },
    });
    await received;
    controller.abort();
    const callId = first.json().data.id;
    expect(events.filter((e) => e.event === 'call')).toEqual([
      {
        event: 'call',
        data: {
          type: 'call',
          building_id: r.building.id,
          call_id: callId,
          door_id: device.door.id,
          status: 'ringing',
          started_at: started,
        },
      },
      { event: 'call', data: expect.objectContaining({ call_id: callId, status: 'answered' }) },
    ]);
  });
});
