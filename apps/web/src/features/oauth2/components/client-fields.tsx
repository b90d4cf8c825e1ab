import { type OAuth2Scope, redirectUriSchema } from '@gatehouse/core';
import { Checkbox, Loader, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/query-state';
import { useScopeText } from '../../../lib/oauth2-scopes';
import type { Oauth2ClientBody } from '../api/create-oauth2-client';
import type { Oauth2Client } from '../api/get-oauth2-client';
import { useTokenScopes } from '../api/get-token-scopes';

export interface ClientValues {
  name: string;
  description: string;
  /** One address per line. */
  redirectUris: string;
  allowedScopes: OAuth2Scope[];
  confidential: boolean;
}

export const EMPTY_CLIENT_VALUES: ClientValues = {
  name: '',
  description: '',
  redirectUris: '',
  allowedScopes: [],
  confidential: true,
};

// The limits of the shared body schema (oauth2ClientCreateBodySchema).
export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 500;
export const REDIRECT_URIS_MAX = 10;

export function valuesOf(client: Oauth2Client): ClientValues {
  return {
    name: client.name,
    description: client.description ?? '',
    redirectUris: client.redirectUris.join('\n'),
    allowedScopes: client.allowedScopes,
    confidential: client.confidential,
  };
}

function linesOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((line) => line.trim()))].filter(Boolean);
}

export function bodyOf(values: ClientValues): Oauth2ClientBody {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description.length > 0 ? description : null,
    redirectUris: linesOf(values.redirectUris),
    allowedScopes: values.allowedScopes,
    confidential: values.confidential,
  };
}

/** The form's checks; the server checks the same and its field errors show next to the fields too. */
export function validateClient(t: TFunction) {
  return (values: ClientValues) => {
    const errors: Record<string, string> = {};
    const name = values.name.trim();
    if (!name) errors.name = t('validation.required');
    else if (name.length > NAME_MAX_LENGTH)
      errors.name = t('validation.maxLength', { count: NAME_MAX_LENGTH });
    if (values.description.trim().length > DESCRIPTION_MAX_LENGTH) {
      errors.description = t('validation.maxLength', { count: DESCRIPTION_MAX_LENGTH });
    }
    const uris = linesOf(values.redirectUris);
    // The server's own rule: absolute https (http only on this machine, for apps in development), no fragment.
    const wrong = uris.filter((uri) => !redirectUriSchema.safeParse(uri).success);
    if (uris.length === 0) errors.redirectUris = t('oauth2.clients.form.redirectUrisRequired');
    else if (wrong.length > 0)
      errors.redirectUris = t('oauth2.clients.form.redirectUrisInvalid', { uri: wrong[0] });
    else if (uris.length > REDIRECT_URIS_MAX) {
      errors.redirectUris = t('oauth2.clients.form.redirectUrisTooMany', { count: REDIRECT_URIS_MAX });
    }
    if (values.allowedScopes.length === 0) errors.allowedScopes = t('oauth2.clients.form.scopesRequired');
    return errors;
  };
}

/** Server field names (snake_case) to the form's fields. */
export function clientFieldOf(field: string): string {
  const root = field.split('.')[0] ?? field;
  if (root === 'redirect_uris') return 'redirectUris';
  if (root === 'allowed_scopes') return 'allowedScopes';
  return root;
}

/** Name, description, return addresses, allowed scopes and (when creating) whether the app keeps a secret. */
export function ClientFields({ form, isNew }: { form: UseFormReturnType<ClientValues>; isNew: boolean }) {
  const { t } = useTranslation();
  const scopes = useTokenScopes();
  const scopeText = useScopeText();
  return (
    <Stack gap="md">
      <TextInput
        label={t('oauth2.clients.form.name')}
        required
        maxLength={NAME_MAX_LENGTH}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('oauth2.clients.form.description')}
        description={t('oauth2.clients.form.descriptionHint')}
        rows={2}
        {...form.getInputProps('description')}
      />
      <Textarea
        label={t('oauth2.clients.form.redirectUris')}
        description={t('oauth2.clients.form.redirectUrisHint')}
        required
        rows={3}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('redirectUris')}
      />
      {scopes.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : scopes.isError ? (
        <LoadError message={t('oauth2.clients.scopesLoadFailed')} onRetry={() => void scopes.refetch()} />
      ) : (
        <Checkbox.Group
          label={t('oauth2.clients.form.scopes')}
          description={t('oauth2.clients.form.scopesHint')}
          required
          {...form.getInputProps('allowedScopes')}
        >
          <Stack gap="xs" mt="xs">
            {scopes.data.map((item) => {
              const text = scopeText(item.scope, item.description);
              return (
                <Checkbox
                  key={item.scope}
                  data-scope={item.scope}
                  value={item.scope}
                  label={`${text.label} (${item.scope})`}
                  description={text.description}
                />
              );
            })}
          </Stack>
        </Checkbox.Group>
      )}
      <Switch
        label={t('oauth2.clients.form.confidential')}
        description={
          isNew ? t('oauth2.clients.form.confidentialHint') : t('oauth2.clients.form.confidentialFixed')
        }
        disabled={!isNew}
        {...form.getInputProps('confidential', { type: 'checkbox' })}
      />
    </Stack>
  );
}
