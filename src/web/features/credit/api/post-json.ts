import type { AppLoadContext } from 'react-router';
import { apiErrorOf } from '../../../lib/api-client';

/** What a form's action answers when the API refused: its words, and the field they are about. */
export interface Refused {
  error: string;
  field: string | null;
}

/** Sends a form's JSON to the API in-process as the member (the route actions, before the app runs and after). */
export function postJson(context: AppLoadContext, path: string, body: unknown): Promise<Response> {
  return context.apiFetch(
    new Request(new URL(path, context.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/** The API's refusal in the page's terms (a validation error names its first field). */
export async function refusalOf(res: Response): Promise<Refused> {
  const e = await apiErrorOf(res);
  const issue = e?.issues?.[0];
  return {
    error: issue ? `${e.message} ${issue.message}`.trim() : (e?.message ?? 'Something went wrong. Please try again.'),
    field: issue?.path ?? null,
  };
}
