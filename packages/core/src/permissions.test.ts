import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  can,
  EMPTY_ROLE_DATA,
  fromPermissionPropsWire,
  type PermissionContext,
  type RoleData,
} from './permissions.js';

// Building B1 holds units U1 and U2; building B2 holds unit U3.
const B1 = 'building-1';
const B2 = 'building-2';
const U1 = 'unit-1';
const U2 = 'unit-2';
const U3 = 'unit-3';

const role = (overrides: Partial<RoleData>): RoleData => ({ ...EMPTY_ROLE_DATA, ...overrides });

const buildingManagerOfB1 = role({ bManagerOfBuilding: [B1], bManagerOfUnit: [U1, U2] });
const unitManagerOf = (unitId: string) =>
  role({
    uManagerOfBuilding: [B1],
    uManagerOfUnit: [unitId],
    uMemberOfBuilding: [B1],
    uMemberOfUnit: [unitId],
  });
const memberOfU1 = role({ uMemberOfBuilding: [B1], uMemberOfUnit: [U1] });

interface Column {
  roleData: RoleData | null;
  context: PermissionContext;
}

// Each column is a role acting on a resource. Contexts are the narrowest, as the server passes them:
// a unit-scoped resource carries only its unit, a building-scoped one only its building.
const COLUMNS = {
  SA: { roleData: role({ isSuperadmin: true }), context: { buildingId: B1, unitId: U1 } },
  BM: { roleData: buildingManagerOfB1, context: { buildingId: B1 } },
  BMu: { roleData: buildingManagerOfB1, context: { unitId: U1 } },
  BMx: { roleData: role({ bManagerOfBuilding: [B2], bManagerOfUnit: [U3] }), context: { buildingId: B1 } },
  UM: { roleData: unitManagerOf(U1), context: { unitId: U1 } },
  UMx: { roleData: unitManagerOf(U2), context: { unitId: U1 } },
  IM: {
    roleData: role({
      uInviteMemberOfBuilding: [B1],
      uInviteMemberOfUnit: [U1],
      uMemberOfBuilding: [B1],
      uMemberOfUnit: [U1],
    }),
    context: { unitId: U1 },
  },
  M: { roleData: memberOfU1, context: { unitId: U1 } },
  Mb: { roleData: memberOfU1, context: { buildingId: B1 } },
  Mx: { roleData: role({ uMemberOfBuilding: [B2], uMemberOfUnit: [U3] }), context: { unitId: U1 } },
  none: { roleData: null, context: { buildingId: B1, unitId: U1 } },
  empty: { roleData: EMPTY_ROLE_DATA, context: { buildingId: B1, unitId: U1 } },
} satisfies Record<string, Column>;

type ColumnName = keyof typeof COLUMNS;
const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[];

/*
 * The expected decisions, written out by hand from spec 6 (Y = allowed, . = denied).
 *   SA    superadmin
 *   BM    building manager of B1, acting on B1
 *   BMu   building manager of B1, acting on unit U1 of B1
 *   BMx   building manager of B2 only, acting on B1
 *   UM    unit manager of U1, acting on U1
 *   UMx   unit manager of U2 (same building B1), acting on U1
 *   IM    invite-member of U1, acting on U1
 *   M     member of U1, acting on U1
 *   Mb    member of U1, acting on its building B1
 *   Mx    member of U3 (in B2), acting on U1
 *   none  no role data (null)
 *   empty EMPTY_ROLE_DATA (not signed in)
 */
// biome-ignore format: the matrix is aligned by hand
const EXPECTED: Record<Action, string> = {
  //                          SA BM BMu BMx UM UMx IM M  Mb Mx none empty
  buildingUpdate:            'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  doorUpdate:                'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  intercomRead:              'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  unitCreate:                'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  unitDelete:                'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  entryScheduleGrantRevoke:  'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  callRead:                  'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  doorLogRead:               'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  doorCreate:                'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  doorDelete:                'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  doorOpen:                  'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  intercomUpdate:            'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  managerRead:               'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  managerCreate:             'Y  Y  Y   .   .  .   .  .  .  .  .    .',
  managerDelete:             'Y  Y  Y   .   .  .   .  .  .  .  .    .',

  unitRead:                  'Y  Y  Y   .   Y  .   Y  Y  Y  .  .    .',
  visitorRead:               'Y  Y  Y   .   Y  .   Y  Y  Y  .  .    .',
  memberRead:                'Y  Y  Y   .   Y  .   Y  Y  Y  .  .    .',
  entryScheduleRead:         'Y  Y  Y   .   Y  .   Y  Y  Y  .  .    .',
  buildingRead:              'Y  Y  Y   .   Y  .   Y  Y  Y  .  .    .',
  doorRead:                  'Y  Y  Y   .   Y  .   Y  Y  Y  .  .    .',
  visitorAll:                'Y  Y  Y   .   Y  .   Y  .  Y  .  .    .',
  unitList:                  'Y  Y  Y   Y   Y  Y   Y  Y  Y  Y  .    .',

  unitUpdate:                'Y  Y  Y   .   Y  .   .  .  .  .  .    .',
  entryScheduleUpdate:       'Y  Y  Y   .   Y  .   .  .  .  .  .    .',
  memberUpdate:              'Y  Y  Y   .   Y  .   .  .  .  .  .    .',
  memberCreate:              'Y  Y  Y   .   Y  .   .  .  .  .  .    .',
  memberDelete:              'Y  Y  Y   .   Y  .   .  .  .  .  .    .',
  userInvite:                'Y  Y  Y   .   Y  .   .  .  .  .  .    .',

  buildingCreate:            'Y  .  .   .   .  .   .  .  .  .  .    .',
  buildingDelete:            'Y  .  .   .   .  .   .  .  .  .  .    .',
  userList:                  'Y  .  .   .   .  .   .  .  .  .  .    .',
  userRead:                  'Y  .  .   .   .  .   .  .  .  .  .    .',
  userUpdate:                'Y  .  .   .   .  .   .  .  .  .  .    .',
  userDelete:                'Y  .  .   .   .  .   .  .  .  .  .    .',
  accountsNavigation:        'Y  .  .   .   .  .   .  .  .  .  .    .',
  oauth2ClientManage:        'Y  .  .   .   .  .   .  .  .  .  .    .',
  outboxRead:                'Y  .  .   .   .  .   .  .  .  .  .    .',
  doorSecretsRead:           'Y  .  .   .   .  .   .  .  .  .  .    .',
};

type Decision = 'allow' | 'deny';

function expectedRow(action: Action): Record<ColumnName, Decision> {
  const marks = EXPECTED[action].split(/\s+/);
  expect(marks, `matrix row of ${action}`).toHaveLength(COLUMN_NAMES.length);
  return Object.fromEntries(
    COLUMN_NAMES.map((name, index) => [name, marks[index] === 'Y' ? 'allow' : 'deny']),
  ) as Record<ColumnName, Decision>;
}

function actualRow(action: Action): Record<ColumnName, Decision> {
  return Object.fromEntries(
    COLUMN_NAMES.map((name) => {
      const { roleData, context } = COLUMNS[name];
      return [name, can(roleData, action, context) ? 'allow' : 'deny'];
    }),
  ) as Record<ColumnName, Decision>;
}

describe('can: the spec 6 matrix', () => {
  it('covers every action exactly once', () => {
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
  });

  it.each(ACTIONS)('%s', (action) => {
    expect(actualRow(action)).toEqual(expectedRow(action));
  });
});

describe('can: edge cases', () => {
  it('denies everything when role data is undefined', () => {
    for (const action of ACTIONS) expect(can(undefined, action, { buildingId: B1, unitId: U1 })).toBe(false);
  });

  it('lets a superadmin act without any context', () => {
    for (const action of ACTIONS) expect(can(role({ isSuperadmin: true }), action)).toBe(true);
  });

  it('denies an action outside the table, even to a superadmin', () => {
    const superadmin = role({ isSuperadmin: true });
    expect(can(superadmin, 'doorsOpenAll' as Action)).toBe(false);
    expect(can(superadmin, 'toString' as Action)).toBe(false);
  });

  it('needs a context for rules "of the building or of the unit"', () => {
    expect(can(buildingManagerOfB1, 'buildingUpdate')).toBe(false);
    expect(can(buildingManagerOfB1, 'buildingUpdate', { buildingId: null, unitId: null })).toBe(false);
  });

  it('lists units without a context for a building manager or a member of any unit', () => {
    expect(can(buildingManagerOfB1, 'unitList')).toBe(true);
    expect(can(memberOfU1, 'unitList')).toBe(true);
    expect(can(role({ uManagerOfBuilding: [B1], uManagerOfUnit: [U1] }), 'unitList')).toBe(false);
  });

  it('widens a unit manager to the whole building when the building is in the context', () => {
    // Why the server passes only the unit for unit-scoped resources.
    const managerOfU2 = unitManagerOf(U2);
    expect(can(managerOfU2, 'unitUpdate', { unitId: U1 })).toBe(false);
    expect(can(managerOfU2, 'unitUpdate', { buildingId: B1, unitId: U1 })).toBe(true);
  });

  it('lets invite-members manage visitors of their own unit only', () => {
    const inviteMember = role({ uInviteMemberOfUnit: [U1], uMemberOfUnit: [U1] });
    expect(can(inviteMember, 'visitorAll', { unitId: U1 })).toBe(true);
    expect(can(inviteMember, 'visitorAll', { unitId: U2 })).toBe(false);
  });
});

describe('EMPTY_ROLE_DATA', () => {
  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(EMPTY_ROLE_DATA)).toBe(true);
    expect(Object.isFrozen(EMPTY_ROLE_DATA.bManagerOfBuilding)).toBe(true);
  });
});

describe('fromPermissionPropsWire', () => {
  it('maps every snake_case list to its camelCase field', () => {
    expect(
      fromPermissionPropsWire({
        is_superadmin: true,
        b_manager_of_building: ['b1'],
        b_manager_of_unit: ['u1'],
        u_manager_of_building: ['b2'],
        u_manager_of_unit: ['u2'],
        u_invite_member_of_building: ['b3'],
        u_invite_member_of_unit: ['u3'],
        u_member_of_building: ['b4'],
        u_member_of_unit: ['u4'],
      }),
    ).toEqual({
      isSuperadmin: true,
      bManagerOfBuilding: ['b1'],
      bManagerOfUnit: ['u1'],
      uManagerOfBuilding: ['b2'],
      uManagerOfUnit: ['u2'],
      uInviteMemberOfBuilding: ['b3'],
      uInviteMemberOfUnit: ['u3'],
      uMemberOfBuilding: ['b4'],
      uMemberOfUnit: ['u4'],
    });
  });

  it('treats missing lists as empty and a missing flag as not superadmin', () => {
    expect(fromPermissionPropsWire({})).toEqual(EMPTY_ROLE_DATA);
    expect(fromPermissionPropsWire({ u_member_of_unit: ['u1'] })).toEqual({
      ...EMPTY_ROLE_DATA,
      uMemberOfUnit: ['u1'],
    });
  });
});
