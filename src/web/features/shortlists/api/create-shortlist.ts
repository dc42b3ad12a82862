import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateShortlistInput } from '@domain/shortlists';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { shortlistKeys } from './keys';

/** Starts a shortlist (POST /api/shortlists), with a first piece when given. */
export function useCreateShortlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShortlistInput, { client }) => unwrap(apiOf(client).POST('/api/shortlists', { body })),
    onSettled: () => qc.invalidateQueries({ queryKey: shortlistKeys.all }),
  });
}
