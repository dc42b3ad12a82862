import { addDays } from '../../../domain/catalogue';
import { DomainError } from '../../../domain/errors';
import { MANAGED_MESSAGES } from '../../../domain/managed-lending';
import { defaultRentalRange, startDateProblem } from '../../../domain/rentals';
import type { CatalogueService } from '../catalogue';

/* The checks of a booking's input that a booking, its quote and a lending request share (decision 0053). */

const invalidStart = (message: string) =>
  new DomainError('VALIDATION_FAILED', `Invalid body: startDate ${message}`, {
    issues: [{ path: 'startDate', message }],
  });
/** The range asked for (7 days from today by default), checked against today and the booking horizon. */
export function rangeOf(input: { startDate?: string | undefined; endDate?: string | undefined }, day: string) {
  const { startDate, endDate } =
    input.startDate && input.endDate ? { startDate: input.startDate, endDate: input.endDate } : defaultRentalRange(day);
  const problem = startDateProblem(startDate, day);
  if (problem) throw invalidStart(problem);
  return { startDate, endDate };
}

/** A lending request's range: from today unless a start is given, a week unless an end is. */
export function requestRangeOf(input: { startDate?: string | undefined; endDate?: string | undefined }, day: string) {
  const startDate = input.startDate ?? day;
  const endDate = input.endDate ?? addDays(startDate, 7);
  const problem = startDateProblem(startDate, day);
  if (problem) throw invalidStart(problem);
  return { startDate, endDate };
}

function offered(sizes: readonly string[], size: string, field: string) {
  if (!sizes.includes(size)) {
    throw new DomainError('VALIDATION_FAILED', `Invalid body: ${field} ${size} is not offered for this item`, {
      issues: [{ path: field, message: `must be one of ${sizes.join(', ')}` }],
    });
  }
}

/** The active item, once its size is checked (404 'Item not found', or the size refused). */
export async function sizeChecked(catalogue: CatalogueService, itemId: number, size: string, field = 'size') {
  const item = await catalogue.getItem(itemId);
  offered(item.sizes, size, field);
  return item;
}

/** sizeChecked's refusals, reading only the item's sizes (not its pictures and lender). */
export async function sizeOffered(catalogue: CatalogueService, itemId: number, size: string, field = 'size') {
  offered(await catalogue.offeredSizes(itemId), size, field);
}

/** A managed piece its owner asked back (decision 0062): no new booking, and she is told why. */
export const recalled = () =>
  new DomainError('CONFLICT', MANAGED_MESSAGES.recalled, { details: { reason: 'recalled' } });

/** sizeChecked, but a piece out of the catalogue because it was recalled is refused with the recall's words. */
export async function sizeOrRecalled(
  catalogue: CatalogueService,
  input: { itemId: number; size: string },
  statusOf: () => Promise<string | undefined>,
): Promise<void> {
  try {
    await sizeOffered(catalogue, input.itemId, input.size);
  } catch (err) {
    if ((await statusOf()) === 'recalled') throw recalled();
    throw err;
  }
}
