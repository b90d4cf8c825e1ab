import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import {
  buildingWithRoles,
  createUnit,
  fileUpload,
  makeMember,
  type Roles,
  unitOutsiders,
} from '../../../test/fixtures.js';
import { buildings, visitors } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';

let t: TestApp;
let r: Roles;
let o: Awaited<ReturnType<typeof unitOutsiders>>;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  o = await unitOutsiders(t.ctx, t.app, r);
});
afterAll(() => t.close());

const hour = 60 * 60 * 1000;
const visitorsPath = (unitId = r.unit.id) => `/units/${unitId}/visitors`;
const visitorPath = (visitorId: string, unitId = r.unit.id) => `${visitorsPath(unitId)}/${visitorId}`;
const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 9)}@example.com`;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

interface VisitorReply {
  id: string;
  unit_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  valid_from: string;
  valid_until: string;
  revoked_at: string | null;
  link: string;
  state: string;
}

/** Those who manage visitors: managers, unit managers and invite-members of the unit. */
const visitorManagers = () => [
  r.tokens.superadmin,
  r.tokens.manager,
  r.tokens.unitManager,
  r.tokens.inviteMember,
];

/** Everyone outside the unit (refused even reading its visitors). */
const outsiders = () => [
  r.tokens.otherManager,
  r.tokens.stranger,
  o.tokens.memberOfOtherUnit,
  o.tokens.inviteMemberOfOtherUnit,
  o.tokens.unitManagerOfOtherUnit,
  o.tokens.unitManagerOfOtherBuilding,
];

/** Refused every change: a plain member of the unit, and everyone outside it. */
const nonWriters = () => [r.tokens.member, ...outsiders()];

async function createVisitor(body: Record<string, unknown>, token = r.tokens.inviteMember) {
  const response = await call(t.app, 'POST', visitorsPath(), { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as VisitorReply;
}

async function visitorCount(unitId = r.unit.id) {
  return (await t.ctx.db.select().from(visitors).where(eq(visitors.unitId, unitId))).length;
}

describe('POST /units/{u}/visitors', () => {
  it('invites a visitor for 24 hours from now by default, and mails them the link', async () => {
    const email = uniqueEmail('guest');
    const before = Date.now();
    const visitor = await createVisitor({ name: '  Grace Guest ', email, phone: '06 12345678' });
    expect(visitor).toMatchObject({
      unit_id: r.unit.id,
      name: 'Grace Guest',
      email,
      phone: '+31612345678',
      revoked_at: null,
      state: 'active',
    });
    const from = Date.parse(visitor.valid_from);
    expect(from).toBeGreaterThanOrEqual(before - 1000);
    expect(from).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(visitor.valid_until) - from).toBe(24 * hour);
    const [row] = await t.ctx.db.select().from(visitors).where(eq(visitors.id, visitor.id));
    expect(visitor.link).toBe(`http://gatehouse.test/visitor/${row!.linkUuid}`);
    expect(row!.linkUuid).not.toBe(visitor.id);
    expect(row!.createdByUserId).toBe(r.people.inviteMember.id);

    const [mail] = await listOutbox(t.ctx.db, { to: email, limit: 1 });
    expect(mail).toMatchObject({ kind: 'visitor_link', subject: 'Your Gatehouse visitor link' });
    expect(mail!.textBody).toContain(visitor.link);
    expect(mail!.textBody).toContain('Hello Grace Guest');
  });

  it('lets every visitor manager invite; a later start is upcoming, its end 24 hours after the start', async () => {
    for (const token of visitorManagers()) {
      const from = inHours(48);
      const visitor = await createVisitor({ name: 'Later', valid_from: from }, token);
      expect(visitor.state).toBe('upcoming');
      expect(Date.parse(visitor.valid_until) - Date.parse(from)).toBe(24 * hour);
    }
    const window = await createVisitor({
      name: 'Window',
      valid_from: '2099-01-01T10:00:00+01:00',
      valid_until: '2099-01-01T12:00:00+01:00',
    });
    expect(window).toMatchObject({
      valid_from: '2099-01-01T09:00:00.000Z',
      valid_until: '2099-01-01T11:00:00.000Z',
      email: null,
      phone: null,
    });
  });

  it('refuses plain members and everyone outside the unit, and creates nothing', async () => {
    const before = await visitorCount();
    for (const token of nonWriters()) {
      const response = await call(t.app, 'POST', visitorsPath(), { token, body: { name: 'Nope' } });
      expect(response.statusCode).toBe(403);
    }
    expect(await visitorCount()).toBe(before);
  });

  it('names each bad field', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const response = await call(t.app, 'POST', visitorsPath(), { token: r.tokens.inviteMember, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      return errorsOf(response).map((error) => error.field);
    };
    expect(await bad({ name: ' ', email: 'nope', phone: 'abc', color: 'red' })).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'color']),
    );
    expect(await bad({ name: 'X', valid_from: inHours(5), valid_until: inHours(2) })).toEqual([
      'valid_until',
    ]);
    expect(await bad({ name: 'X', valid_until: inHours(-1) })).toEqual(['valid_until']);
    expect(await bad({ name: 'X', valid_from: inHours(-48), valid_until: inHours(-24) })).toEqual([
      'valid_until',
    ]);
    expect(await bad({ name: 'X', valid_from: 'tomorrow' })).toEqual(['valid_from']);
  });
});

describe('GET /units/{u}/visitors and /units/{u}/visitors/{v}', () => {
  it('lets everyone of the unit and its managers read, with each visitor’s state now', async () => {
    const visitor = await createVisitor({ name: 'Reader test' });
    for (const token of [...visitorManagers(), r.tokens.member]) {
      const list = await call(t.app, 'GET', visitorsPath(), { token });
      expect(list.statusCode).toBe(200);
      expect((list.json().data as VisitorReply[]).find((v) => v.id === visitor.id)).toMatchObject({
        name: 'Reader test',
        state: 'active',
        link: visitor.link,
      });
      const one = await call(t.app, 'GET', visitorPath(visitor.id), { token });
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toEqual(visitor);
    }
  });

  it('refuses everyone outside the unit; another unit’s visitor is not found through this one', async () => {
    const visitor = await createVisitor({ name: 'Private' });
    for (const token of outsiders()) {
      expect((await call(t.app, 'GET', visitorsPath(), { token })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', visitorPath(visitor.id), { token })).statusCode).toBe(403);
    }
    const viaOther = await call(t.app, 'GET', visitorPath(visitor.id, o.otherUnit.id), {
      token: r.tokens.superadmin,
    });
    expect(viaOther.statusCode).toBe(404);
    expect((await call(t.app, 'GET', visitorsPath())).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /units/{u}/visitors/{v}', () => {
  it('revokes a link and restores it', async () => {
    const visitor = await createVisitor({ name: 'Revocable' });
    const revoke = (revoked: boolean, token = r.tokens.inviteMember) =>
      call(t.app, 'PUT', visitorPath(visitor.id), { token, body: { revoked } });

    const revoked = await revoke(true);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ state: 'revoked', revoked_at: expect.any(String) });
    const firstRevocation = revoked.json().data.revoked_at;
    expect((await revoke(true)).json().data.revoked_at).toBe(firstRevocation);

    const restored = await revoke(false, r.tokens.unitManager);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ state: 'active', revoked_at: null });
  });

  it('changes details and validity; the end must stay after the start', async () => {
    const visitor = await createVisitor({ name: 'Changeable', email: uniqueEmail('c') });
    const changed = await call(t.app, 'PUT', visitorPath(visitor.id), {
      token: r.tokens.manager,
      body: { name: 'Changed', email: null, phone: '+31 20 1234567', valid_until: inHours(72) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Changed',
      email: null,
      phone: '+31201234567',
      valid_from: visitor.valid_from,
    });

    const backwards = await call(t.app, 'PUT', visitorPath(visitor.id), {
      token: r.tokens.manager,
      body: { valid_until: inHours(-48) },
    });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)[0]!.field).toBe('valid_until');

    const expired = await call(t.app, 'PUT', visitorPath(visitor.id), {
      token: r.tokens.manager,
      body: { valid_from: inHours(-48), valid_until: inHours(-24) },
    });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().data.state).toBe('expired');
  });

  it('refuses plain members and outsiders to change or remove a visitor', async () => {
    const visitor = await createVisitor({ name: 'Guarded' });
    for (const token of nonWriters()) {
      const put = await call(t.app, 'PUT', visitorPath(visitor.id), { token, body: { revoked: true } });
      expect(put.statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', visitorPath(visitor.id), { token })).statusCode).toBe(403);
    }
    const [row] = await t.ctx.db.select().from(visitors).where(eq(visitors.id, visitor.id));
    expect(row!.revokedAt).toBeNull();

    const removed = await call(t.app, 'DELETE', visitorPath(visitor.id), { token: r.tokens.inviteMember });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toBeNull();
    expect((await call(t.app, 'GET', visitorPath(visitor.id), { token: r.tokens.manager })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /units/{u}/visitors/{v}/resend_invite', () => {
  it('mails the link again, in the sender’s language', async () => {
    const email = uniqueEmail('resend');
    const visitor = await createVisitor({ name: 'Resent', email });
    const dutch = await createUser(t.ctx, { locale: 'nl', firstName: 'Joost', lastName: 'Jansen' });
    await makeMember(t.ctx, r.unit.id, dutch, 'invite_member');
    const token = (await signIn(t.app, dutch.email)).access;

    const resent = await call(t.app, 'POST', `${visitorPath(visitor.id)}/resend_invite`, { token });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toBeNull();
    const [latest] = await listOutbox(t.ctx.db, { to: email, limit: 1 });
    expect(latest).toMatchObject({ kind: 'visitor_link', subject: 'Je Gatehouse-bezoekerslink' });
    expect(latest!.textBody).toContain('Joost Jansen heeft je als bezoeker uitgenodigd');
    expect(latest!.textBody).toContain(visitor.link);
    expect(await listOutbox(t.ctx.db, { to: email, limit: 5 })).toHaveLength(2);

    for (const other of nonWriters()) {
      const refused = await call(t.app, 'POST', `${visitorPath(visitor.id)}/resend_invite`, { token: other });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('needs an email address, and a link that still works', async () => {
    const visitor = await createVisitor({ name: 'No mail' });
    const path = `${visitorPath(visitor.id)}/resend_invite`;
    const noEmail = await call(t.app, 'POST', path, { token: r.tokens.inviteMember });
    expect(noEmail.statusCode).toBe(422);
    expect(errorsOf(noEmail)[0]!.field).toBe('email');

    await call(t.app, 'PUT', visitorPath(visitor.id), {
      token: r.tokens.inviteMember,
      body: { email: uniqueEmail('later'), revoked: true },
    });
    const revoked = await call(t.app, 'POST', path, { token: r.tokens.inviteMember });
    expect(revoked.statusCode).toBe(409);
    expect(errorsOf(revoked)[0]!.code).toBe('link_revoked');
  });
});

describe('POST /units/{u}/visitors/bulk_create', () => {
  it('invites everyone in one go and mails those with an email address', async () => {
    const unit = await createUnit(t.ctx, r.building.id);
    await makeMember(t.ctx, unit.id, r.people.inviteMember, 'invite_member');
    const email = uniqueEmail('bulk');
    const response = await call(t.app, 'POST', `${visitorsPath(unit.id)}/bulk_create`, {
      token: r.tokens.inviteMember,
      body: {
        visitors: [
          { name: 'First', email },
          { name: 'Second', valid_from: inHours(24), valid_until: inHours(30), phone: '0612345678' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = response.json().data as VisitorReply[];
    expect(list.map((v) => [v.name, v.state, v.phone])).toEqual([
      ['First', 'active', null],
      ['Second', 'upcoming', '+31612345678'],
    ]);
    expect(new Set(list.map((v) => v.link)).size).toBe(2);
    expect((await listOutbox(t.ctx.db, { to: email, limit: 1 }))[0]!.textBody).toContain(list[0]!.link);
  });

  it('creates nothing when one row is bad, naming the row and field', async () => {
    const before = await visitorCount();
    const bulk = (list: unknown[], token = r.tokens.inviteMember) =>
      call(t.app, 'POST', `${visitorsPath()}/bulk_create`, { token, body: { visitors: list } });
    const email = uniqueEmail('never');

    const schema = await bulk([
      { name: 'Fine', email },
      { name: 'Backwards', valid_from: inHours(5), valid_until: inHours(1) },
      { name: '' },
    ]);
    expect(schema.statusCode).toBe(422);
    expect(errorsOf(schema).map((error) => error.field)).toEqual([
      'visitors.1.valid_until',
      'visitors.2.name',
    ]);

    const over = await bulk([
      { name: 'Fine', email },
      { name: 'Over', valid_until: inHours(-2) },
    ]);
    expect(over.statusCode).toBe(422);
    expect(errorsOf(over)).toEqual([
      expect.objectContaining({ field: 'visitors.1.valid_until', message: expect.stringMatching(/over/) }),
    ]);
    expect(await visitorCount()).toBe(before);
    expect(await listOutbox(t.ctx.db, { to: email, limit: 1 })).toHaveLength(0);

    for (const token of nonWriters()) expect((await bulk([{ name: 'X' }], token)).statusCode).toBe(403);
    expect(await visitorCount()).toBe(before);
  });
});

describe('POST /units/{u}/visitors/bulk_validate', () => {
  const validate = async (csv: string, token = r.tokens.inviteMember) =>
    call(t.app, 'POST', `${visitorsPath()}/bulk_validate`, {
      token,
      ...(await fileUpload(csv, 'visitors.csv')),
    });

  it('reads times in the building’s time zone or ISO 8601, and leaves empty times to the defaults', async () => {
    const response = await validate(
      'name,email,phone,valid_from,valid_until,notes\n' +
        '"Smith, Anna",ANNA@example.com,06 12345678,2099-07-01 09:00,2099-07-01 17:30,x\n' +
        'Bob,,,2099-01-15T09:00,2099-01-15T10:00:00+01:00\n' +
        'Cleo,,,,\n',
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ valid: 3, invalid: 0 });
    expect(data.rows).toEqual([
      {
        row: 1,
        values: {
          name: 'Smith, Anna',
          email: 'anna@example.com',
          phone: '+31612345678',
          // Amsterdam is on summer time (UTC+2) in July, winter time (UTC+1) in January.
          valid_from: '2099-07-01T07:00:00.000Z',
          valid_until: '2099-07-01T15:30:00.000Z',
        },
        errors: [],
      },
      {
        row: 2,
        values: {
          name: 'Bob',
          email: null,
          phone: null,
          valid_from: '2099-01-15T08:00:00.000Z',
          valid_until: '2099-01-15T09:00:00.000Z',
        },
        errors: [],
      },
      { row: 3, values: { name: 'Cleo', email: null, phone: null }, errors: [] },
    ]);

    const created = await call(t.app, 'POST', `${visitorsPath()}/bulk_create`, {
      token: r.tokens.inviteMember,
      body: { visitors: data.rows.map((row: { values: unknown }) => row.values) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.map((v: VisitorReply) => v.valid_from)).toEqual([
      '2099-07-01T07:00:00.000Z',
      '2099-01-15T08:00:00.000Z',
      expect.any(String),
    ]);
  });

  it('uses the building’s own time zone', async () => {
    await t.ctx.db
      .update(buildings)
      .set({ timeZone: 'America/New_York' })
      .where(eq(buildings.id, r.building.id));
    try {
      const response = await validate('name,valid_from\nDan,2099-07-01 09:00\n');
      expect(response.json().data.rows[0].values.valid_from).toBe('2099-07-01T13:00:00.000Z');
    } finally {
      await t.ctx.db
        .update(buildings)
        .set({ timeZone: 'Europe/Amsterdam' })
        .where(eq(buildings.id, r.building.id));
    }
  });

  it('flags bad names, emails, phones, times and windows', async () => {
    const response = await validate(
      [
        'valid_until,name,email,phone,valid_from',
        ',,,,2099-01-01 10:00',
        ',Eve,eve@,,',
        ',Finn,,12ab,',
        '2099-02-30 10:00,Gus,,,01/02/2099',
        '2099-01-01 09:00,Hana,,,2099-01-01 10:00',
        '2000-01-01 09:00,Ida,,,',
      ].join('\r\n'),
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const errors = data.rows.map((row: { errors: { field: string }[] }) => row.errors.map((e) => e.field));
    expect(errors).toEqual([
      ['name'],
      ['email'],
      ['phone'],
      ['valid_from', 'valid_until'],
      ['valid_until'],
      ['valid_until'],
    ]);
    expect(data.rows[3].values).toMatchObject({ valid_from: '01/02/2099', valid_until: '2099-02-30 10:00' });
    expect(data).toMatchObject({ valid: 0, invalid: 6 });
  });

  it('needs a name column, and is refused to plain members and outsiders', async () => {
    const noName = await validate('email\na@example.com\n');
    expect(noName.statusCode).toBe(422);
    expect(errorsOf(noName)[0]).toMatchObject({
      field: 'file',
      message: expect.stringMatching(/column name/),
    });
    for (const token of nonWriters()) expect((await validate('name\nA\n', token)).statusCode).toBe(403);
  });
});
