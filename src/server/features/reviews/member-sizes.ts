import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** How many of her latest rentals tell her sizes. */
const RECENT_RENTALS = 20;

/**
 * A member's sizes for the catalogue's Recommended sort (decision 0065): her usual size from her
 * fit details, and the sizes of her latest rentals, without repeats. Two indexed reads.
 */
export function createMemberSizes(db: Kysely<DB>) {
  return async (userId: string): Promise<string[]> => {
    const [fit, rented] = await Promise.all([
      db.selectFrom('fit_details').select('usual_size').where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('rentals')
        .select('size')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(RECENT_RENTALS)
        .execute(),
    ]);
    const sizes = [...(fit?.usual_size ? [fit.usual_size] : []), ...rented.map((r) => r.size)];
    return [...new Set(sizes)];
  };
}

export type MemberSizes = ReturnType<typeof createMemberSizes>;
