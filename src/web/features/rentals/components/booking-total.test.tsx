import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '@domain/rentals';
import { LENDING_MESSAGES } from '@domain/lending.rules';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { BookingTotal } from './booking-total';

afterEach(cleanup);

const quote = (over: Partial<Quote> = {}): Quote => ({
  itemId: 90,
  size: 'M',
  handoff: 'delivery',
  startDate: '2026-12-01',
  endDate: '2026-12-08',
  days: 7,
  weeks: 1,
  weeklyPriceCents: 2500,
  priceCents: 2500,
  chargeCents: 2500,
  creditCents: 0,
  discount: null,
  discountNote: null,
  includedInPlan: false,
  plan: null,
  available: true,
  nextFreeDate: '2026-12-01',
  card: { brand: 'Visa', lastFour: '4242' },
  signedIn: true,
  refusal: null,
  ...over,
});

describe('BookingTotal', () => {
  it('a piece of ours is charged when she books', () => {
    render(<BookingTotal quote={quote()} loading={false} failed={null} requested={false} />);
    expect(screen.getByText('Charged to your Visa ending in 4242 when you book.')).toBeTruthy();
  });

  it("a member's piece says nothing that contradicts the request's rule: the card is authorised with the request, not charged on booking", () => {
    render(<BookingTotal quote={quote()} loading={false} failed={null} requested />);
    expect(screen.getByText('Authorised on your Visa ending in 4242 with the request.')).toBeTruthy();
    expect(screen.queryByText(/when you book/)).toBeNull();
    expect(screen.queryByText(/Included in your plan|pieces left this month/)).toBeNull();
  });

  it("without a card, a request's refusal says how a request is paid", () => {
    render(
      <BookingTotal
        quote={quote({ card: null, refusal: { code: 'CARD_REQUIRED', message: 'Add a card to rent' } })}
        loading={false}
        failed={null}
        requested
      />,
    );
    expect(screen.getByText(LENDING_MESSAGES.cardRequired)).toBeTruthy();
    expect(screen.queryByText(/when you book/)).toBeNull();
  });

  it('store credit that pays it all needs no card (decision 0069); credit that falls short says so', () => {
    render(
      <BookingTotal
        quote={quote({ card: null, creditCents: 2500, chargeCents: 0 })}
        loading={false}
        failed={null}
        requested={false}
      />,
    );
    expect(screen.getByText('Paid in full with your store credit when you book: no card needed.')).toBeTruthy();
    cleanup();
    render(
      <BookingTotal
        quote={quote({
          card: null,
          creditCents: 2000,
          chargeCents: 500,
          refusal: { code: 'CARD_REQUIRED', message: RENTAL_MESSAGES.creditShort },
        })}
        loading={false}
        failed={null}
        requested={false}
      />,
    );
    expect(screen.getByText(RENTAL_MESSAGES.creditShort)).toBeTruthy();
    expect(screen.queryByText(/no card needed/)).toBeNull();
  });

  it("the request's rule: authorised now, charged on acceptance, outside the plan's allowance", () => {
    expect(LENDING_MESSAGES.requestRule).toMatch(/authorised now and charged only when she accepts/);
    expect(LENDING_MESSAGES.requestRule).toMatch(/outside your plan's allowance/);
  });
});
