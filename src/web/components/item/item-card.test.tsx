import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_RATINGS_NOTE } from '@domain/catalogue-ratings';
import { CatalogueRatingsNote } from '../ui/stars';
import { ItemCard, type ItemCardItem } from './item-card';

afterEach(cleanup);

const card = (over: Partial<ItemCardItem>): ItemCardItem => ({
  id: 77,
  name: 'The North Face Black Fleece Half-Zip',
  brand: 'The North Face',
  rentalPriceCents: 999,
  rating: 4.8,
  reviewCount: 20,
  rentalCount: 41,
  isNew: false,
  imageUrl: '/api/items/77/pictures/front.svg',
  imageAlt: 'A black fleece',
  ...over,
});

function renderCard(item: ItemCardItem) {
  const router = createMemoryRouter([{ path: '/', element: <ItemCard item={item} href="/item/77" /> }]);
  return render(<RouterProvider router={router} />);
}

describe('honest counts', () => {
  it('a card shows a count no larger than the times rented', () => {
    renderCard(card({ reviewCount: 20, rentalCount: 41 }));
    expect(screen.getByText('(20)')).toBeTruthy();
  });

  it("a card leaves out a count above the times rented (the catalogue's first ratings): the item page says where they came from", () => {
    renderCard(card({ reviewCount: 156, rentalCount: 15 }));
    expect(screen.queryByText('(156)')).toBeNull();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
  });

  it('the item page says so where the count is above the times rented, and only there', () => {
    const { rerender } = render(<CatalogueRatingsNote item={{ reviewCount: 156, rentalCount: 15 }} />);
    expect(screen.getByText(CATALOGUE_RATINGS_NOTE)).toBeTruthy();
    rerender(<CatalogueRatingsNote item={{ reviewCount: 15, rentalCount: 15 }} />);
    expect(screen.queryByText(CATALOGUE_RATINGS_NOTE)).toBeNull();
  });
});
