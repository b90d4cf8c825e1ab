import { Group, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The values the name pair binds to. */
export interface NameValues {
  first_name: string;
  last_name: string;
}

/**
 * First and last name inputs, bound to a Mantine form's `first_name` and `last_name`. `row` puts them
 * side by side in a growing group (they wrap when narrow); `grid` in one column, two from `sm` up.
 * The wrapper lives here because a Mantine `Group` sizes its children by counting them.
 */
export function NameFields<Values extends NameValues>({
  form,
  layout,
}: {
  form: UseFormReturnType<Values>;
  layout: 'row' | 'grid';
}) {
  const { t } = useTranslation();
  const fields = [
    <TextInput
      key="first_name"
      label={t('fields.first_name')}
      autoComplete="given-name"
      {...form.getInputProps('first_name')}
    />,
    <TextInput
      key="last_name"
      label={t('fields.last_name')}
      autoComplete="family-name"
      {...form.getInputProps('last_name')}
    />,
  ];
  return layout === 'row' ? (
    <Group grow align="flex-start" wrap="wrap">
      {fields}
    </Group>
  ) : (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>{fields}</SimpleGrid>
  );
}
