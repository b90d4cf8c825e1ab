import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { failure } from './envelope.js';
import { AppError, type ErrorItem } from './errors.js';

/** Fastify's own error codes that are the client's fault, with the reply we give for each. */
const fastifyClientErrors: Record<string, [code: string, status: number, message: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['bad_request', 400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['bad_request', 400, 'The request body is empty but declared as JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 413, 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 415, 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 400, 'The Content-Length header is wrong'],
};

function validationItems(error: FastifyError): ErrorItem[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).flatMap((issue) => {
    // `instancePath` is a JSON pointer ("/user/email"); the field is its dotted form.
    const pointer = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys') {
      // One item per unknown field, so a form can point at each.
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      return keys.map((key) => ({
        code: 'validation_failed',
        message: 'Unknown field',
        field: [pointer, key].filter(Boolean).join('.'),
      }));
    }
    return [{ code: 'validation_failed', message: issue.message ?? 'Invalid', field: pointer || context }];
  });
}

/** Turns every error into the envelope; a 5xx never leaks its message or stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.status).headers(error.headers).send(failure(error.items));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send(failure(validationItems(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'reply did not match its schema');
      return reply.code(500).send(failure([{ code: 'internal_error', message: 'Something went wrong' }]));
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) {
      const [code, status, message] = known;
      return reply.code(status).send(failure([{ code, message }]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
      return reply.code(status).send(failure([{ code, message: error.message }]));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure([{ code: 'internal_error', message: 'Something went wrong' }]));
  });
}
