import type { CamelCasedKeys, BulkValidation as WireBulkValidation } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { membersPath } from './get-members';

/**
 * The reply of bulk_validate after the camelCase mapping. The keys of each row's `values` are
 * camelCased too ("first_name" → "firstName"); `errors[].field` keeps the CSV column name.
 */
export type BulkValidation = CamelCasedKeys<WireBulkValidation>;
export type BulkRow = BulkValidation['rows'][number];

/** The form-data part holding the CSV file (decision 006 says "one CSV file"). */
export const BULK_FILE_FIELD = 'file';

/** POST /units/{u}/members/bulk_validate (multipart): each row as it would be saved, and what is wrong. */
export async function validateMembersCsv(unitId: string, file: File): Promise<BulkValidation> {
  const form = new FormData();
  form.append(BULK_FILE_FIELD, file, file.name);
  const { data } = await apiClient.post<BulkValidation>(`${membersPath(unitId)}/bulk_validate`, form);
  return data;
}

export function useValidateMembersCsv(unitId: string) {
  return useMutation({ mutationFn: (file: File) => validateMembersCsv(unitId, file) });
}
