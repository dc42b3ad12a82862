import type { ApiBody } from './api-stub';

/**
 * Answers of the API for the web tests, typed with api-schema.d.ts (ApiBody): each builds a
 * complete answer that a test overrides in part. Dates sit in December 2026 (the calendar's
 * "today" is the API's, so the browser's clock does not matter).
 */

export type Calendar = ApiBody<'get', '/api/items/{id}/calendar'>;
export type Quote = ApiBody<'get', '/api/rentals/quote'>;
export type Rental = ApiBody<'post', '/api/rentals'>;
export type Studios = ApiBody<'get', '/api/orders/studios'>;
export type DeskBoard = ApiBody<'get', '/api/ops/today'>;
export type DeskRental = DeskBoard['toDispatch'][number];
export type Unit = ApiBody<'get', '/api/ops/units/{code}'>;
export type Profile = ApiBody<'get', '/api/me'>;

export const ITEM_ID = 90;
export const TODAY = '2026-12-01';

/** The days of the window from `from`, free unless listed in `taken`. */
export function calendar(over: Partial<Calendar> = {}, taken: string[] = []): Calendar {
  const from = over.from ?? TODAY;
  const dates: Calendar['dates'] = [];
  const start = new Date(`${from}T00:00:00Z`);
  for (let i = 0; i < 62; i++) {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const free = !taken.includes(date);
    dates.push({ date, free, canStart: free });
  }
  return {
    itemId: ITEM_ID,
    size: 'M',
    handoff: 'delivery',
    days: 7,
    from,
    to: dates.at(-1)!.date,
    today: TODAY,
    latestStartDate: '2027-03-01',
    firstFreeStart: '2026-12-03',
    dates,
    ...over,
  };
}

/** A quote for pay-per-item with a card on file: $25 a week. */
export function quote(over: Partial<Quote> = {}): Quote {
  return {
    itemId: ITEM_ID,
    size: 'M',
    handoff: 'delivery',
    startDate: '2026-12-03',
    endDate: '2026-12-10',
    days: 7,
    weeks: 1,
    weeklyPriceCents: 2_500,
    priceCents: 2_500,
    chargeCents: 2_500,
    creditCents: 0,
    discount: null,
    discountNote: null,
    includedInPlan: false,
    plan: null,
    available: true,
    nextFreeDate: '2026-12-03',
    card: { brand: 'Visa', lastFour: '4242' },
    signedIn: true,
    refusal: null,
    ...over,
  };
}

export function rental(over: Partial<Rental> = {}): Rental {
  return {
    id: 501,
    itemId: ITEM_ID,
    name: 'Silk Tea Dress',
    brand: 'Rixo',
    imageUrl: '/api/items/90/image.svg',
    size: 'M',
    backupSize: null,
    startDate: '2026-12-03',
    returnDate: '2026-12-10',
    status: 'reserved',
    actions: ['cancel'],
    handoff: 'delivery',
    pickupOption: 'online',
    plan: 'weekly',
    priceCents: 2_500,
    chargeCents: 2_500,
    coveredByPlan: false,
    cancelled: false,
    cancelledAt: null,
    checkedInAt: null,
    dispatchedAt: null,
    receivedAt: null,
    returnedAt: null,
    extensions: 0,
    late: null,
    lateToDispatch: null,
    keepOffer: null,
    kept: null,
    orderNumber: 'R-000501',
    createdAt: '2026-12-01T10:00:00.000Z',
    ...over,
  };
}

export const STUDIOS: Studios = {
  studios: [
    {
      id: 1,
      slug: 'soho',
      name: 'SoHo Studio',
      street: '12 Greene St',
      city: 'New York',
      state: 'NY',
      zipCode: '10013',
      phone: '(212) 555-0101',
      hours: [
        { day: 'monday', opens: '10:00', closes: '19:00' },
        { day: 'sunday', opens: null, closes: null },
      ],
    },
    {
      id: 2,
      slug: 'williamsburg',
      name: 'Williamsburg Studio',
      street: '80 N 6th St',
      city: 'Brooklyn',
      state: 'NY',
      zipCode: '11249',
      phone: '(718) 555-0102',
      hours: [{ day: 'monday', opens: '11:00', closes: '18:00' }],
    },
  ],
};

export const ADDRESS = {
  address: {
    recipientName: 'Willa Member',
    line1: '5 Elm St',
    line2: 'Apt 2',
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11201',
    country: 'US',
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
} satisfies ApiBody<'get', '/api/orders/delivery-address'>;

/** A rental on the desk's boards: a delivery, its unit on the shelf. */
export function deskRental(over: Partial<DeskRental> = {}): DeskRental {
  return {
    rentalId: 301,
    itemId: ITEM_ID,
    itemName: 'Silk Tea Dress',
    brand: 'Rixo',
    size: 'M',
    unitId: 42,
    unitNo: 1,
    unitCode: 'RT-000042',
    unitState: 'available',
    unitReady: true,
    backup: null,
    member: { name: 'Willa Member', email: 'willa@example.com' },
    handoff: 'delivery',
    pickupOption: 'online',
    destination: { address: '5 Elm St, Brooklyn, NY 11201', studio: null },
    startDate: TODAY,
    returnDate: '2026-12-08',
    holdsFrom: '2026-11-29',
    status: 'reserved',
    dispatchedAt: null,
    receivedAt: null,
    returnedAt: null,
    checkedInAt: null,
    daysLate: 0,
    lateFeeCents: 0,
    lateFeeStatus: null,
    lender: null,
    ...over,
  };
}

export function board(over: Partial<DeskBoard> = {}): DeskBoard {
  return {
    date: TODAY,
    lateToDispatch: [],
    toDispatch: [],
    awaitingPickup: [],
    dueBack: [],
    overdue: [],
    returning: [],
    checkedInToday: [],
    returnedToday: [],
    starting: [],
    ...over,
  };
}

/** A unit on its way back from a rental (check it in). */
export function unit(over: Partial<Unit> = {}): Unit {
  return {
    id: 42,
    code: 'RT-000042',
    unitNo: 1,
    itemId: ITEM_ID,
    itemName: 'Silk Tea Dress',
    brand: 'Rixo',
    size: 'M',
    state: 'returned',
    condition: null,
    note: null,
    changedAt: '2026-11-30T10:00:00.000Z',
    heldUntil: null,
    backupOf: null,
    nextRental: null,
    conditionPhotos: [],
    rental: deskRental({
      status: 'returning',
      unitState: 'returned',
      startDate: '2026-11-20',
      returnDate: '2026-11-27',
      dispatchedAt: '2026-11-19T10:00:00.000Z',
      returnedAt: '2026-11-30T09:00:00.000Z',
    }),
    ...over,
  };
}

export function profile(over: Partial<Profile> = {}): Profile {
  return {
    id: 'u-member',
    email: 'willa@example.com',
    emailVerified: true,
    fullName: 'Willa Member',
    gender: 'female',
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}

export type Item = ApiBody<'get', '/api/items/{id}'>;

/** A piece of ours in three sizes, $25 a week. */
export function item(over: Partial<Item> = {}): Item {
  return {
    id: ITEM_ID,
    slug: 'silk-tea-dress',
    name: 'Silk Tea Dress',
    brand: 'Rixo',
    category: 'Dresses',
    gender: 'Women',
    sizes: ['S', 'M', 'L'],
    colour: 'Green',
    tags: [],
    retailPriceCents: 39_500,
    rentalPriceCents: 2_500,
    rating: 4.5,
    reviewCount: 3,
    rentalCount: 12,
    isNew: false,
    description: 'A silk tea dress.',
    materials: null,
    careInstructions: null,
    imageUrl: '/api/items/90/image.svg',
    imageAlt: 'A green silk tea dress',
    images: [
      {
        url: '/api/items/90/image.svg',
        alt: 'A green silk tea dress',
        label: 'Front',
        kind: 'illustration',
        view: 'front',
        width: 600,
        height: 800,
      },
    ],
    fromMember: false,
    lenderRating: null,
    ...over,
  };
}

export type Subscription = ApiBody<'get', '/api/plans/subscription'>;

/** An active Monthly plan (3 pieces a month), paid to Dec 15. */
export function subscription(over: Partial<Subscription> = {}): Subscription {
  return {
    plan: 'monthly',
    planTitle: 'Monthly',
    status: 'active',
    autoAssigned: false,
    billingMonths: 1,
    itemCount: 3,
    priceCents: 9_900,
    priceUnit: 'month',
    startedAt: '2026-10-15T10:00:00.000Z',
    nextBillingDate: '2026-12-15',
    commitmentEndsOn: null,
    currentPeriod: { start: '2026-11-15', end: '2026-12-15' },
    card: null,
    termStart: '2026-11-15',
    paidThrough: '2026-12-15',
    pause: null,
    cancelAt: null,
    giftUntil: null,
    pendingChange: null,
    renewal: null,
    actions: ['pause', 'skip', 'change', 'cancel'],
    ...over,
  };
}
