import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Deletes the account (DELETE /api/me, password required). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api<void>('/api/me', { method: 'DELETE', json: { password } }),
  });
}
