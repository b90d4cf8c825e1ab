import { Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled block of a page, announced as a region named by its title. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Paper>
  );
}
