import { ErrorIssueSchema, type ApiError, type ErrorCode, type ErrorIssue } from '../../domain/errors';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'CONFLICT',
  429: 'RATE_LIMITED',
};

/**
 * better-auth answers errors as {code, message}. We answer them in our one error shape too, and
 * keep better-auth's top-level `code` and `message` beside it so its client keeps working.
 */
export async function toAuthErrorShape(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  let body: { code?: unknown; message?: unknown; issues?: unknown } = {};
  try {
    body = text ? (JSON.parse(text) as typeof body) : {};
  } catch {
    body = {};
  }
  const message = typeof body.message === 'string' && body.message ? body.message : res.statusText || 'Request refused';
  const authCode = typeof body.code === 'string' ? body.code : undefined;
  const issues = ErrorIssueSchema.array().safeParse(body.issues);
  const shown = res.status === 429 ? tooManyMessage(res.headers.get('x-retry-after')) : message;
  const shaped: ApiError & { code?: string; message: string } = {
    error: {
      code: BY_STATUS[res.status] ?? (res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      message: shown,
      ...(issues.success && issues.data.length ? { issues: issues.data as ErrorIssue[] } : {}),
      ...(authCode ? { details: { authCode } } : {}),
    },
    message: shown,
    ...(authCode ? { code: authCode } : {}),
  };
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(shaped), { status: res.status, headers });
}

/** 'Too many attempts...' with the wait better-auth (or our own limits) asked for, in words. */
function tooManyMessage(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 60) return 'Too many attempts. Please wait a minute and try again.';
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please wait ${minutes} minutes and try again.`;
}
