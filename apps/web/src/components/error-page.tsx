import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function useGoBack(): () => void {
  const router = useRouter();
  return () => {
    if (router.history.canGoBack()) router.history.back();
    else router.history.push('/');
  };
}

/** Replaces a page whose permission check fails (spec 2). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Stack align="center" ta="center" py="xl" gap="md" role="alert">
      <Title order={1}>{t('errors.forbidden.code')}</Title>
      <Title order={2} fw={500}>
        {t('errors.forbidden.title')}
      </Title>
      <Text maw={520}>{t('errors.forbidden.message')}</Text>
      <Button onClick={goBack}>{t('errors.forbidden.back')}</Button>
    </Stack>
  );
}

/** The 404 page; inside the auth layout the card already carries the "Error 404" heading. */
export function NotFoundPage({ withHeading = true }: { withHeading?: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Stack align="center" ta="center" py={withHeading ? 'xl' : 0} gap="md">
      {withHeading ? <Title order={1}>{t('errors.notFound.code')}</Title> : null}
      <Title order={2} fw={500}>
        {t('errors.notFound.title')}
      </Title>
      <Text maw={520}>{t('errors.notFound.message')}</Text>
      <Button onClick={goBack}>{t('errors.notFound.back')}</Button>
    </Stack>
  );
}
