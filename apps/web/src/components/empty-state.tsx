import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: Icon;
  title: string;
  description: string;
  children?: ReactNode;
}

export function EmptyState({ icon: IconComponent, title, description, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden="true">
          <IconComponent size={26} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {title}
        </Text>
        <Text c="dimmed" maw={480}>
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
