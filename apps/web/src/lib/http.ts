import { API_BASE_PATH, APP_VERSION, toCamelCase, toSnakeCase } from '@gatehouse/core';

/** One item of the `errors` list of the reply envelope (decision 002). */
export interface ApiErrorItem {
  code: string;
  message: string;
  /** The input field the error is about; dotted for nested fields. */
  field?: string;
}

/**
 * Any failed call: `status` is the HTTP status, or 0 when no reply arrived (network failure, abort,
 * timeout). `errors` is the server's list, empty when the reply carried none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly ApiErrorItem[];

  constructor(message: string, status: number, errors: readonly ApiErrorItem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** The code of the first error item, if the server sent one. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  hasCode(...codes: string[]): boolean {
    return this.errors.some((item) => codes.includes(item.code));
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface HttpRequestOptions {
  method?: HttpMethod;
  /** JSON body (keys are sent in snake_case), form data, or a file (Blob) sent as it is. */
  body?: unknown;
  /** Query parameters (keys are sent in snake_case); null and undefined values are left out. */
  params?: Record<string, QueryValue>;
  /** Sent as `Authorization: Bearer …` when set. */
  bearer?: string;
  signal?: AbortSignal;
  /** Milliseconds; 0 or unset means no timeout (spec 9). */
  timeout?: number;
}

export interface ApiReply<T> {
  data: T;
  meta: Record<string, unknown> | null;
  status: number;
}

const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Any non-empty value passes the server's CSRF guard; the header itself is what a foreign form cannot send. */
const CSRF_TOKEN = '1';

export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  return (configured && configured.length > 0 ? configured : API_BASE_PATH).replace(/\/+$/, '');
}

/** The full URL of an API path, with its query parameters (keys in snake_case). */
export function buildUrl(path: string, params?: HttpRequestOptions['params']): string {
  const url = `${apiBaseUrl()}/${path.replace(/^\/+/, '')}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(toSnakeCase(params) as Record<string, QueryValue>)) {
    if (value == null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readErrors(envelope: unknown): ApiErrorItem[] {
  if (!isRecord(envelope) || !Array.isArray(envelope.errors)) return [];
  return envelope.errors.filter(isRecord).map((item) => ({
    code: typeof item.code === 'string' ? item.code : 'unknown',
    message: typeof item.message === 'string' ? item.message : '',
    ...(typeof item.field === 'string' ? { field: item.field } : {}),
  }));
}

/** The `ApiError` of a failed reply (the envelope's errors, when it carried any). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const errors = readErrors(await readJson(response));
  const message = errors[0]?.message || `Request failed with status code ${response.status}`;
  return new ApiError(message, response.status, errors);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * One call to the API: adds the app version header, the CSRF header on writes and the bearer token
 * when given; reads the `{data, errors, meta}` envelope and maps `data` and `meta` to camelCase.
 * Failures throw an `ApiError` and are logged (spec 8).
 */
export async function httpRequest<T>(path: string, options: HttpRequestOptions = {}): Promise<ApiReply<T>> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ accept: 'application/json', 'x-app-version': APP_VERSION });
  if (WRITE_METHODS.has(method)) headers.set('x-csrf-token', CSRF_TOKEN);
  if (options.bearer) headers.set('authorization', `Bearer ${options.bearer}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A file sent as it is (an asset upload), with its own type.
    if (options.body.type) headers.set('content-type', options.body.type);
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(toSnakeCase(options.body));
  }

  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  if (options.signal?.aborted) controller.abort();
  const timer =
    options.timeout && options.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeout)
      : undefined;

  const url = buildUrl(path, options.params);
  let response: Response;
  let envelope: unknown;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    envelope = await readJson(response);
  } catch (cause) {
    const message = timedOut
      ? `timeout of ${options.timeout}ms exceeded`
      : controller.signal.aborted
        ? 'Request aborted'
        : 'Network Error';
    const error = new ApiError(message, 0);
    console.error(`${method} ${url} failed: ${message}`, cause);
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const errors = readErrors(envelope);
  if (!response.ok || errors.length > 0) {
    const message = errors[0]?.message || `Request failed with status code ${response.status}`;
    const error = new ApiError(message, response.status, errors);
    console.error(`${method} ${url} failed with status ${response.status}`, errors);
    throw error;
  }

  const data = isRecord(envelope) && 'data' in envelope ? envelope.data : null;
  const meta = isRecord(envelope) && isRecord(envelope.meta) ? envelope.meta : null;
  return {
    data: toCamelCase(data) as T,
    meta: meta ? (toCamelCase(meta) as Record<string, unknown>) : null,
    status: response.status,
  };
}
