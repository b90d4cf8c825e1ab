import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import i18n from '../i18n';
import { ApiError } from './http';
import { apiErrorText, showErrorToast } from './toast';

type Issue = z.core.$ZodIssue;

function pathOf(issue: Issue): string {
  return issue.path.map(String).join('.');
}

/**
 * The shared schemas carry English messages for the API; the form shows a translation chosen by the
 * issue's code, falling back to the schema's message when no translation fits.
 */
export function translateIssue(issue: Issue, t: TFunction): string {
  const field = String(issue.path[issue.path.length - 1] ?? '');
  const fieldKey = `validation.byField.${field}.${issue.code}`;
  if (field && i18n.exists(fieldKey)) return t(fieldKey as never);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('validation.required')
        : t('validation.invalid');
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email') : t('validation.invalid');
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('validation.required')
          : t('validation.minLength', { count: Number(issue.minimum) });
      }
      if (issue.origin === 'number') return t('validation.minNumber', { min: Number(issue.minimum) });
      return t('validation.invalid');
    case 'too_big':
      if (issue.origin === 'string') return t('validation.maxLength', { count: Number(issue.maximum) });
      if (issue.origin === 'number') return t('validation.maxNumber', { max: Number(issue.maximum) });
      return t('validation.invalid');
    default:
      return issue.message || t('validation.invalid');
  }
}

interface ValidatorOptions<Values> {
  /** Builds the request body from the form values, when they differ (e.g. adds the token). */
  toBody?: (values: Values) => unknown;
  /** Also require `password_confirmation` to equal `password` (a form-only field). */
  confirmPassword?: boolean;
}

/**
 * A Mantine form `validate` function running the shared zod schema of the request body, so the form
 * and the server validate alike; messages are translated per field.
 */
export function zodValidator<Values>(
  schema: z.ZodType,
  t: TFunction,
  options: ValidatorOptions<Values> = {},
): (values: Values) => FormErrors {
  return (values) => {
    const errors: FormErrors = {};
    const result = schema.safeParse(options.toBody ? options.toBody(values) : values);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = pathOf(issue);
        if (errors[path] === undefined) errors[path] = translateIssue(issue, t);
      }
    }
    if (options.confirmPassword) {
      const { password, password_confirmation } = values as {
        password?: string;
        password_confirmation?: string;
      };
      if (password !== password_confirmation && errors.password_confirmation === undefined) {
        errors.password_confirmation = t('validation.passwordMismatch');
      }
    }
    return errors;
  };
}

interface FormLike {
  getValues: () => object;
  setFieldError: (path: never, error: React.ReactNode) => void;
}

/**
 * Shows a failed submit: server errors naming a field of the form go next to that field, and every
 * error appears in the error toast (spec 5 and 8). `fieldOf` maps a server field to the form's field
 * when they differ (e.g. the nested `driver_config.url` shown by a flat `url` input).
 */
export function showFormError(
  form: FormLike,
  error: unknown,
  { fieldOf = (field: string) => field }: { fieldOf?: (serverField: string) => string } = {},
): void {
  if (error instanceof ApiError) {
    const fields = new Set(Object.keys(form.getValues()));
    for (const item of error.errors) {
      const field = item.field ? fieldOf(item.field) : undefined;
      if (field && fields.has(field)) form.setFieldError(field as never, apiErrorText(item));
    }
  }
  showErrorToast(error);
}
