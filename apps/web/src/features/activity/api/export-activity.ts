import { useMutation } from '@tanstack/react-query';
import {
  type ActivityKind,
  activityCsvPath,
  activityParams,
  type CallFilters,
  type DoorLogFilters,
} from '../../../lib/activity';
import { fetchApiFile, saveBlob } from '../../../lib/download';
import { showErrorToast } from '../../../lib/toast';

export interface ExportRequest {
  buildingId: string;
  kind: ActivityKind;
  filters: DoorLogFilters | CallFilters;
  filename: string;
}

/**
 * GET /buildings/{id}/door_logs.csv or /calls.csv with the list's filters (no cursor, no limit: the
 * server streams every matching row), fetched with the bearer token and saved as `filename`.
 */
export async function exportActivity({ buildingId, kind, filters, filename }: ExportRequest): Promise<void> {
  const blob = await fetchApiFile(activityCsvPath(buildingId, kind), activityParams(kind, filters));
  saveBlob(blob, filename);
}

export function useExportActivity() {
  return useMutation({ mutationFn: exportActivity, onError: (error) => showErrorToast(error) });
}
