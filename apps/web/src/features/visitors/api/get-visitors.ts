import type { CamelCasedKeys, Visitor as WireVisitor } from '@gatehouse/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateUnit, unitPath } from '../../../lib/units';

/** A visitor after the camelCase mapping: `link` opens their doors, `state` says whether it works now. */
export type Visitor = CamelCasedKeys<WireVisitor>;

export const visitorsQueryKey = (unitId: string) => ['visitors', unitId, 'list'] as const;

export function visitorsPath(unitId: string): string {
  return `${unitPath(unitId)}/visitors`;
}

/** GET /units/{u}/visitors. */
export async function getVisitors(unitId: string): Promise<Visitor[]> {
  const { data } = await apiClient.get<Visitor[]>(visitorsPath(unitId));
  return data;
}

export function useVisitors(unitId: string) {
  return useQuery({ queryKey: visitorsQueryKey(unitId), queryFn: () => getVisitors(unitId) });
}

/** After a visitor changes: the unit's visitor list, and the unit (its active visitors). */
export function invalidateVisitors(queryClient: QueryClient, unitId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: visitorsQueryKey(unitId) }),
    invalidateUnit(queryClient, unitId),
  ]);
}
