import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, fileUpload, type Roles, unitOutsiders } from '../../../test/fixtures.js';
import { memberships } from '../../db/schema.js';
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

const validatePath = () => `/units/${r.unit.id}/members/bulk_validate`;

interface Validation {
  rows: {
    row: number;
    values: Record<string, string | null>;
    errors: { field: string; message: string }[];
  }[];
  valid: number;
  invalid: number;
}

async function validate(csv: string | Uint8Array, token = r.tokens.manager) {
  return call(t.app, 'POST', validatePath(), { token, ...(await fileUpload(csv, 'people.csv')) });
}

async function validated(csv: string | Uint8Array): Promise<Validation> {
  const response = await validate(csv);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const membershipCount = async () =>
  (await t.ctx.db.select().from(memberships).where(eq(memberships.unitId, r.unit.id))).length;

describe('POST /units/{u}/members/bulk_validate', () => {
  it('reads quoted fields, normalises the values and saves nothing', async () => {
    const before = await membershipCount();
    const data = await validated(
      'email,first_name,last_name,phone,role\n' +
        '" Anne@Example.COM ","Anne, Jr.","O""Brien","+31 (0)6 1234-5678",Invite_Member\n' +
        'bob@example.com,Bob,,,\n' +
        '"multi@example.com","Multi\nLine",,,unit manager\n',
    );
    expect(data.valid).toBe(3);
    expect(data.invalid).toBe(0);
    expect(data.rows).toEqual([
      {
        row: 1,
        values: {
          email: 'anne@example.com',
          first_name: 'Anne, Jr.',
          last_name: 'O"Brien',
          phone: '+31612345678',
          role: 'invite_member',
        },
        errors: [],
      },
      {
        row: 2,
        values: { email: 'bob@example.com', first_name: 'Bob', last_name: null, phone: null, role: 'member' },
        errors: [],
      },
      {
        row: 3,
        values: {
          email: 'multi@example.com',
          first_name: 'Multi\nLine',
          last_name: null,
          phone: null,
          role: 'unit_manager',
        },
        errors: [],
      },
    ]);
    expect(await membershipCount()).toBe(before);
    expect(await findUserByEmail(t.ctx.db, 'bob@example.com')).toBeUndefined();
  });

  it('accepts a byte order mark, CRLF, columns in any order, extra and missing columns, semicolons', async () => {
    const bom = await validated('\uFEFFRole,Notes,E-mail\r\nmember,likes cats,carl@example.com\r\n\r\n');
    expect(bom.rows).toEqual([
      {
        row: 1,
        values: { email: 'carl@example.com', first_name: null, last_name: null, phone: null, role: 'member' },
        errors: [],
      },
    ]);
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('email\ndora@example.com\n'),
    ]);
    expect((await validated(bytes)).rows[0]!.values.email).toBe('dora@example.com');
    const semicolons = await validated('first_name;email\nEve;eve@example.com\n');
    expect(semicolons.rows[0]!.values).toMatchObject({ first_name: 'Eve', email: 'eve@example.com' });
    // A row with fewer or more cells than the header is read as far as it goes.
    const ragged = await validated('email,first_name\nfay@example.com\ngus@example.com,Gus,extra\n');
    expect(ragged.rows.map((row) => row.values.first_name)).toEqual([null, 'Gus']);
  });

  it('flags bad emails, duplicates, people already in the unit, bad phones and unknown roles', async () => {
    const data = await validated(
      [
        'email,phone,role',
        'not-an-email,,',
        'hal@example.com,0612345678,member',
        'HAL@example.com,,',
        `${r.people.member.email},,`,
        'ivy@example.com,call me,',
        'jan@example.com,+12,',
        'kim@example.com,,boss',
        ',,',
        ',+31 6 12345678,',
      ].join('\n'),
    );
    const errors = Object.fromEntries(data.rows.map((row) => [row.row, row.errors]));
    expect(errors[1]).toEqual([{ field: 'email', message: expect.stringMatching(/not a valid email/) }]);
    expect(errors[2]).toEqual([]);
    expect(errors[3]).toEqual([{ field: 'email', message: 'This email address is also in row 2' }]);
    expect(errors[4]).toEqual([{ field: 'email', message: expect.stringMatching(/already a member/) }]);
    expect(errors[5]).toEqual([{ field: 'phone', message: expect.stringMatching(/only digits/) }]);
    expect(errors[6]).toEqual([{ field: 'phone', message: expect.stringMatching(/not valid/) }]);
    expect(errors[7]).toEqual([{ field: 'role', message: expect.stringMatching(/Unknown role/) }]);
    // ",," is an empty line and skipped; a row with only a phone needs an email.
    expect(data.rows).toHaveLength(8);
    expect(errors[8]).toEqual([{ field: 'email', message: 'An email address is needed' }]);
    // Bad values are given back as written.
    expect(data.rows[0]!.values.email).toBe('not-an-email');
    expect(data.rows[6]!.values.role).toBe('boss');
    expect(data.valid).toBe(1);
    expect(data.invalid).toBe(7);
  });

  it('refuses a file without an email column, a malformed file and an empty one with 422 on file', async () => {
    for (const [csv, message] of [
      ['first_name,last_name\nAnn,Smith\n', /needs the column email/],
      ['email,first_name\n"ann@example.com,Ann\n', /not valid CSV.*Quote Not Closed/],
      ['email,email\nann@example.com,ann@example.com\n', /appears more than once/],
      ['', /empty/],
      ['email\n', /no rows/],
      [
        new Uint8Array([...new TextEncoder().encode('email,first_name\na@example.com,Ren'), 0xe9, 0x0a]),
        /UTF-8/,
      ],
    ] as const) {
      const response = await validate(csv);
      expect(response.statusCode, String(message)).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({ field: 'file', message: expect.stringMatching(message) });
    }
  });

  it('takes at most 500 rows and 1 MiB', async () => {
    const rows = (count: number) =>
      `email\n${Array.from({ length: count }, (_, i) => `p${i}@example.com`).join('\n')}\n`;
    const full = await validated(rows(500));
    expect(full.valid).toBe(500);
    const tooMany = await validate(rows(501));
    expect(tooMany.statusCode).toBe(422);
    expect(errorsOf(tooMany)[0]).toMatchObject({ field: 'file', message: expect.stringMatching(/501 rows/) });

    const huge = await validate(`email,first_name\na@example.com,${'x'.repeat(1024 * 1024)}\n`);
    expect(huge.statusCode).toBe(413);
    expect(errorsOf(huge)[0]!.code).toBe('payload_too_large');
  });

  it('needs a multipart upload with one file', async () => {
    const json = await call(t.app, 'POST', validatePath(), {
      token: r.tokens.manager,
      body: { file: 'email\na@example.com' },
    });
    expect(json.statusCode).toBe(422);
    expect(errorsOf(json)[0]!.field).toBe('file');

    const form = new FormData();
    form.append('file', new Blob(['email\na@example.com\n']), 'a.csv');
    form.append('second', new Blob(['email\nb@example.com\n']), 'b.csv');
    const encoded = new Response(form);
    const two = await call(t.app, 'POST', validatePath(), {
      token: r.tokens.manager,
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(two.statusCode).toBe(422);
    expect(errorsOf(two)[0]).toMatchObject({ field: 'file', message: 'Upload exactly one CSV file' });

    const withoutFile = new FormData();
    withoutFile.append('note', 'no file here');
    const noFile = new Response(withoutFile);
    const none = await call(t.app, 'POST', validatePath(), {
      token: r.tokens.manager,
      body: Buffer.from(await noFile.arrayBuffer()),
      headers: { 'content-type': noFile.headers.get('content-type')! },
    });
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none)[0]!.field).toBe('file');
  });

  it('is for managers only', async () => {
    for (const token of [
      r.tokens.inviteMember,
      r.tokens.member,
      r.tokens.otherManager,
      r.tokens.stranger,
      o.tokens.unitManagerOfOtherUnit,
      o.tokens.unitManagerOfOtherBuilding,
    ]) {
      expect((await validate('email\na@example.com\n', token)).statusCode).toBe(403);
    }
    expect((await validate('email\na@example.com\n', r.tokens.unitManager)).statusCode).toBe(200);
  });

  it('gives values that bulk_create takes as they are', async () => {
    const data = await validated(
      'email,first_name,phone,role\nlia@example.com,Lia,06-22222222,unit_manager\n',
    );
    const created = await call(t.app, 'POST', `/units/${r.unit.id}/members/bulk_create`, {
      token: r.tokens.manager,
      body: { members: data.rows.map((row) => row.values) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data[0]).toMatchObject({
      role: 'unit_manager',
      user: { email: 'lia@example.com', first_name: 'Lia', phone: '+31622222222' },
    });
    const again = await validated('email\nlia@example.com\n');
    expect(again.rows[0]!.errors).toEqual([{ field: 'email', message: expect.stringMatching(/already/) }]);
  });
});
