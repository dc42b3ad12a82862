import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { loadAuthClient } from './load-auth-client';
import { clearMemberLocalState } from './local-state';
import { useSession } from './session';

/**
 * Sign Out: ends the session on the server, forgets everything cached in this browser
 * (queries, local keys), reads the session again (now none) and returns to the home page with a
 * 'Logged out' toast.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch } = useSession();
  return async () => {
    // Leave the member page first, so the login gate does not bounce us to /login on the way out.
    await navigate('/');
    // better-auth's client and sonner load when they are needed, not with the navigation bar.
    const [authClient, { toast }] = await Promise.all([loadAuthClient(), import('sonner')]);
    const { error } = await authClient.signOut();
    if (error) {
      toast.error('Error', { description: error.message ?? 'Could not sign out. Please try again.' });
      return;
    }
    queryClient.clear();
    clearMemberLocalState();
    await refetch();
    toast('Logged out');
  };
}
