import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityKind, CallFilters, DoorLogFilters } from '../../../lib/activity';
import { fileNamePart } from '../../../lib/download';
import { calendarDateIn } from '../../../lib/time-zones';
import { useExportActivity } from '../api/export-activity';

const FILE_PREFIX: Record<ActivityKind, string> = { door_logs: 'door-activity', calls: 'intercom-activity' };

/** "Export CSV": the list with its filters as a CSV file, e.g. "door-activity-harbour-house-2025-03-10.csv". */
export function ExportButton({
  building,
  kind,
  filters,
}: {
  building: { id: string; name: string; timeZone: string };
  kind: ActivityKind;
  filters: DoorLogFilters | CallFilters;
}) {
  const { t } = useTranslation();
  const exporting = useExportActivity();
  const today = calendarDateIn(new Date(), building.timeZone);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden="true" />}
      loading={exporting.isPending}
      onClick={() =>
        exporting.mutate({
          buildingId: building.id,
          kind,
          filters,
          filename: `${FILE_PREFIX[kind]}-${fileNamePart(building.name)}-${today}.csv`,
        })
      }
    >
      {t('activity.export')}
    </Button>
  );
}
