import { z } from 'zod';
import { OPS_MESSAGES } from './ops.rules';

/**
 * The reasons staff give at the desk (rejecting a listing, retiring a unit, waiving a late fee):
 * the forms' and the routes' one rule. Apart from the desk's response schemas (ops.ts), so a desk
 * page that asks for a reason builds these three, not the whole desk's (decision 0081).
 */

export const REJECTION_REASON_MIN = 10;
export const REJECTION_REASON_MAX = 500;

export const RejectListingSchema = z.object({
  reason: z
    .string({ error: OPS_MESSAGES.reasonRequired })
    .trim()
    .min(REJECTION_REASON_MIN, OPS_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, `The reason is at most ${REJECTION_REASON_MAX} characters`),
});
export type RejectListingInput = z.infer<typeof RejectListingSchema>;

export const RetireUnitSchema = z.object({
  reason: z
    .string({ error: OPS_MESSAGES.reasonShort })
    .trim()
    .min(3, 'Give a reason (at least 3 characters)')
    .max(500, 'The reason is at most 500 characters'),
});

export const WaiveLateFeeSchema = z.object({
  reason: z
    .string({ error: OPS_MESSAGES.reasonShort })
    .trim()
    .min(10, OPS_MESSAGES.reasonShort)
    .max(500, 'The reason is at most 500 characters'),
});
