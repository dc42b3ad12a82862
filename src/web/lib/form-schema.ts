import { z } from 'zod';
import { parseCents } from '@domain/money';

/** A price typed in dollars ('$1,250.50', '12,5'), read as cents; blank or not a number is NaN (the schema says why). */
export const DollarsSchema = z.string().transform((dollars) => parseCents(dollars) ?? Number.NaN);

/** The same for a price that may be left blank: blank is undefined (left out), not a number NaN. */
export const OptionalDollarsSchema = z.string().transform((dollars) => parseCents(dollars) ?? undefined);

/** What a zod schema's safeParse answers (any schema: the domain's, with its own input and output). */
interface DomainSchema<Out> {
  safeParse(value: unknown): { success: true; data: Out } | { success: false; error: { issues: z.core.$ZodIssue[] } };
}

/**
 * The last step of a form's schema (`.transform(checkedBy(DomainSchema))`): the values, already in
 * the API's shape, checked by the domain's schema (the one the server checks with), so the submit
 * handler gets the request as the API takes it. Each problem is put on the form's field for it (the
 * first segment of its path, `rename`d: e.g. retailPriceCents to retailPrice), 'root' for the form.
 */
export function checkedBy<Out>(schema: DomainSchema<Out>, rename: Readonly<Record<string, string>> = {}) {
  return (value: unknown, ctx: z.RefinementCtx): Out => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      ctx.addIssue({ code: 'custom', path: [rename[key] ?? key], message: issue.message });
    }
    return z.NEVER;
  };
}
