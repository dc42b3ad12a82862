import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NoWrittenReviews } from './item-reviews';

afterEach(cleanup);

describe('NoWrittenReviews', () => {
  it('says where a house piece\'s stars came from instead of showing none under "128 reviews"', () => {
    render(<NoWrittenReviews starRatings={128} />);
    expect(screen.getByRole('heading', { name: 'No written reviews yet' })).toBeTruthy();
    expect(screen.getByText(/Its 128 star ratings came with our house catalogue/)).toBeTruthy();
  });

  it('a piece nobody has rated has no reviews of any kind', () => {
    render(<NoWrittenReviews starRatings={0} />);
    expect(screen.getByRole('heading', { name: 'No member reviews yet' })).toBeTruthy();
    expect(screen.queryByText(/star rating/)).toBeNull();
  });

  it('one star rating is singular', () => {
    render(<NoWrittenReviews starRatings={1} />);
    expect(screen.getByText(/Its star rating came with/)).toBeTruthy();
  });

  it('a size with no reviews points back to all sizes', () => {
    render(<NoWrittenReviews starRatings={0} size="M" />);
    expect(screen.getByRole('heading', { name: 'No reviews from members who wore size M' })).toBeTruthy();
  });
});
