import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import { lenderShareCents } from '../../../domain/listings';
import { formatUsd } from '../../../domain/payments';
import {
  PRELOVED_MESSAGES,
  type LenderSale,
  type PreLovedList,
  type Purchase,
  type RetireToSale,
  type UnitSaleState,
} from '../../../domain/preloved';
import { unitCode } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import { createAuditRepository, staffActor } from '../audit';
import { KEPT_NOTE, type BookingsCore } from '../bookings';
import type { ItemPicturesService } from '../catalogue';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import type { ParcelsService } from '../parcels';
import type { PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { cardRequired, declined, takeChargeAttempt } from '../rentals';
import { createPreLovedRepository, type PieceRow } from './preloved.repository';
import { createSendoffs } from './sendoffs';

/** What the purchase's settler needs (the ledger entry's context). */
interface SaleContext {
  pieceId: number;
  unitId: number;
}

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/**
 * The pre-loved sale (docs/product.md "The pre-loved sale", decision 0066). Staff retire a unit to
 * the sale, or a lender offers her own piece: the unit leaves the rentable stock through the
 * bookings core (`saleMoves.offer`). A purchase reserves the piece by a conditional update in the
 * transaction that records its order and its ledger charge (of twenty buyers at once, one gets it;
 * the others are told it has sold and nothing is charged); the card is charged after the commit;
 * the settler marks it sold (the unit through the core), confirms the order, queues the desk's
 * dispatch (`sendoffs`) and tells a lender her share; declined, it is back in the sale.
 */
export function createPreLovedService(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    payments: PaymentsService;
    plans: PlansService;
    orders: OrdersService;
    notifications: NotificationsService;
    pictures: ItemPicturesService;
    parcels: ParcelsService;
  },
) {
  const { db } = ctx.database;
  const repo = createPreLovedRepository(db);
  const audit = createAuditRepository(db);
  const { core, payments, plans, orders, notifications, pictures, parcels } = deps;
  const log = ctx.logger.child({ feature: 'preloved' });
  const nowIso = () => ctx.clock().toISOString();
  const sendoffs = createSendoffs(ctx, { core, repo, audit, orders, parcels });

  payments.onSettle('preloved', async (trx, entry, outcome) => {
    if (entry.kind !== 'charge') return;
    const c = entry.context as unknown as SaleContext;
    await core.lock(trx, { unitIds: [c.unitId] });
    const piece = await repo.find(c.pieceId, trx);
    if (!piece || entry.orderId === null) return;
    if (outcome.status !== 'succeeded') {
      await repo.unreserve(trx, c.pieceId, entry.id);
      await orders.fail(trx, entry.orderId);
      return;
    }
    const at = nowIso();
    const share = piece.lender_id ? lenderShareCents(piece.price_cents) : null;
    if (!(await repo.markSold(trx, c.pieceId, entry.id, at, share))) {
      log.error({ entryId: entry.id, pieceId: c.pieceId }, 'pre-loved charge settled for a piece no longer reserved');
      return;
    }
    const order = await orders.find(entry.orderId, trx);
    if (!(await core.saleMoves.sell(trx, c.unitId, at, `Sold in the pre-loved sale (${order?.number ?? ''})`)))
      log.error({ unitId: c.unitId }, 'pre-loved piece sold while its unit is not retired');
    await orders.confirm(trx, entry.orderId);
    await repo.insertSendoff(trx, {
      unitId: c.unitId,
      userId: entry.userId,
      reason: 'preloved',
      refId: c.pieceId,
      orderId: entry.orderId,
      at,
    });
    if (piece.lender_id && share !== null)
      await notifications.notify(trx, {
        kind: 'piece_sold',
        userId: piece.lender_id,
        subjectType: 'preloved',
        subjectId: String(piece.id),
        data: { itemName: piece.name, price: formatUsd(piece.price_cents), share: formatUsd(share), how: 'preloved' },
      });
  });

  async function shape(rows: PieceRow[]): Promise<PreLovedList['pieces']> {
    const pics = await pictures.forIds(rows.map((r) => r.item_id));
    return rows.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      name: r.name,
      brand: r.brand,
      size: r.size,
      priceCents: r.price_cents,
      retailCents: r.retail_price_cents,
      conditionNote: r.condition_note,
      condition: r.condition,
      photos: (pics.get(r.item_id)?.images ?? []).slice(0, 4).map((i) => i.url),
      fromMember: r.lender_id !== null,
      listedAt: r.listed_at,
    }));
  }

  /** Offers the unit for sale in one transaction under the core's locks (item, then unit). */
  async function offer(
    unitId: number,
    v: { priceCents: number; conditionNote: string; by: string; note: string },
    check: (unit: NonNullable<Awaited<ReturnType<BookingsCore['unit']>>>) => void,
    after: (trx: Kysely<DB>, id: number, moved: number[]) => Promise<void>,
  ): Promise<number> {
    const at = nowIso();
    return db.transaction().execute(async (trx) => {
      const found = await core.unit(unitId, trx);
      if (!found) throw notFound('Unit not found');
      await core.lock(trx, { itemId: found.item_id, unitIds: [unitId] });
      const unit = await core.unit(unitId, trx);
      if (!unit) throw notFound('Unit not found');
      check(unit);
      if (await repo.liveForUnit(unitId, trx)) throw conflict(PRELOVED_MESSAGES.alreadyListed);
      const { moved } = await core.saleMoves.offer(trx, unit, { day: ctx.today(), at, note: v.note });
      const id = await repo.insert(trx, {
        unitId,
        itemId: unit.item_id,
        priceCents: v.priceCents,
        note: v.conditionNote,
        by: v.by,
        at,
        lenderId: unit.owner_id,
      });
      await after(trx, id, moved);
      return id;
    });
  }

  return {
    sendoffs,

    async list(): Promise<PreLovedList> {
      return { pieces: await shape(await repo.listed()) };
    },

    /** Staff retire a unit to the sale (from the unit panel): audited in the same transaction. */
    async retireToSale(staff: SessionUser, unitId: number, input: RetireToSale, requestId: string | null) {
      const id = await offer(
        unitId,
        { ...input, by: staff.id, note: 'For sale (pre-loved)' },
        () => {},
        async (trx, pieceId, moved) => {
          await audit.record(trx, {
            actor: staffActor(staff),
            action: 'unit.retire_to_sale',
            subjectType: 'unit',
            subjectId: unitCode(unitId),
            before: null,
            after: {
              unitState: 'retired',
              pieceId,
              priceCents: input.priceCents,
              conditionNote: input.conditionNote,
              movedReservations: moved,
            },
            requestId,
            at: nowIso(),
          });
        },
      );
      log.info({ unitId, pieceId: id, staffId: staff.id }, 'unit retired to the pre-loved sale');
      return this.unitSale(unitId);
    },

    /** A lender offers her own piece (a unit of her listing in that size, on her shelf). */
    async lenderSell(userId: string, input: LenderSale) {
      const unitId = await repo.lenderUnit(userId, input.itemId, input.size);
      if (unitId === null) throw notFound(PRELOVED_MESSAGES.notYourPiece);
      const id = await offer(
        unitId,
        { ...input, by: userId, note: 'For sale by its lender (pre-loved)' },
        (unit) => {
          if (unit.owner_id !== userId) throw notFound(PRELOVED_MESSAGES.notYourPiece);
        },
        async () => {},
      );
      log.info({ unitId, pieceId: id, userId }, 'lender offered her piece in the pre-loved sale');
      const [piece] = await shape([(await repo.find(id))!]);
      return piece!;
    },

    /** The unit panel's sale and kept-piece state (staff). */
    async unitSale(unitId: number): Promise<UnitSaleState> {
      const unit = await core.unit(unitId);
      if (!unit) throw notFound('Unit not found');
      const piece = await repo.liveForUnit(unitId);
      const kept = await sendoffs.keptBack(unit);
      const state = unit.state ?? 'available';
      return {
        unitCode: unitCode(unitId),
        piece: piece
          ? {
              id: piece.id,
              status: piece.status as 'listed',
              priceCents: piece.price_cents,
              conditionNote: piece.condition_note,
            }
          : null,
        canList: !piece && unit.note !== KEPT_NOTE && ['available', 'cleaning', 'repair', 'retired'].includes(state),
        kept,
      };
    },

    /** Buys a piece in the sale with her card on file; her order's number (the receipt). */
    async buy(userId: string, pieceId: number): Promise<Purchase> {
      const before = await repo.find(pieceId);
      if (!before || before.status === 'withdrawn') throw notFound(PRELOVED_MESSAGES.notFound);
      if (before.status !== 'listed') throw conflict(PRELOVED_MESSAGES.sold);
      if (before.lender_id === userId) throw conflict(PRELOVED_MESSAGES.ownPiece);
      const card = await plans.cardForCharge(userId);
      if (!card) throw cardRequired(null);
      const delivery = await orders.resolveDelivery(userId, { delivery: 'online' }, { option: null, studioId: null });
      await takeChargeAttempt(ctx, userId);
      const pending = await db.transaction().execute(async (trx) => {
        const order = await orders.create(trx, {
          userId,
          status: 'pending_payment',
          plan: 'pre-loved',
          coveredByPlan: false,
          totalCents: before.price_cents,
          delivery,
          card: { brand: card.brand, lastFour: card.lastFour },
        });
        // The database decides: of buyers at once, one moves the row from listed; the rest roll back.
        if (!(await repo.reserve(trx, pieceId, userId, order.id))) throw conflict(PRELOVED_MESSAGES.sold);
        const context: SaleContext = { pieceId, unitId: before.unit_id };
        const entry = await payments.record(trx, {
          userId,
          purpose: 'preloved',
          kind: 'charge',
          amountCents: before.price_cents,
          description: `Pre-loved: ${before.name} by ${before.brand} (size ${before.size})`,
          idempotencyKey: `preloved:${pieceId}:order:${order.id}`,
          orderId: order.id,
          card,
          context: { ...context },
        });
        await repo.setEntry(trx, pieceId, entry.id);
        return { entry, number: order.number };
      });
      const outcome = await payments.run(pending.entry.id);
      if (outcome.status === 'declined') throw declined(outcome, null);
      if (outcome.status === 'failed')
        throw new Error(`the pre-loved charge was refused as a request: ${outcome.code}`);
      log.info({ pieceId, userId }, 'pre-loved piece bought');
      return { orderNumber: pending.number, pieceId, priceCents: before.price_cents };
    },

    /** Her pre-loved pieces on these orders (the orders feature's lists and receipts). */
    async boughtOn(orderIds: number[]) {
      const rows = await repo.boughtOn(orderIds);
      const shaped = await shape(rows);
      return rows.map((r, i) => ({
        orderId: r.order_id!,
        item: {
          pieceId: r.id,
          itemId: r.item_id,
          name: r.name,
          brand: r.brand,
          imageUrl: shaped[i]?.photos[0] ?? '',
          size: r.size,
          priceCents: r.price_cents,
          conditionNote: r.condition_note,
        },
      }));
    },

    /** A lender's sold pieces and her share of each (her statement and payouts: source `sale:<id>`). */
    async lenderSales(lenderId: string) {
      return (await repo.lenderSales(lenderId)).map((r) => ({
        id: r.id,
        itemName: r.name,
        at: r.sold_at ?? r.listed_at,
        priceCents: r.price_cents,
        shareCents: r.lender_share_cents ?? 0,
      }));
    },
  };
}

export type PreLovedService = ReturnType<typeof createPreLovedService>;
