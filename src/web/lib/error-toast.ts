import { ApiClientError } from './api-client';

/** A toast for a failed call: the title docs/product.md names ('Error' unless a case names its own) and a body. */
export interface ErrorToast {
  title?: string;
  description: string;
  action?: { label: string; onClick: () => void };
}

/**
 * How a failed query or mutation is shown, set in its `meta.errorToast` (see query-client.ts).
 * - unset: the toast for its error code (the server's message, which is written for people);
 * - `false`: no toast, the page or form shows the failure itself;
 * - a string: the toast's body for any failure of this call (a wording docs/product.md names);
 * - a function of the error (and a mutation's variables): its own toast, a body, `false`, or
 *   `undefined` for the toast of the code.
 */
export type ErrorToastMeta =
  false | string | ((error: Error, variables: unknown) => ErrorToast | string | false | undefined);

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: ErrorToastMeta };
    mutationMeta: { errorToast?: ErrorToastMeta };
  }
}

export const ERROR_TITLE = 'Error';
export const UNEXPECTED_ERROR = 'Something went wrong. Please try again.';

/** The message of an error better-auth's client handed back (thrown as a plain object). */
function authMessage(error: unknown): string | undefined {
  const e = error as { message?: unknown; error?: { message?: unknown } } | null | undefined;
  const message = e?.message || e?.error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The toast for an error by its code, when the call asks for nothing else. */
export function defaultErrorToast(error: unknown): ErrorToast {
  if (error instanceof ApiClientError) {
    // A 5xx says nothing a member can act on; the network failure's own message does.
    const description =
      error.code !== 'NETWORK' && (error.status >= 500 || error.code === 'INTERNAL') ? UNEXPECTED_ERROR : error.message;
    return { title: ERROR_TITLE, description };
  }
  return { title: ERROR_TITLE, description: authMessage(error) ?? UNEXPECTED_ERROR };
}

/** The toast a failure gets under its call's meta, or null for none. */
export function errorToastFor(error: Error, meta: ErrorToastMeta | undefined, variables?: unknown): ErrorToast | null {
  if (meta === false) return null;
  const chosen = typeof meta === 'function' ? meta(error, variables) : meta;
  if (chosen === false) return null;
  if (typeof chosen === 'string') return { title: ERROR_TITLE, description: chosen };
  return chosen ?? defaultErrorToast(error);
}

/**
 * Shows the toast (sonner is loaded with the toast area, after the page is live). The same toast
 * is shown once even when several calls fail together.
 */
export function showErrorToast(t: ErrorToast): void {
  void import('sonner').then(({ toast }) =>
    toast.error(t.title ?? ERROR_TITLE, {
      id: `${t.title ?? ERROR_TITLE}\n${t.description}`,
      description: t.description,
      ...(t.action ? { action: t.action } : {}),
    }),
  );
}

/**
 * For the rejection of a `mutateAsync` whose failure the query client has already shown: the
 * caller only needs to stop (no second toast, no unhandled rejection).
 */
export function alreadyShown(): void {}
