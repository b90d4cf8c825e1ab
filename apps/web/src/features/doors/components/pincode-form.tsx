import { pincodeBodySchema } from '@gatehouse/core';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import type { Door } from '../api/get-door';
import { useSetPincode } from '../api/set-pincode';

/** Sets the door's keypad PIN code (4 to 8 digits); the code itself is never shown again. */
export function PincodeForm({ buildingId, door }: { buildingId: string; door: Door }) {
  const { t } = useTranslation();
  const setPincode = useSetPincode(buildingId, door.id);
  const form = useForm({ initialValues: { pincode: '' }, validate: zodValidator(pincodeBodySchema, t) });

  const submit = form.onSubmit((values) =>
    setPincode.mutate(pincodeBodySchema.parse(values), {
      onSuccess: () => {
        form.reset();
        showSuccessToast(t('doors.pincode.saved'));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {door.hasPincode ? t('doors.pincode.isSet') : t('doors.pincode.notSet')}
        </Text>
        <PasswordInput
          label={t('fields.pincode')}
          description={t('doors.pincode.hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          visibilityToggleButtonProps={{ 'aria-label': t('doors.pincode.toggle') }}
          maw={260}
          {...form.getInputProps('pincode')}
        />
        <Group>
          <Button type="submit" loading={setPincode.isPending}>
            {t('doors.pincode.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
