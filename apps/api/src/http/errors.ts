/**
 * One error type for everything the API refuses on purpose. The code decides the HTTP status;
 * the error handler turns it into the spec's envelope `{data: null, errors: [...], meta}`.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  invalid_credentials: 401,
  mfa_invalid: 401,
  token_invalid: 401,
  token_expired: 401,
  session_revoked: 401,
  forbidden: 403,
  // A third-party app's token lacks the scope a call needs, or the call is closed to apps.
  insufficient_scope: 403,
  csrf_missing: 403,
  csrf_origin: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  app_version_unsupported: 426,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorItem {
  code: string;
  message: string;
  field?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; items?: ErrorItem[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.items = options.items ?? [{ code, message, ...(options.field ? { field: options.field } : {}) }];
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = () => new AppError('forbidden', 'You are not allowed to do this');
export const unauthenticated = (message = 'Sign in first') => new AppError('unauthenticated', message);
export const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', message, { field });
export const conflict = (message: string, field?: string) =>
  new AppError('conflict', message, field ? { field } : {});
