import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { cardErrorToast } from '../../../lib/card-error-toast';
import type { ErrorToast } from '../../../lib/error-toast';
import { apiOf } from '../../../lib/query-client';
import { waitlistQueryKey } from './get-waitlist';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Every query a confirmed hold changes: the waitlist, rentals, the dashboard figures, availability. */
/** Her waitlist, and what a booking changes (the hold becomes a rental). */
const DEPENDENT_KEYS = [waitlistQueryKey, ...invalidationSets.booking];

/**
 * A refused confirmation: a declined card (the hold stays hers until it expires, the message says
 * until when) or no card leads to the card page, which brings her back to the dashboard.
 */
export function confirmErrorToast(err: Error, go: (url: string) => void): ErrorToast | undefined {
  return err instanceof ApiClientError ? cardErrorToast(err, paths.dashboard, go) : undefined; // undefined: the server's message
}

/** How the held piece reaches her: delivery to her saved address, or pickup at a studio. */
export interface ConfirmHoldVariables {
  id: number;
  delivery: 'online' | 'in-store';
  studioId?: number | undefined;
}

/** Confirms a hold (POST /api/waitlist/{id}/confirm): books the held piece, paid like any booking. */
export function useConfirmHold() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: { errorToast: (err) => confirmErrorToast(err, (url) => void navigate(url)) },
    mutationFn: ({ id, delivery, studioId }: ConfirmHoldVariables, { client }) =>
      unwrap(
        apiOf(client).POST('/api/waitlist/{id}/confirm', {
          params: { path: { id: String(id) } },
          body: delivery === 'in-store' ? { delivery, ...(studioId ? { studioId } : {}) } : { delivery },
        }),
      ),
    onSettled: () => invalidate(qc, DEPENDENT_KEYS),
  });
}
