import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rental } from '@domain/rentals';
import { api } from '../../../lib/api-client';
import { RENTAL_DEPENDENT_KEYS } from './book-rental';

/** Moves the return date 7 days later (POST /api/rentals/{id}/extend). */
export function useExtendRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number) => api<Rental>(`/api/rentals/${rentalId}/extend`, { method: 'POST' }),
    onSettled: () => Promise.all(RENTAL_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
