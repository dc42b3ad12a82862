import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A problem a schema found: where (the field first) and what to say. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** What a zod schema's safeParse answers (any schema: the domain's, with its own input and output). */
type SafeParse<Out> = (value: unknown) => { success: true; data: Out } | { success: false; error: { issues: Issue[] } };

/**
 * A form's field errors from a schema's issues: the first one per field, under the form's name for
 * it (`rename`: the schema's field to the form's, e.g. retailPriceCents to retailPrice).
 */
export function fieldErrorsFrom<T extends FieldValues>(
  issues: readonly Issue[],
  rename: Readonly<Record<string, string>> = {},
): FieldErrors<T> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'root');
    errors[rename[key] ?? key] ??= { type: 'validation', message: issue.message };
  }
  // The keys are the form's fields (or 'root'): react-hook-form's own type for such a record.
  return errors as FieldErrors<T>;
}

/**
 * A form's resolver: the domain's schema (the one the server checks with) over what the form holds,
 * converted first by `toInput` (prices typed as dollars to cents, ...). Typed from the form's values
 * to the schema's output, so the submit handler gets the request as the API takes it.
 */
export function schemaResolver<T extends FieldValues, Out>(
  schema: { safeParse: SafeParse<Out> },
  toInput: (values: T) => unknown = (values) => values,
): Resolver<T, unknown, Out> {
  return (values) => {
    const parsed = schema.safeParse(toInput(values));
    return parsed.success
      ? { values: parsed.data, errors: {} }
      : { values: {}, errors: fieldErrorsFrom<T>(parsed.error.issues) };
  };
}
