import { Avatar, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/http';
import { usePageData } from '../../../lib/page-data';
import { errorLines, showErrorToast } from '../../../lib/toast';
import type { AuthorizeDecision, AuthorizeRequest } from '../api/authorize';
import { useAuthorize } from '../api/authorize';
import { useAccessChoices } from '../api/get-access-choices';
import { type Oauth2Client, useOauth2Client } from '../api/get-oauth2-client';
import { type TokenScope, useTokenScopes } from '../api/get-token-scopes';
import { type AccessLimit, LimitAccess, NO_LIMIT } from '../components/limit-access';
import { RequestErrorCard } from '../components/request-error-card';
import { ScopeList } from '../components/scope-list';

/** Scopes about the user's own account only: limiting them to a building would mean nothing. */
const ACCOUNT_ONLY_SCOPES: ReadonlySet<string> = new Set(['account:read']);

/**
 * The request exactly as the app sent it. The router's parsed search turns values such as "1e3"
 * into numbers, so the raw query string is read instead: `state` must return to the app unchanged.
 */
function useRawSearch(): URLSearchParams {
  const router = useRouter();
  useLocation();
  return new URLSearchParams(router.history.location.search);
}

function readRequest(search: URLSearchParams): AuthorizeRequest | null {
  const value = (name: string) => search.get(name) ?? '';
  const request: AuthorizeRequest = {
    clientId: value('client_id'),
    redirectUri: value('redirect_uri'),
    responseType: value('response_type'),
    scope: value('scope'),
    state: search.get('state') ?? undefined,
    codeChallenge: value('code_challenge'),
    codeChallengeMethod: value('code_challenge_method'),
  };
  const complete =
    request.clientId && request.redirectUri && request.codeChallenge && request.scope.trim().length > 0;
  if (!complete || request.responseType !== 'code' || request.codeChallengeMethod !== 'S256') return null;
  return request;
}

function scopesOf(request: AuthorizeRequest): string[] {
  return [...new Set(request.scope.split(/\s+/).filter(Boolean))];
}

/** Why the request cannot be shown for approval, as a translated sentence; null when it can. */
function useRequestProblem(): (
  request: AuthorizeRequest,
  client: Oauth2Client,
  known: TokenScope[],
) => string | null {
  const { t } = useTranslation();
  return (request, client, known) => {
    if (!client.redirectUris.includes(request.redirectUri)) return t('oauth2.consent.errors.redirectUri');
    const scopes = scopesOf(request);
    const unknown = scopes.filter((scope) => !known.some((item) => item.scope === scope));
    if (unknown.length > 0) return t('oauth2.consent.errors.unknownScope', { scopes: unknown.join(', ') });
    const allowed: readonly string[] = client.allowedScopes;
    const notAllowed = scopes.filter((scope) => !allowed.includes(scope));
    if (notAllowed.length > 0)
      return t('oauth2.consent.errors.scopeNotAllowed', { scopes: notAllowed.join(', ') });
    return null;
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function ConsentForm({
  request,
  client,
  known,
}: {
  request: AuthorizeRequest;
  client: Oauth2Client;
  known: TokenScope[];
}) {
  const { t } = useTranslation();
  const scopes = scopesOf(request);
  const canLimit = scopes.some((scope) => !ACCOUNT_ONLY_SCOPES.has(scope));
  const choices = useAccessChoices({ enabled: canLimit });
  const authorize = useAuthorize();
  const [limit, setLimit] = useState<AccessLimit>(NO_LIMIT);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [decision, setDecision] = useState<'approve' | 'deny' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (refusal) return <RequestErrorCard message={refusal} />;

  const decide = (approve: boolean) => {
    const narrowing: Pick<AuthorizeDecision, 'buildingId' | 'doorId'> = {};
    if (approve && limit.kind === 'building') narrowing.buildingId = limit.buildingId ?? undefined;
    if (approve && limit.kind === 'door') narrowing.doorId = limit.doorId ?? undefined;
    if (approve && limit.kind !== 'all' && !narrowing.buildingId && !narrowing.doorId) {
      setLimitError(
        limit.kind === 'building'
          ? t('oauth2.consent.limit.chooseBuilding')
          : t('oauth2.consent.limit.chooseDoor'),
      );
      return;
    }
    setLimitError(null);
    setDecision(approve ? 'approve' : 'deny');
    authorize.mutate(
      { ...request, approve, ...narrowing },
      {
        onSuccess: ({ redirectTo }) => {
          // The browser leaves for the app; the buttons stay busy until it has.
          setLeaving(true);
          window.location.assign(redirectTo);
        },
        onError: (error) => {
          // A refused request (unknown app, unregistered address, scope) ends here, never at the app.
          if (
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 401
          ) {
            setRefusal(errorLines(error).join(' '));
          } else {
            showErrorToast(error);
          }
        },
      },
    );
  };

  const busy = authorize.isPending || leaving;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar color="indigo" radius="md" size={44} aria-hidden="true">
          {client.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" data-testid="oauth2-app-name">
            {client.name}
          </Text>
          {client.description ? (
            <Text size="sm" c="dimmed">
              {client.description}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Text>{t('oauth2.consent.intro', { app: client.name })}</Text>
      <ScopeList scopes={scopes} known={known} />
      {canLimit ? (
        <>
          <Divider />
          <LimitAccess
            value={limit}
            onChange={(next) => {
              setLimit(next);
              setLimitError(null);
            }}
            choices={choices.data}
            loading={choices.isPending}
            error={limitError}
          />
        </>
      ) : null}
      <Divider />
      <Text size="sm" c="dimmed">
        {t('oauth2.consent.returnTo', { host: hostOf(request.redirectUri) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('oauth2.consent.revokeHint')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => decide(false)}
          loading={busy && decision === 'deny'}
          disabled={busy && decision !== 'deny'}
        >
          {t('oauth2.consent.deny')}
        </Button>
        <Button
          onClick={() => decide(true)}
          loading={busy && decision === 'approve'}
          disabled={busy && decision !== 'approve'}
        >
          {t('oauth2.consent.approve')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/oauth2/authorize`: a third-party app asks for access to the signed-in user's account. The user
 * sees the app and what it may do, may limit it to one building or door, and approves or denies;
 * either way the server says where to send the browser back to the app.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const request = readRequest(useRawSearch());
  const client = useOauth2Client(request?.clientId ?? '', { enabled: request !== null });
  const scopes = useTokenScopes();
  const problemOf = useRequestProblem();
  usePageData(client.data ? { pageTitle: t('oauth2.consent.title', { app: client.data.name }) } : {});

  if (!request) return <RequestErrorCard message={t('oauth2.consent.errors.invalidRequest')} />;
  if (client.isError) {
    const error = client.error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return <RequestErrorCard message={t('oauth2.consent.errors.unknownClient')} />;
    }
    return (
      <LoadError
        message={t('oauth2.consent.loadFailed')}
        error={error}
        onRetry={() => void client.refetch()}
      />
    );
  }
  if (scopes.isError) {
    return (
      <LoadError
        message={t('oauth2.consent.loadFailed')}
        error={scopes.error}
        onRetry={() => void scopes.refetch()}
      />
    );
  }
  if (client.isPending || scopes.isPending) return <LoadingState />;

  const problem = problemOf(request, client.data, scopes.data);
  if (problem) return <RequestErrorCard message={problem} />;
  return <ConsentForm request={request} client={client.data} known={scopes.data} />;
}
