import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/items/by-slug/{slug}: the items of the static pages. */
export function getItemBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.items.slug(slug),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/items/by-slug/{slug}', { params: { path: { slug } }, signal })),
    staleTime: 60_000,
  });
}

export function useItemBySlug(slug: string, enabled = true) {
  return useQuery({ ...getItemBySlugQueryOptions(slug), enabled });
}
