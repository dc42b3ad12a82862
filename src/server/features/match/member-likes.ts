import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A member's latest favorites (item ids, newest first) for the catalogue's Recommended sort,
 * "close to what she liked" (decision 0071): one read on her (user_id, liked_at) index.
 */
export function createMemberLikes(db: Kysely<DB>, limit: number) {
  return async (userId: string): Promise<number[]> => {
    const rows = await db
      .selectFrom('user_liked_items')
      .select('item_id')
      .where('user_id', '=', userId)
      .orderBy('liked_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.item_id);
  };
}

export type MemberLikes = ReturnType<typeof createMemberLikes>;
