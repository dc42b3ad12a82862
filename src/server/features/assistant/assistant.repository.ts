import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  CATEGORY_NAME_TERMS,
  COLOUR_MATCH_TERMS,
  occasionIsPreference,
  type AssistantFilters,
  type Occasion,
} from '../../../domain/assistant';
import type { DB } from '../../db/schema';

type Eb = ExpressionBuilder<DB, 'items'>;

/** True when the comma-separated tags column holds this exact tag (spaces ignored). */
function hasTag(eb: Eb, tag: string): Expression<SqlBool> {
  return eb(sql<string>`',' || replace(lower(${eb.ref('tags')}), ' ', '') || ','`, 'like', `%,${tag},%`);
}

function containsLower(eb: Eb, column: 'colour' | 'name', term: string): Expression<SqlBool> {
  return eb(sql<string>`lower(${eb.ref(column)})`, 'like', `%${term.toLowerCase()}%`);
}

/** True when the item suits the occasion: its work/hiking category or its tag. */
function suitsOccasion(eb: Eb, occasion: Occasion): Expression<SqlBool> {
  switch (occasion) {
    case 'work':
      return eb.or([eb('category', '=', 'Work Outfit'), hasTag(eb, 'work')]);
    case 'hiking':
      return eb.or([eb('category', '=', 'Mountain Outfit'), hasTag(eb, 'hiking')]);
    case 'party':
    case 'summer':
      return hasTag(eb, occasion);
  }
}

/**
 * The assistant's own reads of the catalogue: active items (seeded pieces and members'
 * listings alike). Works the same on SQLite and PostgreSQL (lower() + LIKE, `||`, replace()).
 */
export function createAssistantRepository(db: Kysely<DB>) {
  return {
    /** The brand names of active items, for the message parser. */
    async listBrands(): Promise<string[]> {
      const rows = await db.selectFrom('items').select('brand').distinct().where('status', '=', 'active').execute();
      return rows.map((r) => r.brand);
    },

    /**
     * Up to `limit` active items matching every given filter, best rated first. When the
     * occasion is only a preference (occasionIsPreference), it orders the items instead of
     * filtering them: those that suit it first. `for_occasion` says whether each one does.
     */
    findMatching(filters: AssistantFilters, limit: number) {
      const preferOccasion = occasionIsPreference(filters);
      return db
        .selectFrom('items')
        .select(['id', 'name', 'brand', 'category', 'gender', 'colour', 'rental_price_cents'])
        .select((eb) => {
          const suits: Expression<number> = filters.occasion
            ? eb.case().when(suitsOccasion(eb, filters.occasion)).then(1).else(0).end()
            : sql<number>`1`;
          return sql<number>`${suits}`.as('for_occasion');
        })
        .where('status', '=', 'active')
        .where((eb) => {
          const all: Expression<SqlBool>[] = [];
          if (filters.category) {
            // The category, or a piece of it named inside another (a work outfit's blazer).
            const terms = CATEGORY_NAME_TERMS[filters.category] ?? [];
            all.push(eb.or([eb('category', '=', filters.category), ...terms.map((t) => containsLower(eb, 'name', t))]));
          }
          if (filters.gender) all.push(eb('gender', '=', filters.gender));
          if (filters.brand) all.push(eb(sql<string>`lower(${eb.ref('brand')})`, '=', filters.brand.toLowerCase()));
          if (filters.maxPriceCents !== undefined) all.push(eb('rental_price_cents', '<=', filters.maxPriceCents));
          if (filters.colour) {
            const terms = COLOUR_MATCH_TERMS[filters.colour];
            all.push(eb.or(terms.flatMap((t) => [containsLower(eb, 'colour', t), containsLower(eb, 'name', t)])));
          }
          if (filters.occasion && !preferOccasion) all.push(suitsOccasion(eb, filters.occasion));
          return eb.and(all);
        })
        .orderBy('for_occasion', 'desc')
        .orderBy('rating', 'desc')
        .orderBy('review_count', 'desc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },
  };
}
