import { describe, expect, it } from 'vitest';
import { lenderShareCents, ListingInputSchema, rentalPriceBounds } from './listings';
import {
  BookRentalSchema,
  daysLate,
  defaultRentalRange,
  isLateToDispatch,
  lateDispatchCancelDate,
  lateFeeCapCents,
  lateFeeCents,
  lateFeePerDayCents,
  rentalActions,
  rentalPriceCents,
  rentalStatus,
} from './rentals';

describe('rentals', () => {
  it('defaults to 7 days from today', () => {
    expect(defaultRentalRange('2026-12-28')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-04' });
  });

  it('prices per started week', () => {
    expect(rentalPriceCents(999, '2026-11-22', '2026-11-29')).toBe(999);
    expect(rentalPriceCents(999, '2026-11-22', '2026-11-24')).toBe(999);
    expect(rentalPriceCents(999, '2026-11-22', '2026-11-30')).toBe(1998);
  });

  it("derives the status from the rental's marks and the dates", () => {
    const r = {
      startDate: '2026-11-25',
      endDate: '2026-12-02',
      handoff: 'delivery' as const,
      dispatchedAt: null,
      dispatchedOn: null,
      receivedAt: null,
      returnedAt: null,
      checkedInAt: null,
    };
    const sent = { ...r, dispatchedAt: '2026-11-24T09:00:00Z', dispatchedOn: '2026-11-24' };
    expect(rentalStatus(r, '2026-11-22')).toBe('reserved');
    // Not dispatched: still reserved on its start date (the piece has not left).
    expect(rentalStatus(r, '2026-11-25')).toBe('reserved');
    expect(rentalStatus(sent, '2026-11-24')).toBe('dispatched');
    // A delivery is with her from its start date (or the day after it was sent), marked received or not; a studio pickup once handed over.
    expect(rentalStatus(sent, '2026-11-25')).toBe('out');
    expect(
      rentalStatus({ ...sent, dispatchedAt: '2026-11-25T09:00:00Z', dispatchedOn: '2026-11-25' }, '2026-11-25'),
    ).toBe('dispatched');
    expect(
      rentalStatus(
        {
          ...sent,
          dispatchedAt: '2026-11-25T09:00:00Z',
          dispatchedOn: '2026-11-25',
          receivedAt: '2026-11-25T18:00:00Z',
        },
        '2026-11-25',
      ),
    ).toBe('out');
    expect(rentalStatus({ ...sent, handoff: 'pickup' }, '2026-11-26')).toBe('dispatched');
    expect(rentalStatus({ ...sent, handoff: 'pickup', receivedAt: '2026-11-25T10:00:00Z' }, '2026-11-26')).toBe('out');
    expect(rentalStatus(sent, '2026-12-02')).toBe('out');
    expect(rentalStatus(sent, '2026-12-03')).toBe('overdue');
    expect(rentalStatus({ ...sent, returnedAt: '2026-12-04T10:00:00Z' }, '2026-12-05')).toBe('returning');
    expect(
      rentalStatus({ ...sent, returnedAt: '2026-12-04T10:00:00Z', checkedInAt: '2026-12-05T10:00:00Z' }, '2026-12-05'),
    ).toBe('returned');
    // Returned before it was dispatched: a cancelled reservation.
    expect(rentalStatus({ ...r, returnedAt: '2026-11-23T10:00:00Z' }, '2026-11-30')).toBe('returned');
  });

  it("charges a late day at the weekly price / 7, capped at three weeks' price or the retail price", () => {
    expect(lateFeePerDayCents(2999)).toBe(429);
    expect(daysLate('2026-12-02', '2026-12-02')).toBe(0);
    expect(daysLate('2026-12-02', '2026-11-30')).toBe(0);
    expect(daysLate('2026-12-02', '2026-12-05')).toBe(3);
    expect(lateFeeCents(3, 2999, 120_000)).toBe(3 * 429);
    expect(lateFeeCapCents(2999, 120_000)).toBe(3 * 2999);
    expect(lateFeeCents(40, 2999, 120_000)).toBe(3 * 2999);
    // A piece whose retail price is below three weeks' rent: the retail price caps it.
    expect(lateFeeCents(40, 999, 2_000)).toBe(2_000);
    expect(lateFeeCents(0, 999, 2_000)).toBe(0);
    // Under the smallest card payment (50 cents): nothing to charge.
    expect(lateFeeCents(1, 300, 2_000)).toBe(0);
    expect(lateFeeCents(2, 300, 2_000)).toBe(86);
  });

  it('checks a booking range', () => {
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'M' }).success).toBe(true);
    expect(BookRentalSchema.safeParse({ itemId: 1, size: 'M', startDate: '2026-12-01' }).success).toBe(false);
    expect(
      BookRentalSchema.safeParse({ itemId: 1, size: 'M', startDate: '2026-12-01', endDate: '2026-12-01' }).success,
    ).toBe(false);
    expect(
      BookRentalSchema.safeParse({ itemId: 1, size: 'M', startDate: '2026-12-01', endDate: '2027-06-01' }).success,
    ).toBe(false);
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
    expect(ListingInputSchema.safeParse({ ...base, rentalPriceCents: 2999, retailPriceCents: 2000 }).success).toBe(
      false,
    );
  });
});

describe('what a member may do with a rental (issue 15)', () => {
  it('offers Cancel until it is sent (its start day included), Return once sent and started, nothing once it ended', () => {
    const r = {
      startDate: '2026-11-25',
      endDate: '2026-12-02',
      handoff: 'delivery' as const,
      dispatchedAt: null,
      dispatchedOn: null,
      receivedAt: null,
      returnedAt: null,
      checkedInAt: null,
      cancelledAt: null,
    };
    expect(rentalActions(r, '2026-11-22')).toEqual(['cancel', 'extend']);
    // Sent the day before its start: on its way, no longer cancellable, not yet returnable.
    const sent = { ...r, dispatchedAt: '2026-11-24T09:00:00Z', dispatchedOn: '2026-11-24' };
    expect(rentalActions(sent, '2026-11-24')).toEqual(['extend', 'received']);
    expect(rentalActions(sent, '2026-11-25')).toEqual(['extend', 'return', 'received']);
    expect(rentalActions({ ...sent, receivedAt: '2026-11-25T10:00:00Z' }, '2026-11-26')).toEqual(['extend', 'return']);
    // Not sent on its start day: still Cancel (a full refund), never Return for a piece she never received.
    expect(rentalActions(r, '2026-11-25')).toEqual(['cancel', 'extend']);
    // Late to dispatch (its start day has passed): Cancel only.
    expect(isLateToDispatch(r, '2026-11-25')).toBe(false);
    expect(isLateToDispatch(r, '2026-11-26')).toBe(true);
    expect(rentalActions(r, '2026-11-26')).toEqual(['cancel']);
    expect(isLateToDispatch(sent, '2026-11-26')).toBe(false);
    expect(lateDispatchCancelDate('2026-11-25')).toBe('2026-11-27');
    const cancelled = { ...r, returnedAt: '2026-11-22T10:00:00Z', cancelledAt: '2026-11-22T10:00:00Z' };
    expect(rentalStatus(cancelled, '2026-11-22')).toBe('cancelled');
    expect(rentalActions(cancelled, '2026-11-22')).toEqual([]);
    expect(rentalActions({ ...sent, returnedAt: '2026-11-30T10:00:00Z' }, '2026-11-30')).toEqual([]);
    expect(
      rentalActions({ ...sent, checkedInAt: '2026-12-01T10:00:00Z', returnedAt: '2026-11-30T10:00:00Z' }, '2026-12-01'),
    ).toEqual([]);
  });

  it('takes one piece per rental: a quantity other than 1 is refused by name', () => {
    expect(BookRentalSchema.safeParse({ itemId: 7, size: 'M', quantity: 1 }).success).toBe(true);
    const two = BookRentalSchema.safeParse({ itemId: 7, size: 'M', quantity: 2 });
    expect(two.error?.issues[0]).toMatchObject({
      path: ['quantity'],
      message: 'One rental is one piece: book again for another piece or size.',
    });
  });
});
