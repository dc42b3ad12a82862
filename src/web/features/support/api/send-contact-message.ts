import { useMutation } from '@tanstack/react-query';
import type { ContactMessageRequest } from '@domain/support';
import { api, unwrap } from '../../../lib/api-client';

/** Sends the contact form (POST /api/contact): stored, and a copy e-mailed to the sender. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageRequest) => unwrap(api.POST('/api/contact', { body: input })),
    // The form shows the error under its fields or above the button.
    meta: { errorToast: false },
  });
}
