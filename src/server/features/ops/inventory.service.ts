import type { BookingsCore } from '../bookings';
import { SIZES, parseSizes, rentalPriceForCategory, type Category } from '../../../domain/catalogue';
import { rentalPriceProblems } from '../../../domain/listings';
import {
  CONDITIONS,
  OPS_MESSAGES,
  UNIT_STATES,
  unitCode,
  type Condition,
  type InventoryItemDetail,
  type InventoryItemInput,
  type InventoryItemUpdate,
  type UnitState,
  type UnitsToAdd,
} from '../../../domain/ops';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../../domain/errors';
import type { UploadedFile } from '../../http/multipart';
import type { SessionUser } from '../../http/types';
import { withStoredPhotos } from '../../storage/storage';
import { createAuditRepository } from '../audit';
import type { CatalogueService } from '../catalogue';
import { preparePhotos } from '../listings';
import { createInventoryRepository } from './inventory.repository';
import { createUnitLifeRepository } from './unit-life.repository';

const asState = (v: string | null): UnitState =>
  (UNIT_STATES as readonly string[]).includes(v ?? '') ? (v as UnitState) : 'available';
const asCondition = (v: string | null): Condition | null =>
  (CONDITIONS as readonly string[]).includes(v ?? '') ? (v as Condition) : null;
const bySizeOrder = (a: string, b: string) =>
  (SIZES as readonly string[]).indexOf(a) - (SIZES as readonly string[]).indexOf(b);

/** The columns of an item the inventory edits, with the API's names (for the audit's before/after). */
const FIELD_COLUMNS = {
  name: 'name',
  brand: 'brand',
  category: 'category',
  gender: 'gender',
  colour: 'colour',
  tags: 'tags',
  description: 'description',
  materials: 'materials',
  careInstructions: 'care_instructions',
  retailPriceCents: 'retail_price_cents',
  rentalPriceCents: 'rental_price_cents',
} as const;

/**
 * The inventory (docs/product.md "Staff and the operations desk"): house pieces created and
 * edited, units added (a unit is retired one by one through its life: unit-life.service.ts), and
 * product photos that replace the generated pictures wherever the piece is shown. Members'
 * listings are changed by their owners, not here. Every change is audited in its transaction.
 */
export function createInventoryService(ctx: AppContext, deps: { catalogue: CatalogueService; core: BookingsCore }) {
  const { db } = ctx.database;
  const repo = createInventoryRepository(db);
  const units = createUnitLifeRepository(db);
  const audit = createAuditRepository(db);
  const { catalogue, core } = deps;
  const log = ctx.logger.child({ feature: 'inventory' });
  const nowIso = () => ctx.clock().toISOString();
  const actor = (u: SessionUser) => ({ kind: 'staff' as const, id: u.id, email: u.email });

  async function detail(itemId: number): Promise<InventoryItemDetail> {
    const row = await repo.item(itemId);
    if (!row) throw notFound('Item not found');
    const [pictures, photos, unitRows] = await Promise.all([
      catalogue.pictures.forRows([row]),
      repo.photos(itemId),
      units.unitsOfItem(itemId),
    ]);
    return {
      id: row.id,
      name: row.name,
      brand: row.brand,
      category: row.category,
      gender: row.gender,
      colour: row.colour,
      tags: row.tags ? row.tags.split(',').filter(Boolean) : [],
      description: row.description,
      materials: row.materials,
      careInstructions: row.care_instructions,
      retailPriceCents: row.retail_price_cents,
      rentalPriceCents: row.rental_price_cents,
      status: row.status,
      fromMember: row.owner_id !== null,
      sizes: parseSizes(row.sizes),
      pictures: pictures.get(row.id)?.images ?? [],
      hasPhotos: photos.length > 0,
      units: unitRows.map((u) => ({
        id: u.id,
        code: unitCode(u.id),
        size: u.size,
        unitNo: u.unit_no,
        state: asState(u.state),
        condition: asCondition(u.condition),
      })),
    };
  }

  /** A house piece (404 unknown or removed, 409 for a member's listing), read in `q`. */
  async function houseItem(itemId: number, q = db) {
    const row = await repo.item(itemId, q);
    if (!row) throw notFound('Item not found');
    if (row.owner_id !== null) throw new DomainError('CONFLICT', OPS_MESSAGES.memberListingEdit);
    return row;
  }

  return {
    detail,

    async create(
      staff: SessionUser,
      input: InventoryItemInput,
      requestId: string | null,
    ): Promise<InventoryItemDetail> {
      const at = nowIso();
      const sizes = input.units.map((u) => u.size).sort(bySizeOrder);
      const rentalPriceCents = input.rentalPriceCents ?? rentalPriceForCategory(input.category);
      const [problem] = rentalPriceProblems({
        category: input.category,
        rentalPriceCents,
        retailPriceCents: input.retailPriceCents,
      });
      if (problem)
        throw new DomainError('VALIDATION_FAILED', problem, {
          issues: [{ path: 'rentalPriceCents', message: problem }],
        });
      const itemId = await db.transaction().execute(async (trx) => {
        const id = await repo.insertItem(trx, {
          slug: null,
          name: input.name,
          brand: input.brand,
          category: input.category,
          gender: input.gender,
          sizes: JSON.stringify(sizes),
          colour: input.colour,
          tags: input.tags.join(','),
          retail_price_cents: input.retailPriceCents,
          rental_price_cents: rentalPriceCents,
          rating: 0,
          review_count: 0,
          rental_count: 0,
          is_new: 1,
          description: input.description,
          materials: input.materials ?? null,
          care_instructions: input.careInstructions ?? null,
          owner_id: null,
          status: 'active',
          created_at: at,
          look: null,
        });
        for (const u of input.units) await core.addUnits(trx, id, u.size, u.count);
        await audit.record(trx, {
          actor: actor(staff),
          action: 'item.create',
          subjectType: 'item',
          subjectId: id,
          before: null,
          after: {
            name: input.name,
            brand: input.brand,
            category: input.category,
            rentalPriceCents,
            units: input.units,
          },
          requestId,
          at,
        });
        return id;
      });
      log.info({ itemId, staffId: staff.id, requestId }, 'catalogue item created');
      return detail(itemId);
    },

    async update(
      staff: SessionUser,
      itemId: number,
      patch: InventoryItemUpdate,
      requestId: string | null,
    ): Promise<InventoryItemDetail> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await core.lock(trx, { itemId });
        const row = await houseItem(itemId, trx);
        const [problem] = rentalPriceProblems({
          category: patch.category ?? (row.category as Category),
          retailPriceCents: patch.retailPriceCents ?? row.retail_price_cents,
          rentalPriceCents: patch.rentalPriceCents ?? row.rental_price_cents,
        });
        if (problem)
          throw new DomainError('VALIDATION_FAILED', problem, {
            issues: [{ path: 'rentalPriceCents', message: problem }],
          });
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const set: Record<string, unknown> = {};
        for (const [key, column] of Object.entries(FIELD_COLUMNS)) {
          const value = patch[key as keyof InventoryItemUpdate];
          if (value === undefined) continue;
          const stored = key === 'tags' ? (value as string[]).join(',') : value;
          before[key] = row[column as keyof typeof row];
          after[key] = stored;
          set[column] = stored;
        }
        await repo.updateItem(trx, itemId, set);
        await audit.record(trx, {
          actor: actor(staff),
          action: 'item.update',
          subjectType: 'item',
          subjectId: itemId,
          before,
          after,
          requestId,
          at,
        });
      });
      return detail(itemId);
    },

    /** New units of a size (a new size joins the item's sizes). */
    async addUnits(
      staff: SessionUser,
      itemId: number,
      input: UnitsToAdd,
      requestId: string | null,
    ): Promise<InventoryItemDetail> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await core.lock(trx, { itemId });
        const row = await houseItem(itemId, trx);
        const sizes = parseSizes(row.sizes);
        const ids = await core.addUnits(trx, itemId, input.size, input.count);
        if (!sizes.includes(input.size))
          await repo.updateItem(trx, itemId, { sizes: JSON.stringify([...sizes, input.size].sort(bySizeOrder)) });
        await audit.record(trx, {
          actor: actor(staff),
          action: 'item.add_units',
          subjectType: 'item',
          subjectId: itemId,
          before: { sizes },
          after: { size: input.size, count: input.count, units: ids.map(unitCode) },
          requestId,
          at,
        });
      });
      return detail(itemId);
    },

    /** Checks a product photo upload may go ahead (404 / 409) before its body is read. */
    async checkPhotoTarget(itemId: number): Promise<void> {
      await houseItem(itemId);
    },

    /**
     * Replaces the piece's product photos (1 to 4, checked like a listing's photos: by content,
     * size and count; re-encoded, stored in the file storage); with none, it goes back to its
     * drawings. The old files are deleted after the commit.
     */
    async replacePhotos(
      staff: SessionUser,
      itemId: number,
      files: UploadedFile[],
      requestId: string | null,
    ): Promise<InventoryItemDetail> {
      const images = files.length ? await preparePhotos(files) : [];
      const old = await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
        const at = nowIso();
        return db.transaction().execute(async (trx) => {
          await core.lock(trx, { itemId });
          await houseItem(itemId, trx);
          const before = (await repo.photos(itemId, trx)).length;
          const replaced = await repo.replacePhotos(
            trx,
            itemId,
            images.map((img, position) => ({
              item_id: itemId,
              position,
              file_name: names[position]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: at,
            })),
          );
          await audit.record(trx, {
            actor: actor(staff),
            action: 'item.photos',
            subjectType: 'item',
            subjectId: itemId,
            before: { photos: before },
            after: { photos: images.length },
            requestId,
            at,
          });
          return replaced;
        });
      });
      await Promise.all(
        old.map((n) =>
          ctx.storage
            .delete(n)
            .catch((err: unknown) => log.warn({ err, file: n }, 'could not delete a replaced photo')),
        ),
      );
      return detail(itemId);
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
