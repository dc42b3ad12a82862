import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { RENTAL_DEPENDENT_KEYS } from './book-rental';

/** Returns the piece (POST /api/rentals/{id}/return). */
export function useReturnRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number) => unwrap(api.POST('/api/rentals/{id}/return', { params: { path: { id: String(rentalId) } } })),
    onSettled: () => Promise.all(RENTAL_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
