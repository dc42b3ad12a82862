import { useMutation } from '@tanstack/react-query';
import type { ContactMessageRequest } from '@domain/support';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** Sends the contact form (POST /api/contact): stored, and a copy e-mailed to the sender. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageRequest, { client }) =>
      unwrap(apiOf(client).POST('/api/contact', { body: input })),
    // The form shows the error under its fields or above the button.
    meta: { errorToast: false },
  });
}
