import { data, redirect, type AppLoadContext } from 'react-router';
import { apiErrorOf } from '../../../lib/api-client';
import { browserQueryClient } from '../../../lib/query-client';
import { reportsQueryKey } from '../api/get-rental-reports';

/** What a report form's action answers when the API refused: the message, and the field it is about. */
export interface ReportFormResult {
  error: string;
  field?: string | undefined;
}

/**
 * Sends a report form's request to the API in-process as the member (decision 0044), then back to
 * `back` (a redirect: the page is read again); a refusal is the API's message, on its field.
 */
export async function forward(context: AppLoadContext, request: Request, back: string) {
  const res = await context.apiFetch(request);
  if (res.ok) return redirect(back);
  const error = await apiErrorOf(res);
  const issue = error?.issues?.[0];
  return data<ReportFormResult>(
    { error: issue?.message ?? error?.message ?? 'That did not work. Try again.', field: issue?.path },
    { status: res.status },
  );
}

/** A report form's client action: the server's action, then this feature's queries read again. */
export async function afterReportAction<T>(serverAction: () => Promise<T>): Promise<T> {
  try {
    return await serverAction();
  } finally {
    await browserQueryClient().invalidateQueries({ queryKey: reportsQueryKey });
  }
}

/** "45" or "45.50" in dollars to cents; NaN for anything else. */
export function toCents(text: string): number {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
