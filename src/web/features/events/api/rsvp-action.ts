import { data, redirect, type AppLoadContext } from 'react-router';
import { defaultErrorToast } from '../../../lib/error-toast';
import { ApiClientError, apiErrorOf } from '../../../lib/api-client';
import { loginRedirect } from '../../../lib/page-data';

/** The dashboard's Events tab, where an RSVP form goes back to. */
const EVENTS_TAB = '/dashboard?tab=events';

/** What the dashboard's action answers when an RSVP was refused: the event and the reason, drawn on its card. */
export interface RsvpRefused {
  rsvp: { eventId: number; message: string };
}

/**
 * RSVP and Cancel RSVP before the app runs (POST /dashboard; issue 32): the event's form sends its
 * id and `intent` (rsvp or cancel); the reservation is the API's (POST or DELETE
 * /api/events/{id}/rsvp, in-process as the member). Done: the Events tab again, which shows her
 * spot (the running app says so in a toast). Refused (full, already reserved): the tab with the
 * server's message on the event's card.
 */
export async function rsvpAction(request: Request, context: AppLoadContext) {
  if (!context.user) throw loginRedirect(new URL(EVENTS_TAB, context.origin));
  const form = await request.formData();
  const id = form.get('eventId');
  if (typeof id !== 'string' || !/^\d{1,9}$/.test(id)) throw data('No such event.', { status: 400 });
  const method = form.get('intent') === 'cancel' ? 'DELETE' : 'POST';
  const res = await context.apiFetch(new Request(new URL(`/api/events/${id}/rsvp`, context.origin), { method }));
  if (res.ok) return redirect(EVENTS_TAB);
  const { description } = defaultErrorToast(new ApiClientError(res.status, (await apiErrorOf(res)) ?? {}));
  return data<RsvpRefused>({ rsvp: { eventId: Number(id), message: description } }, { status: res.status });
}
