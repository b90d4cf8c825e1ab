import type { AppContext } from '../../app-context.js';
import { newId } from '../../db/ids.js';
import {
  buildingManagers,
  buildings,
  doors,
  entrySchedules,
  intercoms,
  memberships,
  units,
  visitors,
} from '../../db/schema.js';
import { findUserByEmail, insertUser } from '../users/repository.js';

export interface DemoLogin {
  email: string;
  role: string;
}

const demoDomain = 'demo.gatehouse.local';

/** YYYY-MM-DD of a date plus some days (UTC). */
function isoDate(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A realistic small portfolio to try Gatehouse with: two buildings with units, simulated doors,
 * an intercom, managers, residents in each membership role, entry schedules and a visitor.
 * Everything is created in one transaction; running it again changes nothing.
 */
export async function seedDemo(ctx: AppContext, password: string): Promise<DemoLogin[] | undefined> {
  if (await findUserByEmail(ctx.db, `manager@${demoDomain}`)) return undefined;
  const passwordHash = await ctx.passwords.hash(password);
  const intercomHash = await ctx.passwords.hash(`${password}-intercom`);

  return ctx.db.transaction(async (tx) => {
    const person = (local: string, firstName: string, lastName: string, locale: 'en' | 'nl' = 'en') =>
      insertUser(tx, {
        email: `${local}@${demoDomain}`,
        firstName,
        lastName,
        locale,
        passwordHash,
        emailConfirmedAt: new Date(),
      });
    const harbourManager = await person('manager', 'Maya', 'Jansen', 'nl');
    const mapleManager = await person('maple.manager', 'Tom', 'Peters');
    const anna = await person('anna', 'Anna', 'de Vries', 'nl');
    const bob = await person('bob', 'Bob', 'Smit');
    const carol = await person('carol', 'Carol', 'Bakker');
    const dave = await person('dave', 'Dave', 'Visser');

    const [harbour, maple] = [newId(), newId()];
    await tx.insert(buildings).values([
      {
        id: harbour,
        name: 'Harbour View',
        address: 'Oostelijke Handelskade 12',
        postalCode: '1019 BM',
        city: 'Amsterdam',
        country: 'NL',
        timeZone: 'Europe/Amsterdam',
        contactName: 'Maya Jansen',
        contactEmail: harbourManager.email,
      },
      {
        id: maple,
        name: 'Maple Court',
        address: 'Coolsingel 40',
        postalCode: '3011 AD',
        city: 'Rotterdam',
        country: 'NL',
        timeZone: 'Europe/Amsterdam',
        contactName: 'Tom Peters',
        contactEmail: mapleManager.email,
      },
    ]);
    await tx.insert(buildingManagers).values([
      { id: newId(), buildingId: harbour, userId: harbourManager.id },
      { id: newId(), buildingId: maple, userId: mapleManager.id },
    ]);

    const unit = (buildingId: string, name: string, floor: string) => ({
      id: newId(),
      buildingId,
      name,
      floor,
    });
    const [h1a, h1b, h2a, m101, m102] = [
      unit(harbour, '1A', '1'),
      unit(harbour, '1B', '1'),
      unit(harbour, '2A', '2'),
      unit(maple, '101', '1'),
      unit(maple, '102', '1'),
    ];
    await tx
      .insert(units)
      .values([{ ...h1a, delegateUserId: anna.id }, h1b, h2a, { ...m101, delegateUserId: dave.id }, m102]);
    await tx.insert(memberships).values([
      { id: newId(), unitId: h1a.id, userId: anna.id, role: 'unit_manager' },
      { id: newId(), unitId: h1a.id, userId: bob.id, role: 'member' },
      { id: newId(), unitId: h1b.id, userId: carol.id, role: 'invite_member' },
      { id: newId(), unitId: m101.id, userId: dave.id, role: 'member' },
    ]);

    const door = (buildingId: string, name: string, isEntrance: boolean) => ({
      id: newId(),
      buildingId,
      name,
      isEntrance,
      driver: 'simulated' as const,
      driverConfig: { unlock_seconds: 5 },
      status: 'locked' as const,
      statusChangedAt: new Date(),
    });
    const [harbourMain, harbourGarage, harbourBikes, mapleFront, mapleBack] = [
      door(harbour, 'Main entrance', true),
      door(harbour, 'Garage gate', false),
      door(harbour, 'Bike storage', false),
      door(maple, 'Front door', true),
      door(maple, 'Back door', false),
    ];
    await tx.insert(doors).values([harbourMain, harbourGarage, harbourBikes, mapleFront, mapleBack]);
    await tx.insert(intercoms).values({
      id: newId(),
      doorId: harbourMain.id,
      name: 'Lobby intercom',
      model: '2N IP Verso',
      email: `intercom.harbour@${demoDomain}`,
      passwordHash: intercomHash,
    });

    const schedule = (unitId: string, doorId: string, timeStart: string, timeEnd: string) => ({
      id: newId(),
      unitId,
      doorId,
      dateStart: isoDate(0),
      dateEnd: isoDate(365),
      timeStart,
      timeEnd,
    });
    await tx
      .insert(entrySchedules)
      .values([
        schedule(h1a.id, harbourMain.id, '00:00', '23:59'),
        schedule(h1a.id, harbourGarage.id, '07:00', '22:00'),
        schedule(h1b.id, harbourMain.id, '00:00', '23:59'),
        schedule(h2a.id, harbourMain.id, '00:00', '23:59'),
        schedule(m101.id, mapleFront.id, '00:00', '23:59'),
      ]);
    await tx.insert(visitors).values({
      id: newId(),
      unitId: h1a.id,
      linkUuid: crypto.randomUUID(),
      name: 'Grandma Jansen',
      validFrom: new Date(),
      validUntil: new Date(Date.now() + 2 * 86_400_000),
      createdByUserId: anna.id,
    });

    return [
      { email: harbourManager.email, role: 'Building manager, Harbour View' },
      { email: mapleManager.email, role: 'Building manager, Maple Court' },
      { email: anna.email, role: 'Unit manager, Harbour View 1A' },
      { email: bob.email, role: 'Member, Harbour View 1A' },
      { email: carol.email, role: 'Invite-member, Harbour View 1B' },
      { email: dave.email, role: 'Member, Maple Court 101' },
    ];
  });
}
