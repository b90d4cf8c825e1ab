import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import {
  buildingWithRoles,
  createUnit,
  makeMember,
  type Roles,
  unitOutsiders,
} from '../../../test/fixtures.js';
import { memberships, units, users } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import { findUserByEmail } from '../users/repository.js';

let t: TestApp;
let r: Roles;
let o: Awaited<ReturnType<typeof unitOutsiders>>;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  o = await unitOutsiders(t.ctx, t.app, r);
});
afterAll(() => t.close());

const membersPath = (unitId = r.unit.id) => `/units/${unitId}/members`;
const memberPath = (memberId: string, unitId = r.unit.id) => `${membersPath(unitId)}/${memberId}`;
const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 9)}@example.com`;

interface MemberReply {
  id: string;
  unit_id: string;
  role: string;
  user: { id: string; email: string; phone: string | null; invite_pending: boolean };
}

/** Everyone who must be refused a write on the unit's members (only managers may). */
const nonManagers = () => [
  r.tokens.inviteMember,
  r.tokens.member,
  r.tokens.otherManager,
  r.tokens.stranger,
  o.tokens.memberOfOtherUnit,
  o.tokens.inviteMemberOfOtherUnit,
  o.tokens.unitManagerOfOtherUnit,
  o.tokens.unitManagerOfOtherBuilding,
];

/** Everyone outside the unit (refused even reading it). */
const outsiders = () => [
  r.tokens.otherManager,
  r.tokens.stranger,
  o.tokens.memberOfOtherUnit,
  o.tokens.inviteMemberOfOtherUnit,
  o.tokens.unitManagerOfOtherUnit,
  o.tokens.unitManagerOfOtherBuilding,
];

async function membershipOf(userId: string, unitId = r.unit.id) {
  const rows = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, userId));
  return rows.find((row) => row.unitId === unitId);
}

async function addMember(body: Record<string, unknown>, token = r.tokens.manager) {
  const response = await call(t.app, 'POST', membersPath(), { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as MemberReply;
}

describe('GET /units/{u}/members', () => {
  it('lists the members with their phone for the unit’s people and managers', async () => {
    for (const token of [
      r.tokens.superadmin,
      r.tokens.manager,
      r.tokens.unitManager,
      r.tokens.inviteMember,
      r.tokens.member,
    ]) {
      const response = await call(t.app, 'GET', membersPath(), { token });
      expect(response.statusCode).toBe(200);
      const list = response.json().data as MemberReply[];
      expect(list.map((m) => m.user.id)).toEqual(
        expect.arrayContaining([r.people.unitManager.id, r.people.inviteMember.id, r.people.member.id]),
      );
      expect(list.find((m) => m.user.id === r.people.member.id)).toMatchObject({
        unit_id: r.unit.id,
        role: 'member',
        user: { email: r.people.member.email, phone: null, invite_pending: false },
      });
    }
  });

  it('refuses people of other units and buildings; 404 for an unknown unit; 401 without a token', async () => {
    for (const token of outsiders()) {
      expect((await call(t.app, 'GET', membersPath(), { token })).statusCode).toBe(403);
    }
    const unknown = await call(t.app, 'GET', membersPath('01900000-0000-7000-8000-000000000000'), {
      token: r.tokens.superadmin,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(t.app, 'GET', membersPath())).statusCode).toBe(401);
  });
});

describe('POST /units/{u}/members', () => {
  it('invites a new person by mail, filling in their name and normalised phone', async () => {
    const email = uniqueEmail('new');
    const member = await addMember({
      email: email.toUpperCase(),
      first_name: 'Nina',
      last_name: 'de Vries',
      phone: '06 1234 5678',
      role: 'invite_member',
    });
    expect(member).toMatchObject({
      unit_id: r.unit.id,
      role: 'invite_member',
      user: { email, first_name: 'Nina', last_name: 'de Vries', phone: '+31612345678', invite_pending: true },
    });
    const [mail] = await listOutbox(t.ctx.db, { to: email, limit: 1 });
    expect(mail).toMatchObject({ kind: 'invite' });
    expect(mail!.textBody).toContain('/auth/confirm_invite?token=');
  });

  it('lets a unit manager add an existing account at once (no mail, no change to their details)', async () => {
    const colleague = await createUser(t.ctx, { phone: '+31201234567' });
    const { access } = await signIn(t.app, colleague.email);
    expect((await call(t.app, 'GET', membersPath(), { token: access })).statusCode).toBe(403);

    const member = await addMember(
      { email: colleague.email, first_name: 'Other', phone: '+31 6 99999999' },
      r.tokens.unitManager,
    );
    expect(member).toMatchObject({
      role: 'member',
      user: { id: colleague.id, first_name: 'Test', phone: '+31201234567', invite_pending: false },
    });
    expect(await listOutbox(t.ctx.db, { to: colleague.email, limit: 1 })).toHaveLength(0);
    // The new role counts at once for a session that was open before.
    expect((await call(t.app, 'GET', membersPath(), { token: access })).statusCode).toBe(200);

    const twice = await call(t.app, 'POST', membersPath(), {
      token: r.tokens.manager,
      body: { email: colleague.email },
    });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)).toEqual([expect.objectContaining({ code: 'already_member', field: 'email' })]);
  });

  it('adds a person once when two managers add them at the same moment', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      [r.tokens.manager, r.tokens.unitManager].map((token) =>
        call(t.app, 'POST', membersPath(), { token, body: { email } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(errorsOf(responses.find((response) => response.statusCode === 409)!)[0]).toMatchObject({
      code: 'already_member',
      field: 'email',
    });
    const user = await findUserByEmail(t.ctx.db, email);
    expect(await membershipOf(user!.id)).toBeDefined();
  });

  it('refuses everyone but managers, and creates nothing', async () => {
    for (const token of nonManagers()) {
      const email = uniqueEmail('refused');
      const response = await call(t.app, 'POST', membersPath(), { token, body: { email } });
      expect(response.statusCode).toBe(403);
      expect(await findUserByEmail(t.ctx.db, email)).toBeUndefined();
    }
  });

  it('names each bad field', async () => {
    const response = await call(t.app, 'POST', membersPath(), {
      token: r.tokens.manager,
      body: { email: 'not-an-email', phone: 'call me', role: 'boss', nickname: 'x' },
    });
    expect(response.statusCode).toBe(422);
    const fields = errorsOf(response).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'phone', 'role', 'nickname']));
  });
});

describe('GET, PUT and DELETE /units/{u}/members/{m}', () => {
  it('reads one member; another unit’s member is not found through this unit', async () => {
    const member = await addMember({ email: uniqueEmail('one') });
    const one = await call(t.app, 'GET', memberPath(member.id), { token: r.tokens.member });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: member.id, user: { id: member.user.id } });
    for (const token of outsiders()) {
      expect((await call(t.app, 'GET', memberPath(member.id), { token })).statusCode).toBe(403);
    }
    const viaOtherUnit = await call(t.app, 'GET', memberPath(member.id, o.otherUnit.id), {
      token: r.tokens.manager,
    });
    expect(viaOtherUnit.statusCode).toBe(404);
  });

  it('lets managers change the role, which takes effect at once', async () => {
    const person = await createUser(t.ctx);
    const token = (await signIn(t.app, person.email)).access;
    const member = await addMember({ email: person.email });
    const tryAdding = () =>
      call(t.app, 'POST', membersPath(), { token, body: { email: uniqueEmail('by-promoted') } });
    expect((await tryAdding()).statusCode).toBe(403);

    const promoted = await call(t.app, 'PUT', memberPath(member.id), {
      token: r.tokens.unitManager,
      body: { role: 'unit_manager' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: member.id, role: 'unit_manager' });
    expect((await tryAdding()).statusCode).toBe(201);

    for (const other of nonManagers()) {
      const refused = await call(t.app, 'PUT', memberPath(member.id), {
        token: other,
        body: { role: 'member' },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await membershipOf(person.id))!.role).toBe('unit_manager');
    const bad = await call(t.app, 'PUT', memberPath(member.id), {
      token: r.tokens.manager,
      body: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)[0]!.field).toBe('role');
  });

  it('lets managers remove someone, who loses access at once and stops being the delegate', async () => {
    const person = await createUser(t.ctx);
    const token = (await signIn(t.app, person.email)).access;
    const member = await addMember({ email: person.email });
    await t.ctx.db.update(units).set({ delegateUserId: person.id }).where(eq(units.id, r.unit.id));
    expect((await call(t.app, 'GET', membersPath(), { token })).statusCode).toBe(200);

    for (const other of nonManagers()) {
      expect((await call(t.app, 'DELETE', memberPath(member.id), { token: other })).statusCode).toBe(403);
    }
    expect(await membershipOf(person.id)).toBeDefined();

    const removed = await call(t.app, 'DELETE', memberPath(member.id), { token: r.tokens.manager });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toBeNull();
    expect(await membershipOf(person.id)).toBeUndefined();
    expect((await call(t.app, 'GET', membersPath(), { token })).statusCode).toBe(403);
    const [unit] = await t.ctx.db.select().from(units).where(eq(units.id, r.unit.id));
    expect(unit!.delegateUserId).toBeNull();
    // The account stays.
    expect(await findUserByEmail(t.ctx.db, person.email)).toBeDefined();
    expect((await call(t.app, 'DELETE', memberPath(member.id), { token: r.tokens.manager })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /units/{u}/members/{m}/resend_invite', () => {
  it('mails a fresh invite while the person has no password, and 409 once they have one', async () => {
    const email = uniqueEmail('resend');
    const member = await addMember({ email });
    const resent = await call(t.app, 'POST', `${memberPath(member.id)}/resend_invite`, {
      token: r.tokens.unitManager,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toBeNull();
    const mails = await listOutbox(t.ctx.db, { to: email, limit: 5 });
    expect(mails.map((mail) => mail.kind)).toEqual(['invite', 'invite']);
    expect(mails[0]!.textBody).not.toBe(mails[1]!.textBody);

    for (const token of nonManagers()) {
      const refused = await call(t.app, 'POST', `${memberPath(member.id)}/resend_invite`, { token });
      expect(refused.statusCode).toBe(403);
    }

    await t.ctx.db.update(users).set({ passwordHash: 'set' }).where(eq(users.id, member.user.id));
    const accepted = await call(t.app, 'POST', `${memberPath(member.id)}/resend_invite`, {
      token: r.tokens.manager,
    });
    expect(accepted.statusCode).toBe(409);
    expect(errorsOf(accepted)[0]!.code).toBe('invite_accepted');
    expect(await listOutbox(t.ctx.db, { to: email, limit: 5 })).toHaveLength(2);
  });
});

describe('POST /units/{u}/members/bulk_create', () => {
  it('adds everyone in one go: existing accounts join, new people are invited', async () => {
    const unit = await createUnit(t.ctx, r.building.id);
    await makeMember(t.ctx, unit.id, r.people.unitManager, 'unit_manager');
    const existing = await createUser(t.ctx);
    const fresh = [uniqueEmail('bulk-a'), uniqueEmail('bulk-b')];
    const created = await call(t.app, 'POST', `${membersPath(unit.id)}/bulk_create`, {
      token: r.tokens.unitManager,
      body: {
        members: [
          { email: existing.email, role: 'invite_member' },
          { email: fresh[0], first_name: 'Ann', phone: '+31 6 11111111' },
          { email: fresh[1], role: 'unit_manager' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json().data as MemberReply[];
    expect(list.map((m) => [m.user.email, m.role, m.user.invite_pending])).toEqual([
      [existing.email, 'invite_member', false],
      [fresh[0], 'member', true],
      [fresh[1], 'unit_manager', true],
    ]);
    expect(list[1]!.user.phone).toBe('+31611111111');
    for (const email of fresh) {
      expect((await listOutbox(t.ctx.db, { to: email, limit: 1 }))[0]!.kind).toBe('invite');
    }
    expect(await listOutbox(t.ctx.db, { to: existing.email, limit: 1 })).toHaveLength(0);
  });

  it('creates nothing when one row is bad, and names every bad row', async () => {
    const fresh = [uniqueEmail('none-a'), uniqueEmail('none-b'), uniqueEmail('none-c')] as const;
    const bulk = (members: unknown[]) =>
      call(t.app, 'POST', `${membersPath()}/bulk_create`, { token: r.tokens.manager, body: { members } });

    const badEmail = await bulk([{ email: fresh[0] }, { email: 'broken' }, { email: fresh[1], role: 'x' }]);
    expect(badEmail.statusCode).toBe(422);
    expect(errorsOf(badEmail).map((error) => error.field)).toEqual(['members.1.email', 'members.2.role']);

    const duplicate = await bulk([
      { email: fresh[0] },
      { email: fresh[1] },
      { email: fresh[0].toUpperCase() },
    ]);
    expect(duplicate.statusCode).toBe(422);
    expect(errorsOf(duplicate)).toEqual([
      expect.objectContaining({ field: 'members.2.email', code: 'duplicate' }),
    ]);

    const already = await bulk([{ email: fresh[2] }, { email: r.people.member.email }]);
    expect(already.statusCode).toBe(422);
    expect(errorsOf(already)).toEqual([
      expect.objectContaining({ field: 'members.1.email', code: 'already_member' }),
    ]);

    for (const email of fresh) {
      expect(await findUserByEmail(t.ctx.db, email)).toBeUndefined();
      expect(await listOutbox(t.ctx.db, { to: email, limit: 1 })).toHaveLength(0);
    }

    const tooMany = await bulk(Array.from({ length: 501 }, (_, i) => ({ email: `many${i}@example.com` })));
    expect(tooMany.statusCode).toBe(422);
    expect(errorsOf(tooMany)[0]!.field).toBe('members');
    expect((await bulk([])).statusCode).toBe(422);
  });

  it('refuses everyone but managers', async () => {
    for (const token of nonManagers()) {
      const email = uniqueEmail('bulk-refused');
      const response = await call(t.app, 'POST', `${membersPath()}/bulk_create`, {
        token,
        body: { members: [{ email }] },
      });
      expect(response.statusCode).toBe(403);
      expect(await findUserByEmail(t.ctx.db, email)).toBeUndefined();
    }
  });
});

describe('members’ phone numbers', () => {
  it('are shown to those who run the unit and hidden from the other people of the unit', async () => {
    await t.ctx.db.update(users).set({ phone: '+31687654321' }).where(eq(users.id, r.people.inviteMember.id));
    const phoneSeenBy = async (token: string) => {
      const list = (await call(t.app, 'GET', membersPath(), { token })).json().data as MemberReply[];
      return list.find((member) => member.user.id === r.people.inviteMember.id)!.user.phone;
    };
    expect(await phoneSeenBy(r.tokens.manager)).toBe('+31687654321');
    expect(await phoneSeenBy(r.tokens.unitManager)).toBe('+31687654321');
    expect(await phoneSeenBy(r.tokens.member)).toBeNull();
  });
});
