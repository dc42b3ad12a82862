import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rental } from '@domain/rentals';
import { api } from '../../../lib/api-client';
import { RENTAL_DEPENDENT_KEYS } from './book-rental';

/** Returns the piece (POST /api/rentals/{id}/return). */
export function useReturnRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number) => api<Rental>(`/api/rentals/${rentalId}/return`, { method: 'POST' }),
    onSettled: () => Promise.all(RENTAL_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
