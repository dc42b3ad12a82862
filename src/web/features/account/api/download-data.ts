import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '@domain/errors';
import { ApiClientError } from '../../../lib/api-client';

/**
 * Downloads "my data" (GET /api/me/export) as the JSON file the server names, through a blob so a
 * refusal (429) can be shown instead of being saved as a file.
 */
export function useDownloadData() {
  return useMutation({
    mutationFn: async () => {
      const res = await fetch('/api/me/export', { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as Partial<ApiError>;
        throw new ApiClientError(res.status, body.error ?? { message: `Request failed (${res.status})` });
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'rentique-my-data.json';
      const url = URL.createObjectURL(await res.blob());
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
