import { describe, expect, it } from 'vitest';
import { combinedRating, fitHeadline, fitSummaryOf, sizeAdviceOf, sizeGuideFor } from './reviews';

describe('fit summary', () => {
  it('leads with the most given answer as a whole percentage, a tie going to true to size', () => {
    const s = fitSummaryOf(['true_to_size', 'true_to_size', 'runs_small', 'true_to_size', 'runs_large']);
    expect(s).toEqual({
      reviews: 5,
      counts: { runs_small: 1, true_to_size: 3, runs_large: 1 },
      majority: { fit: 'true_to_size', percent: 60 },
    });
    expect(fitHeadline(s)).toBe('60% say true to size');
    expect(fitSummaryOf(['runs_small', 'true_to_size']).majority).toEqual({ fit: 'true_to_size', percent: 50 });
    expect(fitHeadline(fitSummaryOf(['runs_large', 'runs_large', 'runs_small']))).toBe('67% say runs large');
    expect(fitSummaryOf([])).toEqual({
      reviews: 0,
      counts: { runs_small: 0, true_to_size: 0, runs_large: 0 },
      majority: null,
    });
  });
});

describe('the rating the catalogue shows', () => {
  it('is seed plus real reviews, weighted by count, to one decimal', () => {
    expect(combinedRating({ rating: 4.5, count: 10 }, { sum: 3, count: 1 })).toEqual({ rating: 4.4, reviewCount: 11 });
    expect(combinedRating({ rating: 4.8, count: 120 }, { sum: 0, count: 0 })).toEqual({
      rating: 4.8,
      reviewCount: 120,
    });
    expect(combinedRating({ rating: 0, count: 0 }, { sum: 9, count: 2 })).toEqual({ rating: 4.5, reviewCount: 2 });
    expect(combinedRating({ rating: 0, count: 0 }, { sum: 0, count: 0 })).toEqual({ rating: 0, reviewCount: 0 });
  });
});

describe('size advice', () => {
  const me = { heightCm: 170, usualSize: 'M' as const };
  it('says there is not enough data below 3 similar reviews', () => {
    expect(
      sizeAdviceOf(me, [
        { sizeWorn: 'M', fit: 'true_to_size' },
        { sizeWorn: 'M', fit: 'true_to_size' },
      ]),
    ).toEqual({ status: 'not_enough_data', minimum: 3, similarReviews: 2, heightCm: 170, usualSize: 'M' });
  });
  it('advises the size most wore; a tie goes to the one more found true to size, then the smaller', () => {
    const a = sizeAdviceOf(me, [
      { sizeWorn: 'L', fit: 'runs_small' },
      { sizeWorn: 'M', fit: 'true_to_size' },
      { sizeWorn: 'L', fit: 'true_to_size' },
      { sizeWorn: 'M', fit: 'runs_small' },
      { sizeWorn: 'L', fit: 'true_to_size' },
    ]);
    expect(a).toMatchObject({ status: 'advice', size: 'L', sizeReviews: 3, similarReviews: 5 });
    expect(
      sizeAdviceOf(me, [
        { sizeWorn: 'L', fit: 'runs_small' },
        { sizeWorn: 'M', fit: 'true_to_size' },
        { sizeWorn: 'S', fit: 'runs_small' },
      ]),
    ).toMatchObject({ size: 'M' });
    expect(
      sizeAdviceOf(me, [
        { sizeWorn: 'L', fit: 'true_to_size' },
        { sizeWorn: 'S', fit: 'true_to_size' },
        { sizeWorn: 'M', fit: 'runs_small' },
      ]),
    ).toMatchObject({ size: 'S' });
  });
});

describe('size guide', () => {
  it('has a table per kind of piece', () => {
    expect(sizeGuideFor('Shoes').rows.map((r) => r.size)).toEqual(['40', '42', '44', '46', '48']);
    expect(sizeGuideFor('Dresses').columns[0]).toBe('Bust (cm)');
    expect(sizeGuideFor('Jackets', 'Men').columns[0]).toBe('Chest (cm)');
    expect(sizeGuideFor('Accessories').rows).toHaveLength(1);
    expect(sizeGuideFor('Pants', 'Men').rows.map((r) => r.size)).toEqual(['S', 'M', 'L', 'XL']);
  });
});
