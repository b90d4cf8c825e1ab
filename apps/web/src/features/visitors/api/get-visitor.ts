import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Visitor, visitorsPath } from './get-visitors';

export const visitorQueryKey = (unitId: string, visitorId: string) =>
  ['visitors', unitId, 'detail', visitorId] as const;

export function visitorPath(unitId: string, visitorId: string): string {
  return `${visitorsPath(unitId)}/${encodeURIComponent(visitorId)}`;
}

/** GET /units/{u}/visitors/{v}. */
export async function getVisitor(unitId: string, visitorId: string): Promise<Visitor> {
  const { data } = await apiClient.get<Visitor>(visitorPath(unitId, visitorId));
  return data;
}

export function useVisitor(unitId: string, visitorId: string) {
  return useQuery({
    queryKey: visitorQueryKey(unitId, visitorId),
    queryFn: () => getVisitor(unitId, visitorId),
  });
}
