import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import {
  DomainError,
  ERROR_STATUS,
  notFound,
  toErrorIssues,
  unauthenticated,
  type ApiError,
  type ErrorCode,
  type ErrorIssue,
} from '../../domain/errors';
import type { AppEnv } from './types';

/**
 * A DomainError thrown by the HTTP layer itself (routes, middleware), which may name its status
 * (a Hono HTTPException's). Services throw DomainError (src/domain/errors.ts) and never this.
 */
export class HttpError extends DomainError {
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { issues?: ErrorIssue[]; details?: Record<string, unknown>; status?: number } = {},
  ) {
    super(code, message, opts);
    this.name = 'HttpError';
    this.status = opts.status ?? ERROR_STATUS[code];
  }
}

export { notFound, unauthenticated };

/** A 400 for a zod failure, naming the fields and why. `where` is "body", "query" or "path". */
export function validationError(error: z.ZodError, where: string): HttpError {
  const issues = toErrorIssues(error.issues);
  const first = issues[0];
  const message = first ? `Invalid ${where}: ${first.path} ${lowerFirst(first.message)}` : `Invalid ${where}`;
  return new HttpError('VALIDATION_FAILED', message, { issues });
}

function lowerFirst(s: string): string {
  return s.length > 1 && /[A-Z][a-z]/.test(s.slice(0, 2)) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** The one mapper: a domain error's code gives its status (an HttpError may name its own). */
export function errorResponse(c: Context, err: DomainError): Response {
  const status = err instanceof HttpError ? err.status : ERROR_STATUS[err.code];
  return c.json(err.toBody(), status as ContentfulStatusCode);
}

const HTTP_EXCEPTION_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The app-wide error handler: known errors keep their status, the rest are logged and become a bare 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof DomainError) return errorResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    const code = HTTP_EXCEPTION_CODES[err.status] ?? 'BAD_REQUEST';
    const message = err.status === 413 ? 'The request body is too large.' : err.message || 'Bad request';
    return errorResponse(c, new HttpError(code, message, { status: err.status }));
  }
  if (err instanceof SyntaxError) {
    return errorResponse(c, new HttpError('BAD_REQUEST', 'The request body is not valid JSON.'));
  }
  c.var.logger?.error({ err, requestId: c.var.requestId }, 'unhandled error');
  return c.json<ApiError>(
    {
      error: { code: 'INTERNAL', message: `Something went wrong on our side. Reference: ${c.var.requestId ?? 'n/a'}` },
    },
    500,
  );
}
