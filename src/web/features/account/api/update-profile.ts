import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@domain/auth.schema';
import { api, unwrap } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-client';
import { profileQueryKey } from './get-profile';

/** Changes name and gender (PATCH /api/me); the session's copy (the navigation's name) follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (patch: ProfileUpdate) => unwrap(api.PATCH('/api/me', { body: patch })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['dashboard'] }), session.refetch()]);
    },
  });
}
