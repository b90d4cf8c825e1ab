import { Box, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Crumb, PageType } from '../lib/page';
import { PathLink } from './path-link';

/** Title colours per page type (spec 2). */
export const PAGE_TYPE_COLORS: Record<PageType, string> = {
  Buildings: 'indigo.7',
  Units: 'teal.7',
  Members: 'violet.7',
  Doors: 'orange.8',
  Groups: 'grape.7',
  Visitors: 'cyan.8',
  Managers: 'blue.8',
  Properties: 'gray.7',
};

export function BreadcrumbTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  if (crumbs.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('breadcrumbs.label')}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((crumb, index) => {
          const Icon = crumb.icon;
          const isLast = index === crumbs.length - 1;
          return (
            <PathLink
              key={crumb.path}
              path={crumb.path}
              size="sm"
              c={isLast ? 'dimmed' : undefined}
              aria-current={isLast ? 'page' : undefined}
            >
              <Group gap={4} wrap="nowrap" component="span">
                {Icon ? <Icon size={16} aria-hidden="true" /> : null}
                {crumb.label}
              </Group>
            </PathLink>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  pageType?: PageType;
  crumbs: readonly Crumb[];
}

export function PageHeader({ title, subtitle, pageType, crumbs }: PageHeaderProps) {
  return (
    <Box mb="lg">
      <BreadcrumbTrail crumbs={crumbs} />
      <Title
        order={1}
        fz={{ base: 24, sm: 30 }}
        mt="xs"
        c={pageType ? PAGE_TYPE_COLORS[pageType] : undefined}
        data-page-type={pageType}
      >
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      ) : null}
    </Box>
  );
}
