import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/**
 * Downloads "my data" (GET /api/me/export) as the JSON file the server names, through a blob so a
 * refusal (429) can be shown instead of being saved as a file.
 */
export function useDownloadData() {
  return useMutation({
    mutationFn: async (_: void, { client }) => {
      const result = await apiOf(client).GET('/api/me/export', { parseAs: 'blob' });
      const blob = await unwrap(Promise.resolve(result));
      const name =
        /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ??
        'rentique-my-data.json';
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}
