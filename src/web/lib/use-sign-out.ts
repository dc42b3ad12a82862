import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from './auth-client';
import { clearMemberLocalState } from './local-state';

/**
 * Sign Out: ends the session on the server, forgets everything cached in this browser
 * (queries, local keys) and returns to the home page with a 'Logged out' toast.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Leave the member page first, so the login gate does not bounce us to /login on the way out.
    await navigate('/');
    // sonner is loaded with the toast area (app.tsx), not with the navigation bar.
    const [{ error }, { toast }] = await Promise.all([authClient.signOut(), import('sonner')]);
    if (error) {
      toast.error('Error', { description: error.message ?? 'Could not sign out. Please try again.' });
      return;
    }
    queryClient.clear();
    clearMemberLocalState();
    toast('Logged out');
  };
}
