import { describe, expect, it } from 'vitest';
import { lenderShareCents, ListingInputSchema, rentalPriceBounds } from './listings';
import { BookRentalSchema, defaultRentalRange, rentalPriceCents, rentalStatus } from './rentals';

describe('rentals', () => {
  it('defaults to 7 days from today', () => {
    expect(defaultRentalRange('2026-12-28')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-04' });
  });

  it('prices per started week', () => {
    expect(rentalPriceCents(999, '2026-11-22', '2026-11-29')).toBe(999);
    expect(rentalPriceCents(999, '2026-11-22', '2026-11-24')).toBe(999);
    expect(rentalPriceCents(999, '2026-11-22', '2026-11-30')).toBe(1998);
  });

  it('derives the status from the dates', () => {
    expect(rentalStatus({ startDate: '2026-11-25', returnedAt: null }, '2026-11-22')).toBe('reserved');
    expect(rentalStatus({ startDate: '2026-11-22', returnedAt: null }, '2026-11-22')).toBe('out');
    expect(rentalStatus({ startDate: '2026-11-22', returnedAt: '2026-11-23T10:00:00Z' }, '2026-11-30')).toBe('returned');
  });

  it('checks a booking range', () => {
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'M' }).success).toBe(true);
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'M', startDate: '2026-12-01' }).success).toBe(false);
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'M', startDate: '2026-12-01', endDate: '2026-12-01' }).success).toBe(false);
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'M', startDate: '2026-12-01', endDate: '2027-06-01' }).success).toBe(false);
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'XXL' }).success).toBe(false);
  });
});

describe('listings', () => {
  it('gives the lender 70% of each rental', () => {
    expect(lenderShareCents(2000)).toBe(1400);
    expect(lenderShareCents(999)).toBe(699);
  });

  it('bounds the rental price by the category table', () => {
    expect(rentalPriceBounds('Dresses')).toEqual({ suggested: 2999, min: 1500, max: 8997 });
    const base = {
      name: 'Silk Dress',
      brand: 'Ganni',
      category: 'Dresses',
      gender: 'Women',
      sizes: ['M'],
      description: 'A lovely silk dress.',
      retailPriceCents: 30_000,
      handover: 'pickup',
    };
    expect(ListingInputSchema.safeParse({ ...base, rentalPriceCents: 2999 }).success).toBe(true);
    expect(ListingInputSchema.safeParse({ ...base, rentalPriceCents: 500 }).success).toBe(false);
    expect(ListingInputSchema.safeParse({ ...base, rentalPriceCents: 2999, retailPriceCents: 2000 }).success).toBe(false);
  });
});
