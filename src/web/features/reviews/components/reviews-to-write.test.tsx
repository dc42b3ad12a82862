import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStub } from '../../../test/api-stub';
import { dismissToasts, renderPage } from '../../../test/render-page';
import { getMyReviewsQueryOptions } from '../api/get-my-reviews';
import { ReviewsToWrite } from './reviews-to-write';

/** The dashboard's 'Tell us how it fit': the review form's code loads when she opens it (decision 0081). */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

const RETURNED = {
  rentalId: 41,
  itemId: 3,
  itemName: 'Silk Tea Dress',
  brand: 'Rixo',
  imageUrl: '/api/items/3/image.svg',
  size: 'M' as const,
  sizes: ['S' as const, 'M' as const, 'L' as const],
  startDate: '2026-11-10',
  endDate: '2026-11-17',
  reviewId: null as number | null,
};
const NO_FIT = { heightCm: null, bustCm: null, waistCm: null, hipsCm: null, usualSize: null };

function open(rentals: (typeof RETURNED)[]) {
  const api = new ApiStub().on('get', '/api/reviews/mine', { rentals, fit: NO_FIT });
  return renderPage(ReviewsToWrite, { path: '/dashboard', api });
}

describe('pieces to review', () => {
  it('lists the returned pieces she has not reviewed, and opens the review form for one', async () => {
    const { user, api } = open([RETURNED, { ...RETURNED, rentalId: 42, itemName: 'Linen Blazer', reviewId: 9 }]);
    const list = await screen.findByRole('list', { name: 'Pieces to review' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Silk Tea Dress']);
    expect(screen.getByText(/You have reviewed 1 piece\./)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Write a review of Silk Tea Dress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    expect(dialog).toHaveAccessibleDescription('Silk Tea Dress by Rixo, size M');
    expect(api.writes()).toEqual([]);
  });

  it('shows nothing when every returned piece is reviewed', async () => {
    const { queryClient } = open([{ ...RETURNED, reviewId: 7 }]);
    await vi.waitFor(() => expect(queryClient.getQueryData(getMyReviewsQueryOptions().queryKey)).toBeDefined());
    expect(screen.queryByRole('heading', { name: 'Tell us how it fit' })).toBeNull();
  });
});
