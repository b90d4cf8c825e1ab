import type { BuildingEvent } from '@gatehouse/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { type FakeSaltoKs, type FakeSite, startFakeSaltoKs } from '../../../test/fakes/saltoks.js';
import { createBuilding, createDoor } from '../../../test/fixtures.js';
import { buildings, doorLogs } from '../../db/schema.js';
import { SaltoKsClient } from './client.js';
import { importSaltoKsEntries } from './entries-import.js';

let fake: FakeSaltoKs;
let t: TestApp;
let site: FakeSite;

beforeAll(async () => {
  fake = await startFakeSaltoKs();
  site = fake.state.addSite({ customer_reference: 'Canal house' });
  t = await createTestApp({ ...fake.env, SALTOKS_RETRIES: '0' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function waitFor<T>(read: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Salto KS entries import', () => {
  it('logs each entry of a door’s lock once, moves the cursor, and announces new rows', async () => {
    const building = await createBuilding(t.ctx);
    const cursor = new Date(Date.now() - 60 * 60 * 1000);
    await t.ctx.db
      .update(buildings)
      .set({ saltoksSiteId: site.id, saltoksEntriesSyncedUntil: cursor })
      .where(eq(buildings.id, building.id));
    const front = fake.state.addLock(site, { customer_reference: 'Front' });
    const garage = fake.state.addLock(site, { customer_reference: 'Garage' });
    const unused = fake.state.addLock(site, { customer_reference: 'Not a door' });
    const frontDoor = await createDoor(t.ctx, building.id, {
      driver: 'saltoks',
      driverConfig: { lock_id: front.id, site_id: site.id, unlock_seconds: 5 },
    });
    const garageDoor = await createDoor(t.ctx, building.id, {
      driver: 'saltoks',
      driverConfig: { lock_id: garage.id, site_id: site.id, unlock_seconds: 5 },
    });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    fake.state.addEntry(site, { lock_id: front.id, date: at(120), open_type: 'key' }); // before the cursor
    const opened = fake.state.addEntry(site, {
      lock_id: front.id,
      date: at(30),
      open_type: 'key',
      user: { id: 'u1', first_name: 'Jane', last_name: 'Doe' },
    });
    const refused = fake.state.addEntry(site, {
      lock_id: garage.id,
      date: at(20),
      open_type: 'pin',
      success: false,
    });
    fake.state.addEntry(site, { lock_id: unused.id, date: at(15) });
    const newest = fake.state.addEntry(site, { lock_id: front.id, date: at(10), open_type: 'api' });

    const events: BuildingEvent[] = [];
    const stop = t.ctx.events.subscribe((event) => {
      if (event.building_id === building.id) events.push(event);
    });
    try {
      const report = await importSaltoKsEntries(t.ctx);
      expect(report).toMatchObject({ read: 4, failed: 0 });
      const rows = await t.ctx.db.select().from(doorLogs).where(eq(doorLogs.buildingId, building.id));
      expect(rows.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())).toMatchObject([
        {
          doorId: frontDoor.id,
          actorType: 'provider',
          method: 'provider',
          result: 'opened',
          reason: 'Salto KS key by Jane Doe',
          externalId: opened.id,
          occurredAt: new Date(opened.date),
          userId: null,
        },
        {
          doorId: garageDoor.id,
          result: 'refused',
          reason: 'Salto KS pin',
          externalId: refused.id,
        },
      ]);
      const [row] = await t.ctx.db.select().from(buildings).where(eq(buildings.id, building.id));
      // The cursor is the newest entry read, logged or not.
      expect(row!.saltoksEntriesSyncedUntil).toEqual(new Date(newest.date));

      const announced = await waitFor(() => (events.length >= 2 ? events : undefined));
      expect(announced).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'door_opened',
            door_id: frontDoor.id,
            method: 'provider',
            result: 'opened',
          }),
          expect.objectContaining({ type: 'door_opened', door_id: garageDoor.id, result: 'refused' }),
        ]),
      );

      // Run again, and again from the very start: nothing is logged twice.
      expect(await importSaltoKsEntries(t.ctx)).toMatchObject({ inserted: 0 });
      await t.ctx.db
        .update(buildings)
        .set({ saltoksEntriesSyncedUntil: new Date(Date.now() - 3 * 60 * 60 * 1000) })
        .where(eq(buildings.id, building.id));
      const again = await importSaltoKsEntries(t.ctx);
      expect(again).toMatchObject({ inserted: 1 }); // only the entry before the first cursor is new
      expect(await t.ctx.db.select().from(doorLogs).where(eq(doorLogs.buildingId, building.id))).toHaveLength(
        3,
      );
    } finally {
      stop();
    }
  });

  it('reports a building whose site fails and carries on with the others', async () => {
    const broken = await createBuilding(t.ctx);
    await t.ctx.db
      .update(buildings)
      .set({ saltoksSiteId: 'no-such-site' })
      .where(eq(buildings.id, broken.id));
    const report = await importSaltoKsEntries(t.ctx);
    expect(report!.failed).toBe(1);
    expect(report!.buildings).toBeGreaterThanOrEqual(2);
    const [row] = await t.ctx.db.select().from(buildings).where(eq(buildings.id, broken.id));
    expect(row!.saltoksEntriesSyncedUntil).toBeNull();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'leaves the run to the process that holds the lock (PostgreSQL)',
    async () => {
      const holder = await t.ctx.database.pool!.connect();
      try {
        await holder.query("select pg_advisory_lock(hashtext('gatehouse_saltoks_entries'))");
        expect(await importSaltoKsEntries(t.ctx)).toBeUndefined();
        await holder.query("select pg_advisory_unlock(hashtext('gatehouse_saltoks_entries'))");
        expect(await importSaltoKsEntries(t.ctx)).toMatchObject({ failed: 1 });
      } finally {
        holder.release();
      }
    },
  );

  it('does nothing without Salto KS credentials', async () => {
    const configured = t.ctx.saltoks;
    t.ctx.saltoks = new SaltoKsClient({ ...t.config.saltoks, clientId: undefined });
    try {
      expect(await importSaltoKsEntries(t.ctx)).toBeUndefined();
    } finally {
      t.ctx.saltoks = configured;
    }
  });
});
