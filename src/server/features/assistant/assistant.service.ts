import {
  MAX_ASSISTANT_ITEMS,
  cannedReplyFor,
  hasFilters,
  matchReply,
  parseAssistantMessage,
  type AssistantReply,
} from '../../../domain/assistant';
import type { AppContext } from '../../context';
import type { ItemPicturesService } from '../catalogue';
import { createAssistantRepository } from './assistant.repository';

export function createAssistantService(ctx: AppContext, deps: { pictures: ItemPicturesService }) {
  const repo = createAssistantRepository(ctx.database.db);
  const { pictures } = deps;
  return {
    /**
     * Answers a message: the filters read from it and up to 3 matching catalogue items, or one
     * of the canned replies when nothing in it was recognised.
     */
    async answer(message: string): Promise<AssistantReply> {
      const brands = await repo.listBrands();
      const filters = parseAssistantMessage(message, brands);
      if (!hasFilters(filters)) {
        return { kind: 'canned', reply: cannedReplyFor(message), filters, items: [] };
      }
      const rows = await repo.findMatching(filters, MAX_ASSISTANT_ITEMS);
      // The item's first picture from the one owner: a member's photo when it has one.
      const pics = await pictures.forIds(rows.map((r) => Number(r.id)));
      return {
        kind: rows.length ? 'matches' : 'no-matches',
        reply: matchReply(
          filters,
          rows.length,
          filters.occasion ? rows.filter((r) => Number(r.for_occasion) === 1).length : undefined,
        ),
        filters,
        items: rows.map((r) => ({
          id: Number(r.id),
          name: r.name,
          brand: r.brand,
          category: r.category,
          gender: r.gender,
          colour: r.colour,
          rentalPriceCents: Number(r.rental_price_cents),
          imageUrl: pics.get(Number(r.id))?.imageUrl ?? '',
        })),
      };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
