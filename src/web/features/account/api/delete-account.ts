import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Deletes the account (DELETE /api/me, password required). */
export function useDeleteAccount() {
  return useMutation({
    // The section says what went wrong (a wrong password, an open rental).
    meta: { errorToast: false },
    mutationFn: (password: string) => unwrap(api.DELETE('/api/me', { body: { password } })),
  });
}
