import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { loadAuthClient } from '../../../lib/load-auth-client';
import type { AuthClientError } from '../../../lib/auth-errors';

/** Where the confirmation link of a new address lands (better-auth adds &error=... when it fails). */
export const EMAIL_CHANGED_CALLBACK = `${paths.account}?email=changed`;

/**
 * Asks to move the account to a new address (POST /api/auth/change-email): a link goes to the new
 * address, and the change takes effect when it is opened.
 */
export function useChangeEmail() {
  return useMutation({
    // The form says what went wrong, under the field.
    meta: { errorToast: false },
    mutationFn: async (newEmail: string) => {
      const auth = await loadAuthClient();
      const { error } = await auth.changeEmail({ newEmail, callbackURL: EMAIL_CHANGED_CALLBACK });
      if (error) throw error as AuthClientError;
    },
  });
}

/** Sends the confirmation link of the current address again (POST /api/auth/send-verification-email). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: async (email: string) => {
      const auth = await loadAuthClient();
      const { error } = await auth.sendVerificationEmail({
        email,
        callbackURL: `${paths.account}?email=confirmed`,
      });
      if (error) throw error as AuthClientError;
    },
  });
}
