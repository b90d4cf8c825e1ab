import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

export type RoleRow = {
  source: 'building_manager' | 'member' | 'invite_member' | 'unit_manager';
  building_id: string;
  unit_id: string | null;
};

/**
 * Every role a user holds, in one round trip: the buildings they manage (and each unit inside
 * them) and their memberships with the unit's building.
 */
export async function listRoleRows(db: Executor, userId: string): Promise<RoleRow[]> {
  return queryRows<RoleRow>(
    db,
    sql`
    select 'building_manager' as source, bm.building_id, u.id as unit_id
      from building_managers bm
      left join units u on u.building_id = bm.building_id
     where bm.user_id = ${userId}
    union all
    select m.role as source, u.building_id, u.id as unit_id
      from memberships m
      join units u on u.id = m.unit_id
     where m.user_id = ${userId}
  `,
  );
}
