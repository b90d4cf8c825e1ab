import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function download(codes: readonly string[]): void {
  const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'gatehouse-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once after enrolment, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="teal"
        icon={<IconShieldCheck aria-hidden="true" />}
        title={t('profile.mfa.codesTitle')}
        role="status"
      >
        {t('profile.mfa.codesText')}
      </Alert>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        component="ul"
        aria-label={t('profile.mfa.codesList')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
            >
              {copied ? t('common.copied') : t('profile.mfa.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          onClick={() => download(codes)}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          {t('profile.mfa.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('profile.mfa.codesDone')}</Button>
      </Group>
    </Stack>
  );
}
