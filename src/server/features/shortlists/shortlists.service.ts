import {
  MAX_SHORTLIST_ITEMS,
  MAX_SHORTLISTS,
  SHORTLIST_MESSAGES,
  shortlistNameKey,
  type CreateShortlistInput,
  type Shortlist,
} from '../../../domain/shortlists';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../../domain/errors';
import type { CatalogueService } from '../catalogue';
import { createShortlistsRepository } from './shortlists.repository';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const nameTaken = () =>
  new DomainError('CONFLICT', SHORTLIST_MESSAGES.nameTaken, {
    issues: [{ path: 'name', message: SHORTLIST_MESSAGES.nameTaken }],
  });

/**
 * Shortlists (docs/product.md "Favorites and shortlists", decision 0034): named lists of pieces,
 * separate from favorites. A name once per member whatever its case (a unique index), at most
 * MAX_SHORTLISTS lists and MAX_SHORTLIST_ITEMS pieces each (counted under a lock, so requests at
 * the same moment cannot pass the limit).
 */
export function createShortlistsService(ctx: AppContext, deps: { catalogue: CatalogueService }) {
  const { db } = ctx.database;
  const repo = createShortlistsRepository(db);
  const nowIso = () => ctx.clock().toISOString();

  async function all(userId: string, only?: number): Promise<Shortlist[]> {
    const lists = (await repo.listForUser(userId)).filter((l) => only === undefined || l.id === only);
    const links = await repo.itemsOf(lists.map((l) => l.id));
    const items = new Map(
      (await deps.catalogue.getItems([...new Set(links.map((l) => l.item_id))])).map((i) => [i.id, i]),
    );
    return lists.map((l) => ({
      id: l.id,
      name: l.name,
      items: links
        .filter((k) => k.shortlist_id === l.id)
        .flatMap((k) => (items.has(k.item_id) ? [items.get(k.item_id)!] : [])),
      createdAt: l.created_at,
      updatedAt: l.updated_at,
    }));
  }

  async function one(userId: string, id: number): Promise<Shortlist> {
    const [list] = await all(userId, id);
    if (!list) throw notFound('Shortlist not found');
    return list;
  }

  async function activeItem(itemId: number): Promise<void> {
    if (!(await repo.itemIsActive(itemId))) throw notFound('Item not found');
  }

  async function add(userId: string, id: number, itemId: number): Promise<void> {
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.touch(trx, id, userId, at))) throw notFound('Shortlist not found');
      if (await repo.hasItem(trx, id, itemId)) return;
      if ((await repo.itemCount(trx, id)) >= MAX_SHORTLIST_ITEMS)
        throw new DomainError('CONFLICT', SHORTLIST_MESSAGES.full, { details: { limit: MAX_SHORTLIST_ITEMS } });
      await repo.addItem(trx, id, itemId, at);
    });
  }

  return {
    list: (userId: string) => all(userId),

    async create(userId: string, input: CreateShortlistInput): Promise<Shortlist> {
      if (input.itemId !== undefined) await activeItem(input.itemId);
      const at = nowIso();
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          await repo.lockMember(trx, userId);
          if ((await repo.count(trx, userId)) >= MAX_SHORTLISTS)
            throw new DomainError('CONFLICT', SHORTLIST_MESSAGES.tooMany, { details: { limit: MAX_SHORTLISTS } });
          const newId = await repo.insert(trx, {
            user_id: userId,
            name: input.name,
            name_key: shortlistNameKey(input.name),
            created_at: at,
            updated_at: at,
          });
          if (input.itemId !== undefined) await repo.addItem(trx, newId, input.itemId, at);
          return newId;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
      return one(userId, id);
    },

    async rename(userId: string, id: number, name: string): Promise<Shortlist> {
      try {
        if (!(await repo.rename(id, userId, name, shortlistNameKey(name), nowIso())))
          throw notFound('Shortlist not found');
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
      return one(userId, id);
    },

    async remove(userId: string, id: number): Promise<{ id: number }> {
      if (!(await repo.remove(id, userId))) throw notFound('Shortlist not found');
      return { id };
    },

    async addItem(userId: string, id: number, itemId: number): Promise<Shortlist> {
      await activeItem(itemId);
      await add(userId, id, itemId);
      return one(userId, id);
    },

    async removeItem(userId: string, id: number, itemId: number): Promise<Shortlist> {
      await one(userId, id);
      await repo.removeItem(id, itemId);
      return one(userId, id);
    },
  };
}

export type ShortlistsService = ReturnType<typeof createShortlistsService>;
