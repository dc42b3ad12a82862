import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Progress, ProgressInput } from '@domain/match';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const saveProgress = (api: Api, input: ProgressInput) => unwrap(api.PUT('/api/match/progress', { body: input }));

/**
 * Saves the deck index for a gender. The cache is updated at once (the deck moves on without
 * waiting) and then replaced by the server's answer.
 */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgressInput, { client }) => saveProgress(apiOf(client), input),
    onMutate: (input) => {
      qc.setQueryData<Progress>(matchKeys.progress, (old) => ({
        currentGender: input.gender,
        indexes: { ...(old?.indexes ?? { Women: 0, Men: 0 }), [input.gender]: input.lastItemIndex },
      }));
    },
    onSuccess: (progress) => qc.setQueryData(matchKeys.progress, progress),
  });
}
