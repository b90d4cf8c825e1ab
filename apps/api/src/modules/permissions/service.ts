import type { RoleData } from '@gatehouse/core';
import type { Executor } from '../../db/client.js';
import { listRoleRows, type RoleRow } from './repository.js';

/** Builds the spec's role data (permission_props) from the rows a user's roles produce. */
export function roleDataFromRows(isSuperadmin: boolean, rows: RoleRow[]): RoleData {
  const lists = {
    bManagerOfBuilding: new Set<string>(),
    bManagerOfUnit: new Set<string>(),
    uManagerOfBuilding: new Set<string>(),
    uManagerOfUnit: new Set<string>(),
    uInviteMemberOfBuilding: new Set<string>(),
    uInviteMemberOfUnit: new Set<string>(),
    uMemberOfBuilding: new Set<string>(),
    uMemberOfUnit: new Set<string>(),
  };
  for (const row of rows) {
    if (row.source === 'building_manager') {
      lists.bManagerOfBuilding.add(row.building_id);
      if (row.unit_id) lists.bManagerOfUnit.add(row.unit_id);
      continue;
    }
    // Every membership counts as a membership; the role adds its own lists on top.
    lists.uMemberOfBuilding.add(row.building_id);
    if (row.unit_id) lists.uMemberOfUnit.add(row.unit_id);
    if (row.source === 'unit_manager') {
      lists.uManagerOfBuilding.add(row.building_id);
      if (row.unit_id) lists.uManagerOfUnit.add(row.unit_id);
    } else if (row.source === 'invite_member') {
      lists.uInviteMemberOfBuilding.add(row.building_id);
      if (row.unit_id) lists.uInviteMemberOfUnit.add(row.unit_id);
    }
  }
  return {
    isSuperadmin,
    bManagerOfBuilding: [...lists.bManagerOfBuilding],
    bManagerOfUnit: [...lists.bManagerOfUnit],
    uManagerOfBuilding: [...lists.uManagerOfBuilding],
    uManagerOfUnit: [...lists.uManagerOfUnit],
    uInviteMemberOfBuilding: [...lists.uInviteMemberOfBuilding],
    uInviteMemberOfUnit: [...lists.uInviteMemberOfUnit],
    uMemberOfBuilding: [...lists.uMemberOfBuilding],
    uMemberOfUnit: [...lists.uMemberOfUnit],
  };
}

export async function loadRoleData(
  db: Executor,
  user: { id: string; isSuperadmin: boolean },
): Promise<RoleData> {
  return roleDataFromRows(user.isSuperadmin, await listRoleRows(db, user.id));
}
