import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Deletes the account (DELETE /api/me, password required). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => unwrap(api.DELETE('/api/me', { body: { password } })),
  });
}
