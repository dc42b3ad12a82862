import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@domain/auth.schema';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { profileQueryKey } from './get-profile';
import { queryKeys } from '../../../lib/query-keys';

/** True for the fields of the profile form (a refusal of one is shown beside it). */
export function isProfileField(path: string | undefined): path is 'fullName' | 'gender' {
  return path === 'fullName' || path === 'gender';
}

/** Changes name and gender (PATCH /api/me); the session's copy (the navigation's name) follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    // A refused field is shown next to it by the form.
    meta: {
      errorToast: (err) => (err instanceof ApiClientError && isProfileField(err.issues[0]?.path) ? false : undefined),
    },
    mutationFn: (patch: ProfileUpdate, { client }) => unwrap(apiOf(client).PATCH('/api/me', { body: patch })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }), session.refetch()]);
    },
  });
}
