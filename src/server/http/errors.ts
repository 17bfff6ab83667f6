import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NOT_VALID } from '../../shared/common/plain-errors.js';
import type { ApiErrorBody, ErrorCode, ErrorMatch } from '../../shared/http/errors.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds until trying again makes sense; sent as Retry-After. */
    readonly retryAfter?: number,
    /** The record the write would have duplicated, when the actor may see it. */
    readonly match?: ErrorMatch,
  ) {
    super(message);
  }
}

/** 429 with the seconds to wait, which every 429 carries as Retry-After. */
export const tooManyRequests = (message: string, seconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, Math.max(1, Math.ceil(seconds)));

export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') => new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'VALIDATION', message, fields);

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>, match?: ErrorMatch): ApiErrorBody {
  return { error: { code, message, ...(fields && { fields }), ...(match && { match }) } };
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names no record (a malformed id) is as missing as one that names a deleted record.
      if ((error as { validationContext?: string }).validationContext === 'params') {
        return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
      }
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? NOT_VALID;
      }
      const first = Object.values(fields)[0] ?? NOT_VALID;
      return reply.status(400).send(errorBody('VALIDATION', first, fields));
    }
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields, error.match));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(statusCodes[status] ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}

/** A write based on an old version of the record: nothing is overwritten. */
export const staleWrite = () =>
  new AppError(409, 'STALE', 'Someone else changed this record after you opened it. Reload to see the latest version.');
