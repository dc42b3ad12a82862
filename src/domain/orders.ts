import { z } from 'zod';
import { DiscountSchema } from './offers';
import { ReceiptLineSchema } from './payments';
import { PICKUP_OPTIONS } from './plans.rules';

/**
 * Orders (docs/product.md, "Orders"): each booking is an order with a number the member can quote;
 * it carries the rental, its dates and size, how it reaches her (delivered to her address, or
 * picked up at a studio) and what was charged and refunded. The delivery address and the studios
 * are here too.
 */

/** Crockford's base32 without I, L, O, U: no two characters look alike when read aloud or copied. */
export const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 'RT-7K3M-9P2X'. */
export const ORDER_NUMBER_PATTERN = /^RT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const OrderNumberSchema = z
  .string()
  .regex(ORDER_NUMBER_PATTERN, { error: "must be an order number like 'RT-7K3M-9P2X'" });

/**
 * pending_payment: the unit is held while the card is charged (seconds); confirmed; payment_failed:
 * the charge was declined and nothing was booked (not listed to the member); cancelled: before
 * the start, with a full refund.
 */
export const ORDER_STATUSES = ['pending_payment', 'confirmed', 'payment_failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Payment in progress',
  confirmed: 'Confirmed',
  payment_failed: 'Payment declined',
  cancelled: 'Cancelled',
};

// ---------------------------------------------------------------------------------------------
// The delivery address (one per member, kept on the account).

/** Where we deliver: the United States (state codes, with DC). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const DELIVERY_MESSAGES = {
  required: 'Required',
  state: 'Choose a US state (two letters, e.g. NY)',
  zipCode: 'ZIP code must be 5 digits, or 5 and 4 (11201-1234)',
  chooseDelivery: 'Choose either online delivery or in-store pickup',
  chooseStudio: 'Choose the studio to pick up from',
  noSuchStudio: 'There is no such studio',
  addressNeeded: 'Add a delivery address to have pieces delivered.',
} as const;

// C0 and C1 control characters (NUL, newlines, escapes...) have no place on a delivery label.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

const text = (max: number, label: string) =>
  z
    .string({ error: DELIVERY_MESSAGES.required })
    .trim()
    .min(1, DELIVERY_MESSAGES.required)
    .max(max, `${label} is at most ${max} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), `${label} cannot contain control characters`);

/** PUT /api/orders/delivery-address. */
export const DeliveryAddressInputSchema = z.object({
  recipientName: text(120, 'Name'),
  line1: text(200, 'Address'),
  line2: z
    .string()
    .trim()
    .max(200, 'Apartment, suite or floor is at most 200 characters')
    .refine((v) => !CONTROL_CHARS.test(v), 'Apartment, suite or floor cannot contain control characters')
    .optional()
    .transform((v) => (v ? v : null)),
  city: text(100, 'City'),
  state: z
    .string({ error: DELIVERY_MESSAGES.required })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(US_STATES, { error: DELIVERY_MESSAGES.state })),
  zipCode: z
    .string({ error: DELIVERY_MESSAGES.required })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, DELIVERY_MESSAGES.zipCode),
  /** We deliver in the United States only. */
  country: z.literal('US', { error: 'We deliver within the United States only' }).default('US'),
});
export type DeliveryAddressInput = z.input<typeof DeliveryAddressInputSchema>;
export type DeliveryAddressForm = z.output<typeof DeliveryAddressInputSchema>;

export const DeliveryAddressSchema = z.object({
  recipientName: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const DeliveryAddressStateSchema = z.object({
  address: DeliveryAddressSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type DeliveryAddressState = z.infer<typeof DeliveryAddressStateSchema>;

/** One line per address part, as a label or receipt prints it. */
export function addressLines(a: DeliveryAddress): string[] {
  return [a.recipientName, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.zipCode}`];
}

// ---------------------------------------------------------------------------------------------
// Studios (in-store pickup).

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day's opening hours ('HH:MM', local time), or null times when closed that day. */
export const OpeningHoursSchema = z.object({
  day: z.enum(WEEKDAYS),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const StudioSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  /** Monday to Sunday. */
  hours: z.array(OpeningHoursSchema),
});
export type Studio = z.infer<typeof StudioSchema>;

export const StudioListSchema = z.object({ studios: z.array(StudioSchema) });

export function studioAddress(s: Pick<Studio, 'street' | 'city' | 'state' | 'zipCode'>): string {
  return `${s.street}, ${s.city}, ${s.state} ${s.zipCode}`;
}

// ---------------------------------------------------------------------------------------------
// Orders and receipts.

export const DeliveryMethodSchema = z.enum(PICKUP_OPTIONS, { error: DELIVERY_MESSAGES.chooseDelivery });

export const OrderDeliverySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('online'), address: DeliveryAddressSchema }),
  z.object({
    method: z.literal('in-store'),
    studio: z.object({ id: z.number().int().nullable(), name: z.string(), address: z.string() }),
  }),
]);
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>;

export const OrderItemSchema = z.object({
  rentalId: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  size: z.string(),
  /** The backup size held with it at no charge (decision 0034): it ships and comes back with it; null: none. */
  backupSize: z.string().nullable(),
  startDate: z.string(),
  /** The return date, extensions included. */
  returnDate: z.string(),
  /** The item's price for the period held (extensions included). */
  priceCents: z.number().int(),
  extensions: z.number().int(),
  cancelledAt: z.string().nullable(),
  /** Keep it (decision 0059): she bought the piece, when and for how much; null otherwise. */
  kept: z.object({ at: z.string(), priceCents: z.number().int() }).nullable(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** A piece bought in the pre-loved sale (decision 0066): hers to keep, sent to her. */
export const OrderBoughtSchema = z.object({
  pieceId: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  size: z.string(),
  priceCents: z.number().int(),
  conditionNote: z.string(),
});
export type OrderBought = z.infer<typeof OrderBoughtSchema>;

export const OrderSummarySchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
  items: z.array(OrderItemSchema),
  /** Pieces bought in the pre-loved sale on this order (none on a rental's order). */
  bought: z.array(OrderBoughtSchema),
  delivery: OrderDeliverySchema,
  plan: z.string(),
  /** True when the plan's allowance paid for it ("included in your plan"). */
  coveredByPlan: z.boolean(),
  /** The welcome offer or promo code taken off the price at booking (decision 0056); null: none. */
  discount: DiscountSchema.nullable(),
  /** What her store credit paid, before the card (decision 0063); 0: none. */
  creditCents: z.number().int(),
  /** What went through (succeeded charges), and what was given back (succeeded refunds). */
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** A refund on its way (asked of the provider, not yet answered). */
  refundPendingCents: z.number().int(),
  card: z.object({ brand: z.string(), lastFour: z.string() }).nullable(),
  /**
   * Every charge and refund of the order and of its rentals, oldest first, each with what it was
   * for: the booking, extensions, a cancellation's refund, a late fee and its refund when waived,
   * a damage claim charged to her. Read from the payments ledger, hers only.
   */
  lines: z.array(ReceiptLineSchema),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** One order's receipt: the summary (with every charge and refund, in order) and who it was billed to. */
export const OrderReceiptSchema = OrderSummarySchema.extend({
  /** Who it was billed to (the member's name at the time of reading). */
  billedTo: z.string(),
});
export type OrderReceipt = z.infer<typeof OrderReceiptSchema>;

export const OrderListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'must be a cursor from a previous page' })
    .transform(Number)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const OrderListSchema = z.object({
  orders: z.array(OrderSummarySchema),
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type OrderList = z.infer<typeof OrderListSchema>;
