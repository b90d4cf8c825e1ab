/**
 * The permission rules of spec section 6, as one table. The server enforces them on every call; the
 * dashboard uses the same table only to hide what the user cannot do.
 */

/**
 * What the server tells a client about the signed-in user's roles, as lists of ids (camelCase form).
 * The server computes the lists so that a single lookup answers each rule:
 * - `bManagerOf*`: the buildings the user manages and every unit inside them;
 * - `uManagerOf*`: the units where the user is a unit manager and the buildings of those units;
 * - `uMemberOf*`: every membership (member, invite-member or unit manager) and its building;
 * - `uInviteMemberOf*`: the invite-memberships and their buildings.
 */
export interface RoleData {
  isSuperadmin: boolean;
  bManagerOfBuilding: readonly string[];
  bManagerOfUnit: readonly string[];
  uManagerOfBuilding: readonly string[];
  uManagerOfUnit: readonly string[];
  uInviteMemberOfBuilding: readonly string[];
  uInviteMemberOfUnit: readonly string[];
  uMemberOfBuilding: readonly string[];
  uMemberOfUnit: readonly string[];
}

/** `RoleData` as it travels in `account.permission_props` (snake_case wire format). */
export interface PermissionPropsWire {
  is_superadmin: boolean;
  b_manager_of_building: readonly string[];
  b_manager_of_unit: readonly string[];
  u_manager_of_building: readonly string[];
  u_manager_of_unit: readonly string[];
  u_invite_member_of_building: readonly string[];
  u_invite_member_of_unit: readonly string[];
  u_member_of_building: readonly string[];
  u_member_of_unit: readonly string[];
}

const NO_IDS: readonly string[] = Object.freeze([]);

/** The role data of a visitor who is not signed in (spec 6: "empty permissions are used"). */
export const EMPTY_ROLE_DATA: RoleData = Object.freeze({
  isSuperadmin: false,
  bManagerOfBuilding: NO_IDS,
  bManagerOfUnit: NO_IDS,
  uManagerOfBuilding: NO_IDS,
  uManagerOfUnit: NO_IDS,
  uInviteMemberOfBuilding: NO_IDS,
  uInviteMemberOfUnit: NO_IDS,
  uMemberOfBuilding: NO_IDS,
  uMemberOfUnit: NO_IDS,
});

/** Reads `permission_props`; a list the server left out counts as empty rather than failing. */
export function fromPermissionPropsWire(wire: Partial<PermissionPropsWire>): RoleData {
  return {
    isSuperadmin: wire.is_superadmin === true,
    bManagerOfBuilding: wire.b_manager_of_building ?? NO_IDS,
    bManagerOfUnit: wire.b_manager_of_unit ?? NO_IDS,
    uManagerOfBuilding: wire.u_manager_of_building ?? NO_IDS,
    uManagerOfUnit: wire.u_manager_of_unit ?? NO_IDS,
    uInviteMemberOfBuilding: wire.u_invite_member_of_building ?? NO_IDS,
    uInviteMemberOfUnit: wire.u_invite_member_of_unit ?? NO_IDS,
    uMemberOfBuilding: wire.u_member_of_building ?? NO_IDS,
    uMemberOfUnit: wire.u_member_of_unit ?? NO_IDS,
  };
}

/**
 * The resource an action is about: the current page data in the dashboard, the resource being acted
 * on in the server. A rule "of the building or of the unit" matches when `buildingId` is in the
 * building list or `unitId` is in the unit list.
 *
 * The server passes the narrowest context: only `unitId` for a unit-scoped resource (a unit, its
 * members, visitors and entry schedules), only `buildingId` for a building-scoped one. Passing the
 * unit's building as well would widen the check, e.g. let a unit manager of one unit update every
 * unit of the same building, because `uManagerOfBuilding` lists that building.
 */
export interface PermissionContext {
  buildingId?: string | null;
  unitId?: string | null;
}

export const ACTIONS = [
  // Building managers
  'buildingUpdate',
  'doorUpdate',
  'intercomRead',
  'unitCreate',
  'unitDelete',
  'entryScheduleGrantRevoke',
  'callRead',
  'doorLogRead',
  // Not named by the spec (its "not shown"); building managers run their building's doors,
  // intercoms and managers.
  'doorCreate',
  'doorDelete',
  'doorOpen',
  'intercomUpdate',
  'managerRead',
  'managerCreate',
  'managerDelete',
  // Managers or members
  'unitRead',
  'visitorRead',
  'memberRead',
  'entryScheduleRead',
  'buildingRead',
  'doorRead',
  // Rules of their own
  'visitorAll',
  'unitList',
  // Building managers or unit managers
  'unitUpdate',
  'entryScheduleUpdate',
  'memberUpdate',
  'memberCreate',
  'memberDelete',
  'userInvite',
  // Superadmin only
  'buildingCreate',
  'buildingDelete',
  'userList',
  'userRead',
  'userUpdate',
  'userDelete',
  'accountsNavigation',
  'oauth2ClientManage',
  'outboxRead',
  // Driver secrets (relay passwords, lock keys) are written by managers but read back only by a superadmin.
  'doorSecretsRead',
] as const;

export type Action = (typeof ACTIONS)[number];

const includes = (ids: readonly string[], id: string | null | undefined): boolean =>
  id != null && ids.includes(id);

/** Each grant is one way, besides being superadmin, to be allowed an action. */
const GRANTS = {
  buildingManager: (role: RoleData, context: PermissionContext) =>
    includes(role.bManagerOfBuilding, context.buildingId) || includes(role.bManagerOfUnit, context.unitId),
  unitManager: (role: RoleData, context: PermissionContext) =>
    includes(role.uManagerOfBuilding, context.buildingId) || includes(role.uManagerOfUnit, context.unitId),
  member: (role: RoleData, context: PermissionContext) =>
    includes(role.uMemberOfBuilding, context.buildingId) || includes(role.uMemberOfUnit, context.unitId),
  memberOfBuilding: (role: RoleData, context: PermissionContext) =>
    includes(role.uMemberOfBuilding, context.buildingId),
  inviteMemberOfUnit: (role: RoleData, context: PermissionContext) =>
    includes(role.uInviteMemberOfUnit, context.unitId),
  // unitList needs no context: it asks whether the user has anything to list at all.
  buildingManagerOfAny: (role: RoleData) => role.bManagerOfBuilding.length > 0,
  memberOfAny: (role: RoleData) => role.uMemberOfUnit.length > 0,
} satisfies Record<string, (role: RoleData, context: PermissionContext) => boolean>;

type Grant = keyof typeof GRANTS;

const BUILDING_MANAGERS: readonly Grant[] = ['buildingManager'];
// "Managers" are building managers and unit managers.
const MANAGERS_OR_MEMBERS: readonly Grant[] = ['buildingManager', 'unitManager', 'member'];
const MANAGERS: readonly Grant[] = ['buildingManager', 'unitManager'];
const SUPERADMIN_ONLY: readonly Grant[] = [];

/** Spec 6: who, besides a superadmin, may do each action. */
const GRANTS_BY_ACTION: Readonly<Record<Action, readonly Grant[]>> = {
  buildingUpdate: BUILDING_MANAGERS,
  doorUpdate: BUILDING_MANAGERS,
  intercomRead: BUILDING_MANAGERS,
  unitCreate: BUILDING_MANAGERS,
  unitDelete: BUILDING_MANAGERS,
  entryScheduleGrantRevoke: BUILDING_MANAGERS,
  callRead: BUILDING_MANAGERS,
  doorLogRead: BUILDING_MANAGERS,
  doorCreate: BUILDING_MANAGERS,
  doorDelete: BUILDING_MANAGERS,
  doorOpen: BUILDING_MANAGERS,
  intercomUpdate: BUILDING_MANAGERS,
  managerRead: BUILDING_MANAGERS,
  managerCreate: BUILDING_MANAGERS,
  managerDelete: BUILDING_MANAGERS,

  unitRead: MANAGERS_OR_MEMBERS,
  visitorRead: MANAGERS_OR_MEMBERS,
  memberRead: MANAGERS_OR_MEMBERS,
  entryScheduleRead: MANAGERS_OR_MEMBERS,
  buildingRead: MANAGERS_OR_MEMBERS,
  doorRead: MANAGERS_OR_MEMBERS,
  visitorAll: ['buildingManager', 'unitManager', 'memberOfBuilding', 'inviteMemberOfUnit'],
  unitList: ['buildingManagerOfAny', 'memberOfAny'],

  unitUpdate: MANAGERS,
  entryScheduleUpdate: MANAGERS,
  memberUpdate: MANAGERS,
  memberCreate: MANAGERS,
  memberDelete: MANAGERS,
  userInvite: MANAGERS,

  buildingCreate: SUPERADMIN_ONLY,
  buildingDelete: SUPERADMIN_ONLY,
  userList: SUPERADMIN_ONLY,
  userRead: SUPERADMIN_ONLY,
  userUpdate: SUPERADMIN_ONLY,
  userDelete: SUPERADMIN_ONLY,
  accountsNavigation: SUPERADMIN_ONLY,
  oauth2ClientManage: SUPERADMIN_ONLY,
  outboxRead: SUPERADMIN_ONLY,
  doorSecretsRead: SUPERADMIN_ONLY,
};

/**
 * Whether a user with `roleData` may do `action` on the resource described by `context`.
 * No role data (null or undefined) denies everything; an action outside the table is denied even to
 * a superadmin, so a typo or a stale client can never open anything.
 */
export function can(
  roleData: RoleData | null | undefined,
  action: Action,
  context: PermissionContext = {},
): boolean {
  if (!roleData || !Object.hasOwn(GRANTS_BY_ACTION, action)) return false;
  if (roleData.isSuperadmin) return true;
  return GRANTS_BY_ACTION[action].some((grant) => GRANTS[grant](roleData, context));
}
