import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookRentalInput } from '@domain/rentals';
import { api, unwrap } from '../../../lib/api-client';
import { rentalsQueryKey } from './get-rentals';

/** Every query whose answer a rental changes: rentals, the dashboard figures, listings (earnings). */
export const RENTAL_DEPENDENT_KEYS = [rentalsQueryKey, ['dashboard'], ['listings'], ['items']] as const;

/** Rents a piece (POST /api/rentals). */
export function useBookRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookRentalInput) => unwrap(api.POST('/api/rentals', { body: input })),
    onSettled: () => Promise.all(RENTAL_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
