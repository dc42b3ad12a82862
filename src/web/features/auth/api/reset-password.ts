import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import type { AuthClientError } from '../../../lib/auth-errors';

/** Sets a new password with the token from the mailed link (POST /api/auth/reset-password). */
export function useResetPassword() {
  return useMutation({
    // The form says what went wrong (e.g. a guessable password, under the field).
    meta: { errorToast: false },
    mutationFn: async ({ token, newPassword }: { token: string; newPassword: string }) => {
      const { error } = await authClient.resetPassword({ token, newPassword });
      if (error) throw error as AuthClientError;
    },
  });
}
