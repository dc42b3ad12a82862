import { data, type AppLoadContext } from 'react-router';
import { apiErrorOf } from '../../../lib/api-client';
import { memberMessage } from '../../../lib/member-message';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** The desk's steps on a member's piece (decision 0062), each a button of a <Form> on /ops/managed. */
export const DESK_STEPS = ['receive', 'accept', 'reject', 'live', 'send-back'] as const;
export type DeskStepName = (typeof DESK_STEPS)[number];

/** What /ops/managed's action answers: the step, its intake or recall, and the sentence shown at the top. */
export interface DeskAnswer {
  desk: { step: DeskStepName; id: number; ok: boolean; message: string };
}

const DONE: Record<DeskStepName, (name: string) => string> = {
  receive: (n) => `${n}: received. Check it against her photos next.`,
  accept: (n) => `${n}: checked. Clean it, then put it live.`,
  reject: (n) => `${n}: rejected. It is going back to her.`,
  live: (n) => `${n} is live: renters book it at once.`,
  'send-back': (n) => `${n} is on its way back to her.`,
};

/**
 * A desk step on /ops/managed (POST, before the app runs and after: the route's clientAction
 * sends it here too), made by the same API in-process as the staff member, audited there:
 * receive, check (accept, or reject with the note), put live, send back.
 */
export async function deskManagedAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const step = text('step') as DeskStepName;
  const id = Number(text('id'));
  if (!DESK_STEPS.includes(step) || !(Number.isInteger(id) && id > 0)) throw data('No such step.', { status: 400 });
  const path =
    step === 'send-back'
      ? `/api/ops/managed/recalls/${id}/send-back`
      : `/api/ops/managed/intakes/${id}/${step === 'accept' || step === 'reject' ? 'check' : step}`;
  const body = step === 'accept' || step === 'reject' ? { accept: step === 'accept', note: text('note') } : undefined;
  const res = await context.apiFetch(
    new Request(new URL(path, context.origin), {
      method: 'POST',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    }),
  );
  if (res.ok)
    return data<DeskAnswer>({ desk: { step, id, ok: true, message: DONE[step](text('itemName') || 'The piece') } });
  const error = await apiErrorOf(res);
  const message =
    res.status >= 500 || !error ? 'That did not work. Try again.' : memberMessage(error.message, error.issues ?? []);
  return data<DeskAnswer>({ desk: { step, id, ok: false, message } }, { status: res.status });
}

/** The desk page's client action: the server's action, then the board and the catalogue read again. */
export async function afterDeskManagedAction<T>(serverAction: () => Promise<T>): Promise<T> {
  try {
    return await serverAction();
  } finally {
    const qc = browserQueryClient();
    await invalidate(qc, invalidationSets.desk);
  }
}
