import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryItemInput, InventoryItemUpdate, UnitsToAdd } from '@domain/ops';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

const idPath = (id: number) => ({ params: { path: { id: String(id) } } });

/** The desk's queries and the catalogue's: a piece's change shows everywhere. */
function useSettled() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, invalidationSets.desk);
}

/** Adds a house piece with its sizes and units (audited). */
export function useCreateItem() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: (input: InventoryItemInput, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/items', { body: input })),
    onSettled,
  });
}

/** Edits a house piece's fields (audited). */
export function useUpdateItem() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: InventoryItemUpdate }, { client }) =>
      unwrap(
        apiOf(client).PATCH('/api/ops/items/{id}', {
          ...idPath(id),
          body: patch,
        }),
      ),
    onSettled,
  });
}

/** Adds units of a size (a new size joins the piece's sizes; audited). */
export function useAddUnits() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: ({ id, units }: { id: number; units: UnitsToAdd }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/ops/items/{id}/units', {
          ...idPath(id),
          body: units,
        }),
      ),
    onSettled,
  });
}

/** Replaces a piece's product photos: they replace its drawings wherever it is shown (audited). */
export function useReplacePhotos() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: ({ id, photos }: { id: number; photos: File[] }, { client }) =>
      unwrap(
        apiOf(client).PUT('/api/ops/items/{id}/photos', {
          ...idPath(id),
          body: { photos },
          bodySerializer: () => {
            const form = new FormData();
            for (const p of photos) form.append('photos', p);
            return form;
          },
        }),
      ),
    onSettled,
  });
}

/** Removes a piece's product photos: it is drawn again (audited). */
export function useRemovePhotos() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: (id: number, { client }) => unwrap(apiOf(client).DELETE('/api/ops/items/{id}/photos', idPath(id))),
    onSettled,
  });
}
