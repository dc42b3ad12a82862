import { data, type AppLoadContext } from 'react-router';
import { MANAGED_MESSAGES, type Care, type Travelling } from '@domain/managed-lending';
import { apiErrorOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { memberMessage } from '../../../lib/member-message';
import { loginRedirect } from '../../../lib/page-data';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, invalidationSets, queryKeys } from '../../../lib/query-keys';

/** The Listing tab, where her managed pieces' forms are and go back to. */
export const LISTING_TAB = '/dashboard?tab=listing';

/** Her forms on a managed piece (decisions 0062, 0070), each posted to the dashboard with its `intent`. */
export const MANAGED_INTENTS = [
  'managed-intake',
  'managed-recall',
  'managed-switch',
  'managed-renew',
  'managed-travelling',
] as const;
export type ManagedIntent = (typeof MANAGED_INTENTS)[number];

/** What the dashboard's action answers to one of her forms: the form it is about (`key`) and the sentence drawn under it. */
export interface ManagedAnswer {
  managed: { key: string; ok: boolean; message: string };
}

/** A form's key: its intent and piece (the travelling form has none). */
export const answerKey = (intent: ManagedIntent, itemId?: number) => `${intent}:${itemId ?? ''}`;

/** The sentence each form's success is told in, from the piece as the API answered it. */
function doneMessage(intent: ManagedIntent, body: unknown): string {
  if (intent === 'managed-travelling') {
    const until = (body as Travelling).until;
    return until ? `Travelling until ${formatDate(until)}: nothing needs you meanwhile.` : 'Travelling date cleared.';
  }
  const care = body as Care;
  if (intent === 'managed-intake' && care.intake)
    return care.intake.method === 'pickup'
      ? `Pickup booked: we collect it on ${formatDate(care.intake.day)}.`
      : `Drop-off booked: bring it to ${care.intake.place} on ${formatDate(care.intake.day)}.`;
  if (intent === 'managed-recall' && care.recall)
    return `It is coming back to you on ${formatDate(care.recall.day)}${care.recall.waitsForReturn ? ', once its current rental is back' : ''}. It has left the collection.`;
  if (intent === 'managed-renew' && care.term) return MANAGED_MESSAGES.renewed(formatDate(care.term.endsOn));
  return 'We will look after it: book its pickup or drop-off below.';
}

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/** A pickup or drop-off, or a way back: the address for one, the studio for the other (the API checks which is needed). */
function placeBody(form: FormData, byAddress: string) {
  const method = field(form, 'method') || byAddress;
  const studioId = Number(field(form, 'studioId'));
  return {
    method,
    day: field(form, 'day'),
    ...(method === byAddress ? { address: field(form, 'address') } : {}),
    ...(method !== byAddress && studioId > 0 ? { studioId } : {}),
  };
}

/** Whether a POST to the dashboard is one of her managed pieces' forms. */
export async function isManagedForm(request: Request): Promise<boolean> {
  try {
    return (MANAGED_INTENTS as readonly unknown[]).includes((await request.clone().formData()).get('intent'));
  } catch {
    return false;
  }
}

/**
 * Her managed pieces' forms (POST /dashboard with `intent`), before the app runs and after (the
 * dashboard's clientAction sends them here too): book a pickup or drop-off, ask for it back,
 * switch a self-lent piece, renew its storage, set her travelling date. Each calls the same API
 * in-process as the member (/api/managed/...), and answers the sentence drawn under the form: what
 * was done, or the API's reason.
 */
export async function managedAction(request: Request, context: AppLoadContext) {
  if (!context.user) throw loginRedirect(new URL(LISTING_TAB, context.origin));
  const form = await request.formData();
  const intent = field(form, 'intent') as ManagedIntent;
  const itemId = Number(field(form, 'itemId'));
  if (!MANAGED_INTENTS.includes(intent)) throw data('No such form.', { status: 400 });
  if (intent !== 'managed-travelling' && !(Number.isInteger(itemId) && itemId > 0))
    throw data('No such piece.', { status: 400 });
  const call: { method: 'POST' | 'PUT'; path: string; body?: unknown } =
    intent === 'managed-travelling'
      ? { method: 'PUT', path: '/api/managed/travelling', body: { until: field(form, 'until') || null } }
      : intent === 'managed-intake'
        ? { method: 'POST', path: `/api/managed/items/${itemId}/intake`, body: placeBody(form, 'pickup') }
        : intent === 'managed-recall'
          ? { method: 'POST', path: `/api/managed/items/${itemId}/recall`, body: placeBody(form, 'parcel') }
          : { method: 'POST', path: `/api/managed/items/${itemId}/${intent === 'managed-renew' ? 'renew' : 'switch'}` };
  const res = await context.apiFetch(
    new Request(new URL(call.path, context.origin), {
      method: call.method,
      ...(call.body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(call.body) }),
    }),
  );
  const key = answerKey(intent, intent === 'managed-travelling' ? undefined : itemId);
  if (res.ok)
    return data<ManagedAnswer>({ managed: { key, ok: true, message: doneMessage(intent, await res.json()) } });
  const error = await apiErrorOf(res);
  const message =
    res.status >= 500 || !error ? 'That did not work. Try again.' : memberMessage(error.message, error.issues ?? []);
  return data<ManagedAnswer>({ managed: { key, ok: false, message } }, { status: res.status });
}

/** The dashboard's client action: the server's action, then her pieces, listings and the catalogue read again. */
export async function afterManagedAction<T>(serverAction: () => Promise<T>): Promise<T> {
  try {
    return await serverAction();
  } finally {
    const qc = browserQueryClient();
    await Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.managed.all }),
      qc.invalidateQueries({ queryKey: queryKeys.listings.all }),
      invalidate(qc, invalidationSets.catalogue),
    ]);
  }
}
