import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { Visitor } from '../api/get-visitors';

/** Whether this browser can hand the link to another app (the Web Share API, mostly phones). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * The visitor's personal link: as text, as a QR code to scan from the screen, and with Copy and
 * Share (the system share sheet where the browser has one, else the link is copied).
 */
export function VisitorLink({ visitor, buildingName }: { visitor: Visitor; buildingName: string }) {
  const { t } = useTranslation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(visitor.link);
      showSuccessToast(t('visitors.link.copied'));
    } catch {
      showErrorToast(t('visitors.link.copyFailed'));
    }
  };

  const share = async () => {
    if (!canShare()) {
      await copy();
      return;
    }
    try {
      await navigator.share({
        title: t('visitors.link.shareTitle', { building: buildingName }),
        text: t('visitors.link.shareText', { name: visitor.name, building: buildingName }),
        url: visitor.link,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper withBorder radius="md" p="sm" bg="white">
          <QRCodeSVG
            value={visitor.link}
            size={176}
            marginSize={2}
            title={t('visitors.link.qr', { name: visitor.name })}
            role="img"
            aria-label={t('visitors.link.qr', { name: visitor.name })}
            data-qr-value={visitor.link}
          />
        </Paper>
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          <TextInput
            label={t('visitors.link.label')}
            value={visitor.link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden="true" />}
              onClick={() => void copy()}
            >
              {t('visitors.link.copy')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconShare size={18} aria-hidden="true" />}
              onClick={() => void share()}
            >
              {t('visitors.link.share')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('visitors.link.hint')}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
