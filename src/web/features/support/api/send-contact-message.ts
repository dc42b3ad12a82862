import { useMutation } from '@tanstack/react-query';
import type { ContactMessageReceipt, ContactMessageRequest } from '@domain/support';
import { api } from '../../../lib/api-client';

/** Sends the contact form (POST /api/contact): stored, and a copy e-mailed to the sender. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageRequest) => api<ContactMessageReceipt>('/api/contact', { method: 'POST', json: input }),
  });
}
