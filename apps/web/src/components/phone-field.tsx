import { normalisePhone, phoneSchema } from '@gatehouse/core';
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/**
 * A phone number input bound to a form's `phone`; on leaving the field a valid number is shown as it
 * will be saved (spec 3: "+" and digits, +06 → +316, +310 → +31). Free text is left for the
 * validator to point out.
 */
export function PhoneField<Values extends { phone: string }>({
  form,
  description,
}: {
  form: UseFormReturnType<Values>;
  description?: string;
}) {
  const { t } = useTranslation();
  const props = form.getInputProps('phone');
  const normalise = () => {
    const value = (form.getValues() as { phone: string }).phone;
    if (phoneSchema.safeParse(value).success) {
      form.setFieldValue('phone' as never, (normalisePhone(value) ?? '') as never);
    }
  };
  return (
    <TextInput
      label={t('fields.phone')}
      description={description ?? t('forms.phoneHint')}
      type="tel"
      autoComplete="off"
      inputMode="tel"
      {...props}
      onBlur={(event) => {
        props.onBlur?.(event);
        normalise();
      }}
    />
  );
}
