import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/app-context.js';
import { newId } from '../src/db/ids.js';
import { buildingManagers, buildings, doors, intercoms, memberships, units } from '../src/db/schema.js';
import type { UserRow } from '../src/modules/users/repository.js';
import { createUser, signIn } from './app.js';

export async function createBuilding(ctx: AppContext, name = `Building ${newId().slice(-6)}`) {
  const [row] = await ctx.db.insert(buildings).values({ id: newId(), name, city: 'Amsterdam' }).returning();
  return row!;
}

export async function createUnit(ctx: AppContext, buildingId: string, name = `U${newId().slice(-4)}`) {
  const [row] = await ctx.db.insert(units).values({ id: newId(), buildingId, name }).returning();
  // The building's managers now manage one unit more (see makeManager on the session cache).
  ctx.authCache.forgetBuilding(buildingId);
  return row!;
}

export async function createDoor(
  ctx: AppContext,
  buildingId: string,
  values: Partial<typeof doors.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(doors)
    .values({
      id: newId(),
      buildingId,
      name: `Door ${newId().slice(-6)}`,
      driver: 'simulated',
      driverConfig: { unlock_seconds: 5, offline: false },
      status: 'locked',
      ...values,
    })
    .returning();
  return row!;
}

/**
 * Role changes made straight in the database reach the session cache through a notification,
 * which PostgreSQL delivers a moment later; forgetting the user here makes the next call see the
 * role at once, as the API's own role changes do.
 */
export async function makeManager(ctx: AppContext, buildingId: string, user: UserRow) {
  await ctx.db.insert(buildingManagers).values({ id: newId(), buildingId, userId: user.id });
  ctx.authCache.forgetUser(user.id);
}

export async function makeMember(
  ctx: AppContext,
  unitId: string,
  user: UserRow,
  role: 'member' | 'invite_member' | 'unit_manager' = 'member',
) {
  await ctx.db.insert(memberships).values({ id: newId(), unitId, userId: user.id, role });
  ctx.authCache.forgetUser(user.id);
}

/**
 * One building with a unit and a door, and a signed-in user for every role that matters to the
 * building-side rules: superadmin, its manager, a manager of another building, a unit manager,
 * an invite-member, a member, and someone with no role at all.
 */
export async function buildingWithRoles(ctx: AppContext, app: FastifyInstance) {
  const building = await createBuilding(ctx);
  const otherBuilding = await createBuilding(ctx);
  const unit = await createUnit(ctx, building.id);
  const door = await createDoor(ctx, building.id, { name: 'Main entrance', isEntrance: true });
  const people = {
    superadmin: await createUser(ctx, { isSuperadmin: true }),
    manager: await createUser(ctx),
    otherManager: await createUser(ctx),
    unitManager: await createUser(ctx),
    inviteMember: await createUser(ctx),
    member: await createUser(ctx),
    stranger: await createUser(ctx),
  };
  await makeManager(ctx, building.id, people.manager);
  await makeManager(ctx, otherBuilding.id, people.otherManager);
  await makeMember(ctx, unit.id, people.unitManager, 'unit_manager');
  await makeMember(ctx, unit.id, people.inviteMember, 'invite_member');
  await makeMember(ctx, unit.id, people.member, 'member');
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(
        async ([role, user]) => [role, (await signIn(app, user.email)).access] as const,
      ),
    ),
  ) as Record<keyof typeof people, string>;
  return { building, otherBuilding, unit, door, people, tokens };
}

export type Roles = Awaited<ReturnType<typeof buildingWithRoles>>;

/**
 * People of other units, who must be refused a unit's members and visitors (decision 006: a unit's
 * resources are checked on the unit alone): a member, invite-member and unit manager of another unit
 * of the same building, and a unit manager of a unit in another building.
 */
export async function unitOutsiders(ctx: AppContext, app: FastifyInstance, roles: Roles) {
  const otherUnit = await createUnit(ctx, roles.building.id);
  const unitOfOtherBuilding = await createUnit(ctx, roles.otherBuilding.id);
  const people = {
    memberOfOtherUnit: await createUser(ctx),
    inviteMemberOfOtherUnit: await createUser(ctx),
    unitManagerOfOtherUnit: await createUser(ctx),
    unitManagerOfOtherBuilding: await createUser(ctx),
  };
  await makeMember(ctx, otherUnit.id, people.memberOfOtherUnit, 'member');
  await makeMember(ctx, otherUnit.id, people.inviteMemberOfOtherUnit, 'invite_member');
  await makeMember(ctx, otherUnit.id, people.unitManagerOfOtherUnit, 'unit_manager');
  await makeMember(ctx, unitOfOtherBuilding.id, people.unitManagerOfOtherBuilding, 'unit_manager');
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(
        async ([role, user]) => [role, (await signIn(app, user.email)).access] as const,
      ),
    ),
  ) as Record<keyof typeof people, string>;
  return { otherUnit, unitOfOtherBuilding, people, tokens };
}

/** A multipart/form-data body with one file, for upload calls: `call(app, 'POST', url, {...upload})`. */
export async function fileUpload(content: string | Uint8Array, filename = 'upload.csv', type = 'text/csv') {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), filename);
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** An intercom device account on a door (decision 007), with its plain password for signing in. */
export async function createIntercom(
  ctx: AppContext,
  doorId: string,
  values: { email?: string; password?: string; name?: string | null } = {},
) {
  const password = values.password ?? 'intercom password 1234';
  const [row] = await ctx.db
    .insert(intercoms)
    .values({
      id: newId(),
      doorId,
      name: values.name === undefined ? 'Lobby panel' : values.name,
      model: '2N IP Verso',
      email: values.email ?? `intercom-${newId().slice(-8)}@devices.example.com`,
      passwordHash: await ctx.passwords.hash(password),
    })
    .returning();
  return { intercom: row!, password };
}
