import type { CamelCasedKeys, UNIT_PRELOADS, Unit as WireUnit } from '@gatehouse/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import type { NamedEntity } from './page';

/*
 * The unit itself is read by every unit-side page (units, members, visitors, entry schedules): its
 * name titles the page and fills the breadcrumbs, so its query lives here rather than in one feature.
 */

/** A unit after the camelCase mapping, with whichever preloads were asked for. */
export type Unit = CamelCasedKeys<WireUnit>;
export type UnitPreload = (typeof UNIT_PRELOADS)[number];

/** Every unit query (lists and single units) starts with this key. */
export const unitsQueryKey = ['units'] as const;

/** One unit, per set of preloads (a detail page and a properties page ask for different ones). */
export const unitQueryKey = (unitId: string, preloads: readonly UnitPreload[] = []) =>
  ['units', 'detail', unitId, [...preloads].sort().join(',')] as const;

export function unitPath(unitId: string): string {
  return `/units/${encodeURIComponent(unitId)}`;
}

/** GET /units/{id}?preloads=…. */
export async function getUnit(unitId: string, preloads: readonly UnitPreload[] = []): Promise<Unit> {
  const { data } = await apiClient.get<Unit>(unitPath(unitId), {
    params: preloads.length > 0 ? { preloads: [...preloads] } : undefined,
  });
  return data;
}

export function useUnit(unitId: string, preloads: readonly UnitPreload[] = []) {
  return useQuery({ queryKey: unitQueryKey(unitId, preloads), queryFn: () => getUnit(unitId, preloads) });
}

/** Marks every cached form of one unit stale (after a change to it, its members or its schedules). */
export function invalidateUnit(queryClient: QueryClient, unitId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['units', 'detail', unitId] });
}

/** Marks the unit lists stale (a unit was added, renamed or removed, or its member count changed). */
export function invalidateUnitLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['units', 'list'] });
}

/** The names a unit-side page hands to its breadcrumbs: the unit, and its building (spec 2). */
export function unitNames(
  unit: Pick<Unit, 'name' | 'building'> | undefined,
): Partial<Record<NamedEntity, string>> {
  return unit ? { unit: unit.name, building: unit.building.name } : {};
}
