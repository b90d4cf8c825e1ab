import { Box, Paper, Tabs } from '@mantine/core';
import { IconFileTypeCsv, IconUserPlus } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../../lib/page-data';
import { unitNames, useUnit } from '../../../lib/units';
import { BulkUpload } from '../components/bulk-upload';
import { InviteForm } from '../components/invite-form';

const route = getRouteApi('/units/$unitId/members/new');

/** `/units/{id}/members/new`: one person by email, or many from a CSV file. */
export function NewMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unitId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const unit = useUnit(unitId);
  usePageData({ names: unitNames(unit.data) });
  const backToList = () =>
    void navigate({
      to: '/units/$unitId/members',
      params: { unitId },
      search: fromBuilding ? { building: fromBuilding } : {},
    });

  return (
    <Box maw={1000}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Tabs defaultValue="single" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="single" leftSection={<IconUserPlus size={16} aria-hidden="true" />}>
              {t('members.tabs.single')}
            </Tabs.Tab>
            <Tabs.Tab value="csv" leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}>
              {t('members.tabs.csv')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="single">
            <Box maw={640}>
              <InviteForm unitId={unitId} onDone={backToList} />
            </Box>
          </Tabs.Panel>
          <Tabs.Panel value="csv">
            <BulkUpload unitId={unitId} onDone={backToList} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Box>
  );
}
