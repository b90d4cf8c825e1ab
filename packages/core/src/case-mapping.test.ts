import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type CamelCasedKeys,
  type CamelToSnake,
  camelToSnake,
  type SnakeCasedKeys,
  type SnakeToCamel,
  snakeToCamel,
  toCamelCase,
  toSnakeCase,
} from './case-mapping.js';

describe('snakeToCamel and camelToSnake', () => {
  it.each([
    ['inserted_at', 'insertedAt'],
    ['updated_at', 'updatedAt'],
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
    ['license_key', 'licenseKey'],
    ['seats_available', 'seatsAvailable'],
    ['b_manager_of_building', 'bManagerOfBuilding'],
  ])('%s ↔ %s (spec 3)', (snake, camel) => {
    expect(snakeToCamel(snake)).toBe(camel);
    expect(camelToSnake(camel)).toBe(snake);
  });

  it.each([
    ['currentPassword', 'current_password'],
    ['firstName', 'first_name'],
    ['lastName', 'last_name'],
    ['licenseKey', 'license_key'],
    ['passwordConfirmation', 'password_confirmation'],
  ])('sends %s as %s (spec 3)', (camel, snake) => {
    expect(camelToSnake(camel)).toBe(snake);
  });

  it.each([
    ['id', 'id'],
    ['', ''],
    ['address_line_2', 'addressLine_2'],
    ['trailing_', 'trailing_'],
    ['double__underscore', 'double_Underscore'],
  ])('removes only an underscore before a lowercase letter: %j → %j', (snake, camel) => {
    expect(snakeToCamel(snake)).toBe(camel);
  });
});

// Keys of the wire format: lowercase words joined by single underscores.
const snakeKey = fc
  .array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((words) => words.join('_'));

const { json: snakeJson } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(snakeKey, tie('json'), { maxKeys: 5, noNullPrototype: true }),
  ),
}));

describe('case mapping properties', () => {
  it('camelToSnake undoes snakeToCamel on snake_case keys', () => {
    fc.assert(fc.property(snakeKey, (key) => camelToSnake(snakeToCamel(key)) === key));
  });

  it('toSnakeCase undoes toCamelCase on snake_case data', () => {
    fc.assert(
      fc.property(snakeJson, (value) => {
        expect(toSnakeCase(toCamelCase(value))).toStrictEqual(value);
      }),
    );
  });

  it('keeps the length and order of arrays', () => {
    fc.assert(
      fc.property(fc.array(snakeJson, { maxLength: 8 }), (items) => {
        const mapped = toCamelCase(items);
        expect(mapped).toHaveLength(items.length);
        items.forEach((item, index) => {
          expect(mapped[index]).toStrictEqual(toCamelCase(item));
        });
      }),
    );
  });
});

describe('toCamelCase and toSnakeCase', () => {
  it('maps keys of nested objects and of objects inside arrays', () => {
    const reply = {
      data: {
        account: { first_name: 'Ada', permission_props: { u_member_of_unit: ['u1'] } },
        sessions: [{ last_used_at: '2025-01-01T00:00:00.000Z' }],
      },
      errors: [],
      meta: {},
    };
    expect(toCamelCase(reply)).toEqual({
      data: {
        account: { firstName: 'Ada', permissionProps: { uMemberOfUnit: ['u1'] } },
        sessions: [{ lastUsedAt: '2025-01-01T00:00:00.000Z' }],
      },
      errors: [],
      meta: {},
    });
  });

  it('leaves values alone, even strings that look like keys', () => {
    expect(toCamelCase({ sort_by: 'inserted_at', tags: ['first_name'] })).toEqual({
      sortBy: 'inserted_at',
      tags: ['first_name'],
    });
  });

  it('passes primitives, null, dates and other class instances through unchanged', () => {
    const date = new Date('2025-01-01T00:00:00Z');
    const map = new Map([['door_id', 1]]);
    expect(toCamelCase(null)).toBeNull();
    expect(toCamelCase(undefined)).toBeUndefined();
    expect(toCamelCase('first_name')).toBe('first_name');
    expect(toCamelCase(42)).toBe(42);
    expect(toCamelCase(date)).toBe(date);
    expect(toSnakeCase({ startsAt: date, lookup: map })).toEqual({ starts_at: date, lookup: map });
    expect(toSnakeCase({ lookup: map }).lookup).toBe(map);
  });

  it('does not change its input', () => {
    const input = { first_name: 'Ada', nested: [{ last_name: 'Lovelace' }] };
    toCamelCase(input);
    expect(input).toEqual({ first_name: 'Ada', nested: [{ last_name: 'Lovelace' }] });
  });

  it('keeps a "__proto__" key as data', () => {
    const parsed = JSON.parse('{"__proto__": {"isSuperadmin": true}}') as unknown;
    const mapped = toSnakeCase(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(mapped)).toBe(Object.prototype);
    expect(Object.hasOwn(mapped, '__proto__')).toBe(true);
  });

  it('types the mapped keys', () => {
    expectTypeOf<SnakeToCamel<'u_invite_member_of_unit'>>().toEqualTypeOf<'uInviteMemberOfUnit'>();
    expectTypeOf<SnakeToCamel<'address_line_2'>>().toEqualTypeOf<'addressLine_2'>();
    expectTypeOf<SnakeToCamel<'trailing_'>>().toEqualTypeOf<'trailing_'>();
    expectTypeOf<SnakeToCamel<string>>().toEqualTypeOf<string>();
    expectTypeOf<CamelToSnake<'passwordConfirmation'>>().toEqualTypeOf<'password_confirmation'>();
    expectTypeOf<CamelToSnake<string>>().toEqualTypeOf<string>();

    type Reply = {
      first_name: string | null;
      sessions: { last_used_at: Date }[];
      meta: Record<string, number>;
    };
    expectTypeOf<CamelCasedKeys<Reply>>().toEqualTypeOf<{
      firstName: string | null;
      sessions: { lastUsedAt: Date }[];
      meta: Record<string, number>;
    }>();
    expectTypeOf<SnakeCasedKeys<{ currentPassword?: string }>>().toEqualTypeOf<{
      current_password?: string;
    }>();
    expectTypeOf(toCamelCase({ seats_available: 3 })).toEqualTypeOf<{ seatsAvailable: number }>();
  });
});
