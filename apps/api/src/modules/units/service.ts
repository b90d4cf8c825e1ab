import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { findUnit, type UnitWithBuilding } from './repository.js';

/** A unit with its building (id, name, time zone), or 404. */
export async function requireUnit(ctx: AppContext, unitId: string): Promise<UnitWithBuilding> {
  const found = await findUnit(ctx.db, unitId);
  if (!found) throw notFound('Unit');
  return found;
}
