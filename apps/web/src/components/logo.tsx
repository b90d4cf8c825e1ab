import { Group, Text } from '@mantine/core';
import logoMark from '../assets/logo-mark.svg';

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <img src={logoMark} width={size} height={size} alt="" aria-hidden="true" />
      <Text fw={700} size="lg" c="indigo.8">
        Gatehouse
      </Text>
    </Group>
  );
}
