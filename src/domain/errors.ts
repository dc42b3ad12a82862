import { z } from 'zod';

/**
 * Every error the API can answer with. One union, shared by the server (which sets it) and
 * the web client (which maps it to a toast or a form message).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_RENTED',
  'SOLD_OUT',
  'ALLOWANCE_EXCEEDED',
  'PLAN_PAUSED',
  'DAILY_LIMIT_REACHED',
  'EVENT_FULL',
  'PAYMENT_DECLINED',
  'CARD_REQUIRED',
  'ADDRESS_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PROMO_CODE_UNKNOWN',
  'PROMO_CODE_EXPIRED',
  'PROMO_CODE_USED_UP',
  'PROMO_CODE_NOT_ELIGIBLE',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    issues: z.array(ErrorIssueSchema).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The HTTP status that goes with each code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_RENTED: 409,
  SOLD_OUT: 409,
  ALLOWANCE_EXCEEDED: 409,
  /** Plan pieces while her plan is paused or its renewal unpaid (decision 0058). */
  PLAN_PAUSED: 409,
  DAILY_LIMIT_REACHED: 429,
  EVENT_FULL: 409,
  PAYMENT_DECLINED: 402,
  /** Pay per item with no card on file (the web leads to its card page). */
  CARD_REQUIRED: 402,
  /** Delivery chosen with no delivery address on the account (the web leads to its addresses page). */
  ADDRESS_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A promo code we do not know (decision 0056; every code refusal names its reason in details.reason). */
  PROMO_CODE_UNKNOWN: 422,
  /** A code not valid today: switched off, not started or expired. */
  PROMO_CODE_EXPIRED: 422,
  /** A code used as many times as it may be, in all or by her. */
  PROMO_CODE_USED_UP: 409,
  /** A code not for this booking: under its minimum spend, first rental only, or a piece her plan includes. */
  PROMO_CODE_NOT_ELIGIBLE: 422,
  INTERNAL: 500,
};

/** Turns zod issues into the `issues` list of the error shape ("billingAddress.zipCode"). */
export function toErrorIssues(issues: readonly z.core.$ZodIssue[]): ErrorIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}

/**
 * What a service or the core throws when a rule refuses: a code from the one union, a sentence for
 * the member, and details in domain terms (ids, dates, amounts; never a web page or an HTTP
 * status). The server's one mapper (src/server/http/errors.ts) turns it into the error shape and
 * its status; a background job reads the code.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { issues?: ErrorIssue[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.issues = opts.issues;
    this.details = opts.details;
  }

  toBody(): ApiError {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues ? { issues: this.issues } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

/** Refused because the thing is not there (or not hers: the same answer, so nothing leaks). */
export const notFound = (what = 'Not found') => new DomainError('NOT_FOUND', what);

/** Refused because nobody is signed in. */
export const unauthenticated = () => new DomainError('UNAUTHENTICATED', 'You need to sign in first.');
