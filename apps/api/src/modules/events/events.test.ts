import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createDoor, type Roles } from '../../../test/fixtures.js';
import { openPostgres } from '../../db/client.js';

let t: TestApp;
let r: Roles;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v4`;
});
afterAll(() => t.close());

/** Opens the building's event stream and collects its events until `until` says stop. */
async function collectEvents(
  token: string,
  buildingId: string,
  until: (events: { event: string; data: unknown }[]) => boolean,
  apiUrl = baseUrl,
) {
  const controller = new AbortController();
  const response = await fetch(`${apiUrl}/buildings/${buildingId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: { event: string; data: unknown }[] = [];
  const done = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      buffer += value;
      let boundary = buffer.indexOf('\n\n');
      while (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const event = block.match(/^event: (.+)$/m)?.[1];
        const data = block.match(/^data: (.+)$/m)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        if (until(events)) return;
        boundary = buffer.indexOf('\n\n');
      }
    }
  })();
  return { response, events, done, stop: () => controller.abort() };
}

describe('GET /buildings/{id}/events', () => {
  it('streams door opens and status changes to the building’s manager', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const stream = await collectEvents(r.tokens.manager, r.building.id, (events) => events.length >= 2);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const opened = await fetch(`${baseUrl}/buildings/${r.building.id}/doors/${door.id}/open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.tokens.manager}`, 'x-csrf-token': '1' },
    });
    expect(opened.status).toBe(200);
    const { door_log_id } = ((await opened.json()) as { data: { door_log_id: string } }).data;
    await stream.done;
    stream.stop();

    expect(stream.events).toEqual([
      {
        event: 'door_opened',
        data: expect.objectContaining({
          door_id: door.id,
          door_log_id,
          result: 'opened',
          method: 'dashboard',
        }),
      },
      {
        event: 'door_status',
        data: expect.objectContaining({ door_id: door.id, status: 'unlocked', building_id: r.building.id }),
      },
    ]);
  });

  it('tells a member about status changes, but not who opened a door (door-log information)', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const stream = await collectEvents(r.tokens.member, r.building.id, (events) => events.length >= 1);
    await fetch(`${baseUrl}/buildings/${r.building.id}/doors/${door.id}/open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.tokens.manager}`, 'x-csrf-token': '1' },
    });
    await stream.done;
    stream.stop();
    expect(stream.events).toEqual([
      { event: 'door_status', data: expect.objectContaining({ door_id: door.id, status: 'unlocked' }) },
    ]);
  });

  it('ends the stream once its session has ended', async () => {
    const quick = await createTestApp({ EVENTS_HEARTBEAT_SECONDS: '0.2' });
    try {
      await quick.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(quick.app.server.address() as AddressInfo).port}/api/v4`;
      const roles = await buildingWithRoles(quick.ctx, quick.app);
      const stream = await collectEvents(roles.tokens.member, roles.building.id, () => false, url);
      const logout = await fetch(`${url}/me/current_session`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${roles.tokens.member}`, 'x-csrf-token': '1' },
      });
      expect(logout.status).toBe(200);
      // The server closes the stream at the next heartbeat: the reading loop ends by itself.
      await stream.done;
    } finally {
      await quick.close();
    }
  });

  it('sends the relock when the unlock time is over', async () => {
    const door = await createDoor(t.ctx, r.building.id, {
      driverConfig: { unlock_seconds: 1, offline: false },
    });
    const stream = await collectEvents(r.tokens.manager, r.building.id, (events) =>
      events.some((e) => e.event === 'door_status' && (e.data as { status: string }).status === 'locked'),
    );
    await fetch(`${baseUrl}/buildings/${r.building.id}/doors/${door.id}/open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.tokens.manager}`, 'x-csrf-token': '1' },
    });
    await stream.done;
    stream.stop();
    const statuses = stream.events
      .filter((e) => e.event === 'door_status')
      .map((e) => (e.data as { status: string }).status);
    expect(statuses).toEqual(['unlocked', 'locked']);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'reaches a browser connected to another server process (PostgreSQL)',
    async () => {
      // A second server on the same database: the browser watches it while the door opens on the first.
      const second = await createTestApp(
        {},
        { database: await openPostgres({ url: t.databaseUrl!, poolMax: 2, connectTimeoutMs: 5000 }) },
      );
      await second.app.listen({ host: '127.0.0.1', port: 0 });
      const secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}/api/v4`;
      try {
        const door = await createDoor(t.ctx, r.building.id);
        const stream = await collectEvents(
          r.tokens.manager,
          r.building.id,
          (events) => events.length >= 2,
          secondUrl,
        );
        await fetch(`${baseUrl}/buildings/${r.building.id}/doors/${door.id}/open`, {
          method: 'POST',
          headers: { authorization: `Bearer ${r.tokens.manager}`, 'x-csrf-token': '1' },
        });
        await stream.done;
        stream.stop();
        expect(stream.events.map((e) => e.event)).toEqual(['door_opened', 'door_status']);
      } finally {
        // Only the pool of the second process closes; the database itself belongs to the first.
        await second.app.close();
        await second.ctx.close();
        await second.ctx.database.close();
      }
    },
  );

  it('travels over Redis when REDIS_URL is set', async (context) => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const reachable = await probe
      .connect()
      .then(() => true)
      .catch(() => false);
    probe.disconnect();
    if (!reachable) context.skip('no Redis at REDIS_URL or 127.0.0.1:6379');
    const withRedis = await createTestApp({ REDIS_URL: redisUrl });
    try {
      await withRedis.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(withRedis.app.server.address() as AddressInfo).port}/api/v4`;
      const roles = await buildingWithRoles(withRedis.ctx, withRedis.app);
      const stream = await collectEvents(
        roles.tokens.manager,
        roles.building.id,
        (events) => events.length >= 2,
        url,
      );
      const opened = await fetch(`${url}/buildings/${roles.building.id}/doors/${roles.door.id}/open`, {
        method: 'POST',
        headers: { authorization: `Bearer ${roles.tokens.manager}`, 'x-csrf-token': '1' },
      });
      expect(opened.status).toBe(200);
      await stream.done;
      stream.stop();
      expect(stream.events.map((e) => e.event)).toEqual(['door_opened', 'door_status']);
    } finally {
      await withRedis.close();
    }
  });

  it('refuses people outside the building', async () => {
    for (const token of [r.tokens.otherManager, r.tokens.stranger]) {
      const response = await fetch(`${baseUrl}/buildings/${r.building.id}/events`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(403);
    }
    const anonymous = await fetch(`${baseUrl}/buildings/${r.building.id}/events`);
    expect(anonymous.status).toBe(401);
  });
});
