import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { useSession } from '../../../lib/session';
import { isWeakPassword, type AuthClientError } from '../../../lib/auth-errors';
import { sessionsQueryKey } from './get-sessions';

/**
 * Changes the password (POST /api/auth/change-password): the current one is required, and every
 * other device is signed out (this one gets a fresh session).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    // A weak new password or a wrong current one is shown by the form, beside its field.
    meta: {
      errorToast: (err) => {
        const error = err as AuthClientError;
        return isWeakPassword(error) || error.code === 'INVALID_PASSWORD' ? false : undefined;
      },
    },
    mutationFn: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
      const auth = await loadAuthClient();
      const { error } = await auth.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
      if (error) throw error as AuthClientError;
    },
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: sessionsQueryKey }), session.refetch()]);
    },
  });
}
