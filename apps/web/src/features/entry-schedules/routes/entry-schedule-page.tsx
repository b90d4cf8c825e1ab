import {
  can,
  defaultScheduleWindow,
  entryScheduleCreateBodySchema,
  entryScheduleUpdateBodySchema,
} from '@gatehouse/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { ActiveNowBadge, ScheduleWindowText } from '../../../components/schedule-window';
import { SectionCard } from '../../../components/section-card';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { type Unit, unitNames, useUnit } from '../../../lib/units';
import { useCreateEntrySchedule } from '../api/create-entry-schedule';
import { useDeleteEntrySchedule } from '../api/delete-entry-schedule';
import { type EntrySchedule, useEntrySchedule } from '../api/get-entry-schedule';
import { useUpdateEntrySchedule } from '../api/update-entry-schedule';
import { MidnightNote, ScheduleForm, scheduleValuesOf } from '../components/schedule-form';

const route = getRouteApi('/units/$unitId/entry_schedules/$doorId');

/** The same unit query as the unit page, so coming from there needs no new request. */
const UNIT_PRELOADS = ['entry_schedules', 'building_doors'] as const;

interface PageProps {
  unit: Unit;
  doorId: string;
  doorName: string;
}

/** No schedule yet: building managers create one, by default today 00:00 to tomorrow 23:59 (building time). */
function CreateSchedule({ unit, doorId, doorName }: PageProps) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const create = useCreateEntrySchedule(unit.id, doorId);
  const timeZone = unit.building.timeZone;
  if (!can(roleData, 'entryScheduleGrantRevoke', { unitId: unit.id })) {
    return (
      <EmptyState
        icon={IconCalendarOff}
        title={t('entrySchedules.noAccessTitle')}
        description={t('entrySchedules.noAccessText', { door: doorName })}
      />
    );
  }
  return (
    <SectionCard
      title={t('entrySchedules.createSection')}
      description={t('entrySchedules.createText', { door: doorName, unit: unit.name })}
    >
      <ScheduleForm
        initialValues={scheduleValuesOf(defaultScheduleWindow(new Date(), timeZone))}
        schema={entryScheduleCreateBodySchema}
        toBody={(window) => ({ door_id: doorId, ...window })}
        timeZone={timeZone}
        submitLabel={t('entrySchedules.create')}
        loading={create.isPending}
        onSubmit={(body, onError) =>
          // Not mutate()'s own callbacks: the page swaps this form for the new schedule as soon as the
          // schedule query refreshes, and callbacks of an unmounted caller never run.
          create
            .mutateAsync(body)
            .then(() => showSuccessToast(t('entrySchedules.created', { door: doorName })), onError)
        }
      />
    </SectionCard>
  );
}

function RevokeAccess({ unit, doorId, doorName }: PageProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteEntrySchedule(unit.id, doorId);
  // mutateAsync, for the same reason as above: this part is replaced once the schedule is gone.
  const confirm = () =>
    remove.mutateAsync().then(
      () => {
        close();
        showSuccessToast(t('entrySchedules.deleted', { door: doorName }));
      },
      (error: unknown) => {
        close();
        showErrorToast(error);
      },
    );
  return (
    <SectionCard
      title={t('entrySchedules.deleteSection')}
      description={t('entrySchedules.deleteDescription')}
    >
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('entrySchedules.delete')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('entrySchedules.deleteTitle', { door: doorName })}
        confirmLabel={t('entrySchedules.delete')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('entrySchedules.deleteText', { door: doorName, unit: unit.name })}</Text>
      </ConfirmModal>
    </SectionCard>
  );
}

/** A schedule exists: when it lets people through, editing (managers) and revoking (building managers). */
function ExistingSchedule({ unit, doorId, doorName, schedule }: PageProps & { schedule: EntrySchedule }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const update = useUpdateEntrySchedule(unit.id, doorId);
  const context = { unitId: unit.id };
  return (
    <Stack gap="lg" maw={760}>
      <SectionCard title={t('entrySchedules.current')}>
        <Stack gap="sm">
          <Group gap="sm">
            <ScheduleWindowText window={schedule} size="md" />
            <ActiveNowBadge active={schedule.activeNow} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('entrySchedules.hint', { zone: unit.building.timeZone })}
          </Text>
          <MidnightNote timeStart={schedule.timeStart} timeEnd={schedule.timeEnd} />
        </Stack>
      </SectionCard>
      {can(roleData, 'entryScheduleUpdate', context) ? (
        <SectionCard title={t('entrySchedules.edit')}>
          <ScheduleForm
            key={schedule.updatedAt}
            initialValues={scheduleValuesOf(schedule)}
            schema={entryScheduleUpdateBodySchema}
            toBody={(window) => window}
            timeZone={unit.building.timeZone}
            submitLabel={t('common.save')}
            loading={update.isPending}
            onSubmit={(body, onError) =>
              update.mutate(body, {
                onSuccess: () => showSuccessToast(t('entrySchedules.saved')),
                onError,
              })
            }
          />
        </SectionCard>
      ) : null}
      {can(roleData, 'entryScheduleGrantRevoke', context) ? (
        <RevokeAccess unit={unit} doorId={doorId} doorName={doorName} />
      ) : null}
    </Stack>
  );
}

/**
 * `/units/{u}/entry_schedules/{doorId}`: when the unit's members and visitors may open one door.
 * Without a schedule (404) the page is titled "Create entryschedule" and offers creation (spec 2).
 */
export function EntrySchedulePage() {
  const { t } = useTranslation();
  const { unitId, doorId } = route.useParams();
  const unit = useUnit(unitId, UNIT_PRELOADS);
  const schedule = useEntrySchedule(unitId, doorId);
  const door = schedule.data?.door ?? unit.data?.buildingDoors?.find((candidate) => candidate.id === doorId);
  const creating = schedule.data === null && unit.isSuccess && door !== undefined;
  usePageData({
    ...(creating ? { pageTitle: t('entrySchedules.createTitle') } : {}),
    names: { ...unitNames(unit.data), ...(door ? { door: door.name } : {}) },
  });

  if (unit.isPending || schedule.isPending) return <LoadingState />;
  if (unit.isError) {
    return (
      <LoadError message={t('units.loadOneFailed')} error={unit.error} onRetry={() => void unit.refetch()} />
    );
  }
  if (schedule.isError) {
    return (
      <LoadError
        message={t('entrySchedules.loadFailed')}
        error={schedule.error}
        onRetry={() => void schedule.refetch()}
      />
    );
  }
  if (!door) {
    return (
      <EmptyState
        icon={IconCalendarOff}
        title={t('entrySchedules.unknownDoorTitle')}
        description={t('entrySchedules.unknownDoorText')}
      />
    );
  }
  const props = { unit: unit.data, doorId, doorName: door.name };
  if (schedule.data === null) {
    return (
      <Stack maw={760}>
        <CreateSchedule {...props} />
      </Stack>
    );
  }
  return <ExistingSchedule {...props} schedule={schedule.data} />;
}
