import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../components/logo';

/** Auth layout (spec 2): a centred card with the logo and title, no navigation. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'md' }} bg="gray.0" data-layout="auth">
      <Paper
        component="main"
        withBorder
        shadow="sm"
        radius="md"
        p={{ base: 'lg', sm: 'xl' }}
        w="100%"
        maw={460}
      >
        <Stack gap="md">
          <Logo size={40} />
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" mt={4}>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
