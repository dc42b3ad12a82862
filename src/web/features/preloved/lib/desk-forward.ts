import { data, redirect, type AppLoadContext } from 'react-router';
import { apiErrorOf } from '../../../lib/api-client';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** What a desk form's action answers when the API refused: the message, and the field it is about. */
export interface DeskFormResult {
  error: string;
  field?: string | undefined;
}

/** Posts JSON (or nothing) to the API in-process as the staff member, then back to `back`; a refusal in the API's words. */
export async function forwardDesk(context: AppLoadContext, path: string, body: unknown, back: string) {
  const res = await context.apiFetch(
    new Request(new URL(path, context.origin), {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    }),
  );
  if (res.ok) return redirect(back);
  const error = await apiErrorOf(res);
  const issue = error?.issues?.[0];
  return data<DeskFormResult>(
    { error: issue?.message ?? error?.message ?? 'That did not work. Try again.', field: issue?.path },
    { status: res.status },
  );
}

/** A desk form's client action: the server's action, then the sale's, the desk's and the units' queries read again. */
export async function afterDeskAction<T>(serverAction: () => Promise<T>): Promise<T> {
  try {
    return await serverAction();
  } finally {
    const qc = browserQueryClient();
    await invalidate(qc, invalidationSets.deskPreLoved);
  }
}

/** "45" or "45.50" in dollars to cents; NaN for anything else. */
export function toCents(text: string): number {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
