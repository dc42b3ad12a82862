import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import type { AuthClientError } from '../../../lib/auth-errors';

/**
 * Asks for a reset link (POST /api/auth/request-password-reset). The answer is the same whether
 * or not the address has an account; the link lands on /reset-password.
 */
export function useRequestPasswordReset() {
  return useMutation({
    // The form says what went wrong.
    meta: { errorToast: false },
    mutationFn: async (email: string) => {
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
      if (error) throw error as AuthClientError;
    },
  });
}
