import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { COLOUR_MATCH_TERMS, type AssistantFilters } from '../../../domain/assistant';
import type { DB } from '../../db/schema';

type Eb = ExpressionBuilder<DB, 'items'>;

/** True when the comma-separated tags column holds this exact tag (spaces ignored). */
function hasTag(eb: Eb, tag: string): Expression<SqlBool> {
  return eb(sql<string>`',' || replace(lower(${eb.ref('tags')}), ' ', '') || ','`, 'like', `%,${tag},%`);
}

function containsLower(eb: Eb, column: 'colour' | 'name', term: string): Expression<SqlBool> {
  return eb(sql<string>`lower(${eb.ref(column)})`, 'like', `%${term.toLowerCase()}%`);
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

    /** Up to `limit` active items matching every given filter, best rated first. */
    findMatching(filters: AssistantFilters, limit: number) {
      return db
        .selectFrom('items')
        .select(['id', 'name', 'brand', 'category', 'gender', 'colour', 'rental_price_cents'])
        .where('status', '=', 'active')
        .where((eb) => {
          const all: Expression<SqlBool>[] = [];
          if (filters.category) all.push(eb('category', '=', filters.category));
          if (filters.gender) all.push(eb('gender', '=', filters.gender));
          if (filters.brand) all.push(eb(sql<string>`lower(${eb.ref('brand')})`, '=', filters.brand.toLowerCase()));
          if (filters.maxPriceCents !== undefined) all.push(eb('rental_price_cents', '<=', filters.maxPriceCents));
          if (filters.colour) {
            const terms = COLOUR_MATCH_TERMS[filters.colour];
            all.push(eb.or(terms.flatMap((t) => [containsLower(eb, 'colour', t), containsLower(eb, 'name', t)])));
          }
          switch (filters.occasion) {
            case 'work':
              all.push(eb.or([eb('category', '=', 'Work Outfit'), hasTag(eb, 'work')]));
              break;
            case 'hiking':
              all.push(eb.or([eb('category', '=', 'Mountain Outfit'), hasTag(eb, 'hiking')]));
              break;
            case 'party':
            case 'summer':
              all.push(hasTag(eb, filters.occasion));
              break;
            default:
              break;
          }
          return eb.and(all);
        })
        .orderBy('rating', 'desc')
        .orderBy('review_count', 'desc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },
  };
}
