import { z } from 'zod';

/**
 * Row ids: whole numbers from 1 to the largest 32-bit integer (the id columns' range on
 * PostgreSQL). In a URL an id is written one way only, in canonical decimal ("16", never "016",
 * "0x10", "1.6e1", "+16" or " 16"), so one resource has one address and nothing beyond the
 * column's range ever reaches the database.
 */
export const MAX_ID = 2_147_483_647;

export const ID_MESSAGE = `must be a whole number from 1 to ${MAX_ID}, written in decimal digits`;

/** True for the canonical decimal spelling of an id. */
export function isCanonicalId(text: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= MAX_ID;
}

/** An id in a JSON body (a number). */
export const IdNumberSchema = z
  .number({ error: 'must be a number' })
  .int({ error: ID_MESSAGE })
  .min(1, { error: ID_MESSAGE })
  .max(MAX_ID, { error: ID_MESSAGE });
