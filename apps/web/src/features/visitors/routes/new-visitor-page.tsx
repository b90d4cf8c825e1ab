import { Box } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { unitNames, useUnit } from '../../../lib/units';
import { VisitorForm } from '../components/visitor-form';

const route = getRouteApi('/units/$unitId/visitors/new');

/** `/units/{id}/visitors/new`: a personal door link for a guest, from now for 24 hours unless changed. */
export function NewVisitorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unitId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const unit = useUnit(unitId);
  usePageData({ names: unitNames(unit.data) });
  const search = fromBuilding ? { building: fromBuilding } : {};

  if (unit.isPending) return <LoadingState />;
  if (unit.isError) {
    return (
      <LoadError message={t('units.loadOneFailed')} error={unit.error} onRetry={() => void unit.refetch()} />
    );
  }
  return (
    <Box maw={760}>
      <SectionCard title={t('visitors.form.title')} description={t('visitors.form.description')}>
        <VisitorForm
          unitId={unitId}
          timeZone={unit.data.building.timeZone}
          onCreated={(visitor) => {
            // A visitor with an email address gets the link by mail at once (decision 006).
            showSuccessToast(
              visitor.email
                ? t('visitors.createdMailed', { name: visitor.name, email: visitor.email })
                : t('visitors.created', { name: visitor.name }),
            );
            void navigate({
              to: '/units/$unitId/visitors/$visitorId',
              params: { unitId, visitorId: visitor.id },
              search,
            });
          }}
          onCancel={() => void navigate({ to: '/units/$unitId/visitors', params: { unitId }, search })}
        />
      </SectionCard>
    </Box>
  );
}
