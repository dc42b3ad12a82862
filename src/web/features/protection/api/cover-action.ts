import { data, type AppLoadContext } from 'react-router';
import type { RentalProtection } from '@domain/protection';
import { ApiClientError, apiErrorOf } from '../../../lib/api-client';
import { defaultErrorToast } from '../../../lib/error-toast';
import { loginRedirect } from '../../../lib/page-data';
import { coverOutcome, type CoverAnswer } from '../lib/cover-outcome';

/** The Renting tab, where a rental's cover form goes back to. */
const RENTING_TAB = '/dashboard?tab=renting';

/** What the dashboard's action answers to a cover form: the rental and the sentence drawn on its row. */
export interface CoverActionData {
  cover: CoverAnswer;
}

/**
 * Add damage cover before the app runs (POST /dashboard with `intent=cover` and `rentalId`;
 * decision 0064): the cover is the API's (POST /api/protection/rentals/{id}/cover, in-process as
 * the member: the same fee, card and refusals). The answer is the row's sentence, added or the
 * API's reason; the page is drawn again with the rental's protection read afresh ("Covered").
 */
export async function coverAction(request: Request, context: AppLoadContext) {
  if (!context.user) throw loginRedirect(new URL(RENTING_TAB, context.origin));
  const form = await request.formData();
  const id = form.get('rentalId');
  if (typeof id !== 'string' || !/^\d{1,9}$/.test(id)) throw data('No such rental.', { status: 400 });
  const res = await context.apiFetch(
    new Request(new URL(`/api/protection/rentals/${id}/cover`, context.origin), { method: 'POST' }),
  );
  if (res.ok) return data<CoverActionData>({ cover: coverOutcome((await res.json()) as RentalProtection) });
  const { description } = defaultErrorToast(new ApiClientError(res.status, (await apiErrorOf(res)) ?? {}));
  return data<CoverActionData>(
    { cover: { rentalId: Number(id), ok: false, message: description } },
    { status: res.status },
  );
}

/** Whether a POST to the dashboard is a cover form's (the events' RSVP forms are the others). */
export async function isCoverForm(request: Request): Promise<boolean> {
  try {
    return (await request.clone().formData()).get('intent') === 'cover';
  } catch {
    return false; // not a form: the RSVP action refuses it as before
  }
}
