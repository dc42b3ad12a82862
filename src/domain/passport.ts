import { z } from 'zod';
import { CONDITIONS, UNIT_STATES } from './unit-life';

/**
 * The garment's passport (docs/product.md "The garment's passport", decision 0059): the history of
 * the pieces of an item, read from what the rentals and the desk already record. The item page
 * shows a renter each rentable unit's summary (no member's name, no staff note); the desk shows a
 * unit's full history.
 */

const ConditionSchema = z.enum(CONDITIONS);

export const PassportUnitSchema = z.object({
  size: z.string(),
  /** Which of the size's units (1, 2...). */
  unitNo: z.number().int(),
  /** Rentals that went out on this unit (cancelled bookings left out). */
  timesRented: z.number().int(),
  /** The last check-in: its grade and day; null before the first. */
  lastCheckIn: z.object({ condition: ConditionSchema, date: z.string() }).nullable(),
  /** The day its last cleaning was done at the desk; null when none is recorded. */
  lastCleanedOn: z.string().nullable(),
  /** Repairs recorded at the desk (sent to repair, or checked in into repair). */
  repairs: z.number().int(),
});
export type PassportUnit = z.infer<typeof PassportUnitSchema>;

export const ItemPassportSchema = z.object({ itemId: z.number().int(), units: z.array(PassportUnitSchema) });
export type ItemPassport = z.infer<typeof ItemPassportSchema>;

export const UNIT_EVENT_KINDS = [
  'rented',
  'checked_in',
  'cleaning_done',
  'sent_to_repair',
  'repair_done',
  'retired',
  'kept',
] as const;
export type UnitEventKind = (typeof UNIT_EVENT_KINDS)[number];

export const UNIT_EVENT_LABELS: Record<UnitEventKind, string> = {
  rented: 'Rented',
  checked_in: 'Checked in',
  cleaning_done: 'Cleaning done',
  sent_to_repair: 'Sent to repair',
  repair_done: 'Repair done',
  retired: 'Retired',
  kept: 'Kept by its renter',
};

export const UnitEventSchema = z.object({
  kind: z.enum(UNIT_EVENT_KINDS),
  at: z.string(),
  /** A rental's member, dates and order; a check-in's grade and note; the staff member who did it. */
  rentalId: z.number().int().nullable(),
  member: z.string().nullable(),
  detail: z.string().nullable(),
  condition: ConditionSchema.nullable(),
  by: z.string().nullable(),
});
export type UnitEvent = z.infer<typeof UnitEventSchema>;

export const UnitHistorySchema = z.object({
  unitCode: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  size: z.string(),
  unitNo: z.number().int(),
  state: z.enum(UNIT_STATES),
  summary: PassportUnitSchema,
  /** Newest first. */
  events: z.array(UnitEventSchema),
});
export type UnitHistory = z.infer<typeof UnitHistorySchema>;
