import { displayName } from '@gatehouse/core';
import { Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useAccount } from '../../../lib/session';

/** The dashboard greets the user; the building overview arrives with the buildings work. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { account } = useAccount();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {account
            ? t('dashboard.greeting', { name: displayName(account, t('common.unknown')) })
            : t('dashboard.greetingAnonymous')}
        </Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </div>
      <EmptyState
        icon={IconBuildingSkyscraper}
        title={t('dashboard.buildingsEmptyTitle')}
        description={t('dashboard.buildingsEmptyText')}
      />
    </Stack>
  );
}
