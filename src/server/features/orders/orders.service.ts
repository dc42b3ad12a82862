import type { Kysely } from 'kysely';
import {
  DELIVERY_MESSAGES,
  studioAddress,
  type DeliveryAddress,
  type DeliveryAddressForm,
  type DeliveryAddressState,
  type OrderBought,
  type OrderList,
  type OrderReceipt,
  type OrderStatus,
  type OrderSummary,
  type Studio,
} from '../../../domain/orders';
import type { Discount } from '../../../domain/offers';
import { type PickupOption } from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../../../domain/errors';
import { QUEUES } from '../../jobs/queues';
import type { ItemPicturesService } from '../catalogue';
import type { PaymentsService } from '../payments';
import { orderEmailText, type OrderEmailKind } from './order-emails';
import { deliveryOf, discountOf, moneyOf, newOrderNumber, toStudio } from './order-rows';
import { createOrdersRepository, type OrderRentalRow, type OrderRow } from './orders.repository';

/** The pieces bought in the pre-loved sale on these orders. */
export type BoughtReader = (orderIds: number[]) => Promise<{ orderId: number; item: OrderBought }[]>;

/** How a booking reaches the member, decided before its transaction. */
export type ResolvedDelivery = { method: 'online'; address: DeliveryAddress } | { method: 'in-store'; studio: Studio };

/** What a new order records (its rentals point at it). */
export interface NewOrder {
  userId: string;
  status: OrderStatus;
  plan: string;
  coveredByPlan: boolean;
  totalCents: number;
  /** The welcome offer or promo code taken off totalCents (decision 0056). */
  discount?: Discount | null;
  delivery: ResolvedDelivery;
  card: { brand: string; lastFour: string } | null;
}

/**
 * Orders (docs/product.md, "Orders"; decision 0030): the record of each booking, the member's order
 * history and receipts, the studios, the delivery address, and the order's e-mails. The rentals
 * feature creates and moves orders inside its booking transactions; amounts come from the ledger.
 */
export function createOrdersService(
  ctx: AppContext,
  deps: { payments: PaymentsService; pictures: ItemPicturesService },
) {
  const { db } = ctx.database;
  const repo = createOrdersRepository(db);
  const { payments, pictures } = deps;
  const nowIso = () => ctx.clock().toISOString();
  const log = ctx.logger.child({ feature: 'orders' });
  /** The pre-loved sale's pieces on orders (decision 0066), given by services.ts once the sale is built. */
  let boughtOn: BoughtReader = async () => [];

  /**
   * The orders as she sees them, with the ledger's entries on each order and on its rentals (a
   * late fee or a damage claim is recorded on the rental): hers only, whoever else's entries name
   * the same rental (a lender's payout).
   */
  async function summaries(userId: string, rows: OrderRow[]): Promise<OrderSummary[]> {
    const ids = rows.map((r) => r.id);
    const rentals = await repo.rentalsOf(ids);
    const [entries, pics, bought] = await Promise.all([
      payments.forMemberOrders(
        userId,
        ids,
        rentals.map((r) => r.id),
      ),
      pictures.forIds([...new Set(rentals.map((r) => r.item_id))]),
      boughtOn(ids),
    ]);
    return rows.map((row) => {
      const rentalIds = new Set(rentals.filter((r) => r.order_id === row.id).map((r) => r.id));
      const money = moneyOf(
        entries.filter((e) => e.orderId === row.id || (e.rentalId !== null && rentalIds.has(e.rentalId))),
      );
      return {
        number: row.number,
        status: row.status as OrderStatus,
        placedAt: row.created_at,
        items: rentals
          .filter((r) => r.order_id === row.id)
          .map((r: OrderRentalRow) => ({
            rentalId: r.id,
            itemId: r.item_id,
            name: r.name,
            brand: r.brand,
            imageUrl: pics.get(r.item_id)?.imageUrl ?? '',
            size: r.size,
            backupSize: r.backup_size,
            startDate: r.start_date,
            returnDate: r.end_date,
            priceCents: r.price_cents,
            extensions: r.extensions,
            cancelledAt: r.cancelled_at,
            kept: r.kept_at ? { at: r.kept_at, priceCents: r.kept_price_cents ?? 0 } : null,
          })),
        bought: bought.filter((b) => b.orderId === row.id).map((b) => b.item),
        delivery: deliveryOf(row),
        plan: row.plan,
        coveredByPlan: row.covered_by_plan === 1,
        discount: discountOf(row),
        creditCents: row.credit_cents,
        chargedCents: money.charged,
        refundedCents: money.refunded,
        refundPendingCents: money.refundPending,
        card: row.card_brand && row.card_last_four ? { brand: row.card_brand, lastFour: row.card_last_four } : null,
        lines: money.lines,
      };
    });
  }

  /** Queues one of the order's e-mails in the caller's transaction (once per order and kind). */
  async function queueEmail(trx: Kysely<DB>, orderId: number, kind: OrderEmailKind): Promise<void> {
    const id = await repo.insertEmail(trx, orderId, kind, nowIso());
    if (id !== null)
      await ctx.jobs.send(QUEUES.orderEmail.name, { orderEmailId: id }, { trx, singletonKey: `order-email-${id}` });
  }

  async function emailText(order: OrderRow, kind: OrderEmailKind): Promise<{ subject: string; lines: string[] }> {
    const [summary] = await summaries(order.user_id, [order]);
    return orderEmailText(order, summary, kind);
  }

  return {
    /** Lets the pre-loved sale name the pieces bought on orders (services.ts, decision 0066). */
    addBought(reader: BoughtReader): void {
      boughtOn = reader;
    },

    async listStudios(): Promise<Studio[]> {
      return (await repo.studios()).map(toStudio);
    },

    async getAddress(userId: string): Promise<DeliveryAddressState> {
      const row = await repo.findAddress(userId);
      if (!row) return { address: null, updatedAt: null };
      return {
        address: {
          recipientName: row.recipient_name,
          line1: row.line1,
          line2: row.line2,
          city: row.city,
          state: row.state,
          zipCode: row.zip_code,
          country: row.country,
        },
        updatedAt: row.updated_at,
      };
    },

    async setAddress(userId: string, form: DeliveryAddressForm): Promise<DeliveryAddressState> {
      await repo.upsertAddress(
        userId,
        {
          recipient_name: form.recipientName,
          line1: form.line1,
          line2: form.line2,
          city: form.city,
          state: form.state,
          zip_code: form.zipCode,
          country: form.country,
        },
        nowIso(),
      );
      log.info({ userId }, 'delivery address saved');
      return this.getAddress(userId);
    },

    /**
     * How a booking reaches the member: what she chose in the request, else her saved choice.
     * Delivery needs her delivery address (409 ADDRESS_REQUIRED); pickup needs a studio.
     */
    async resolveDelivery(
      userId: string,
      choice: { delivery?: PickupOption | undefined; studioId?: number | undefined },
      saved: { option: PickupOption | null; studioId: number | null },
    ): Promise<ResolvedDelivery> {
      const method = choice.delivery ?? saved.option;
      if (!method) {
        throw new DomainError(
          'VALIDATION_FAILED',
          `Invalid body: delivery ${DELIVERY_MESSAGES.chooseDelivery.toLowerCase()}`,
          { issues: [{ path: 'delivery', message: DELIVERY_MESSAGES.chooseDelivery }] },
        );
      }
      if (method === 'online') {
        const { address } = await this.getAddress(userId);
        if (!address) throw new DomainError('ADDRESS_REQUIRED', DELIVERY_MESSAGES.addressNeeded);
        return { method, address };
      }
      const studioId = choice.studioId ?? saved.studioId;
      if (!studioId) {
        throw new DomainError(
          'VALIDATION_FAILED',
          `Invalid body: studioId ${DELIVERY_MESSAGES.chooseStudio.toLowerCase()}`,
          { issues: [{ path: 'studioId', message: DELIVERY_MESSAGES.chooseStudio }] },
        );
      }
      const row = await repo.studio(studioId);
      if (!row)
        throw new DomainError(
          'VALIDATION_FAILED',
          `Invalid body: studioId ${DELIVERY_MESSAGES.noSuchStudio.toLowerCase()}`,
          { issues: [{ path: 'studioId', message: DELIVERY_MESSAGES.noSuchStudio }] },
        );
      return { method, studio: toStudio(row) };
    },

    /** A studio by id (active), or null. */
    async getStudio(id: number): Promise<Studio | null> {
      const row = await repo.studio(id);
      return row ? toStudio(row) : null;
    },

    /** Creates an order in the booking's transaction; a confirmed one (a plan rental) queues its confirmation. */
    async create(trx: Kysely<DB>, o: NewOrder): Promise<{ id: number; number: string }> {
      const now = nowIso();
      const d = o.delivery;
      const created = await repo.insertOrder(
        trx,
        {
          user_id: o.userId,
          status: o.status,
          plan: o.plan,
          covered_by_plan: o.coveredByPlan ? 1 : 0,
          total_cents: o.totalCents,
          discount_cents: o.discount?.cents ?? 0,
          discount_kind: o.discount?.kind ?? null,
          discount_code: o.discount?.code ?? null,
          discount_label: o.discount?.label ?? null,
          delivery_method: d.method,
          recipient_name: d.method === 'online' ? d.address.recipientName : null,
          address_line1: d.method === 'online' ? d.address.line1 : null,
          address_line2: d.method === 'online' ? d.address.line2 : null,
          address_city: d.method === 'online' ? d.address.city : null,
          address_state: d.method === 'online' ? d.address.state : null,
          address_zip: d.method === 'online' ? d.address.zipCode : null,
          address_country: d.method === 'online' ? d.address.country : null,
          studio_id: d.method === 'in-store' ? d.studio.id : null,
          studio_name: d.method === 'in-store' ? d.studio.name : null,
          studio_address: d.method === 'in-store' ? studioAddress(d.studio) : null,
          card_brand: o.card?.brand ?? null,
          card_last_four: o.card?.lastFour ?? null,
          created_at: now,
          updated_at: now,
          confirmed_at: o.status === 'confirmed' ? now : null,
          cancelled_at: null,
        },
        newOrderNumber,
      );
      if (o.status === 'confirmed') await queueEmail(trx, created.id, 'confirmed');
      return created;
    },

    /** Whether she has an order paid per rental that booked something: her first rental is behind her (decision 0056). */
    hasPaidOrder: (reader: Kysely<DB>, userId: string) => repo.hasPaidOrder(reader, userId),

    /** A pending order's payment went through: confirmed, and its confirmation e-mail queued. */
    async confirm(trx: Kysely<DB>, orderId: number): Promise<boolean> {
      const now = nowIso();
      const ok = await repo.setStatus(trx, orderId, ['pending_payment'], 'confirmed', now, { confirmed_at: now });
      if (ok) await queueEmail(trx, orderId, 'confirmed');
      return ok;
    },

    /** What store credit paid of the order, in the booking's transaction (decision 0063). */
    recordCredit: (trx: Kysely<DB>, orderId: number, cents: number) => repo.setCredit(trx, orderId, cents),

    /** A pending order's payment was declined: nothing was booked. */
    async fail(trx: Kysely<DB>, orderId: number): Promise<boolean> {
      return repo.setStatus(trx, orderId, ['pending_payment'], 'payment_failed', nowIso());
    },

    /** Cancelled before the start (its refund is in the ledger); the member is told by e-mail. */
    async cancel(trx: Kysely<DB>, orderId: number): Promise<boolean> {
      const now = nowIso();
      const ok = await repo.setStatus(trx, orderId, ['confirmed'], 'cancelled', now, { cancelled_at: now });
      if (ok) await queueEmail(trx, orderId, 'cancelled');
      return ok;
    },

    /** An order's number by id (for the rental's answer). */
    async find(orderId: number, trx?: Kysely<DB>) {
      return repo.find(orderId, trx);
    },

    async list(userId: string, before: number | undefined, limit: number): Promise<OrderList> {
      const rows = await repo.listForUser(userId, before, limit);
      const page = rows.slice(0, limit);
      return {
        orders: await summaries(userId, page),
        nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      };
    },

    /** One of the member's orders with every charge and refund: 404 for anyone else's. */
    async receipt(userId: string, number: string): Promise<OrderReceipt> {
      const row = await repo.findListed(userId, number);
      if (!row) throw notFound('Order not found');
      const [summary] = await summaries(userId, [row]);
      const member = await repo.memberName(userId);
      return { ...summary!, billedTo: member?.name ?? '' };
    },

    /**
     * Sends one order e-mail unless it was sent or another sender holds it: claim with a lease,
     * send, mark sent; a failed send gives the claim back and throws (the job is retried).
     */
    async sendEmail(orderEmailId: number): Promise<boolean> {
      const now = new Date();
      const until = new Date(now.getTime() + ctx.env.jobLeaseSeconds * 1000).toISOString();
      const claimed = await repo.claimEmail(orderEmailId, now.toISOString(), until);
      if (!claimed) return false;
      const order = await repo.find(claimed.order_id);
      const to = order ? await repo.memberName(order.user_id) : undefined;
      if (!order || !to) {
        await repo.releaseEmail(orderEmailId, until, 'order or member gone');
        return false;
      }
      const base = ctx.env.publicUrl;
      const { subject, lines } = await emailText(order, claimed.kind as OrderEmailKind);
      const text = [
        `Hello ${to.name.trim().split(/\s+/)[0] || 'there'},`,
        '',
        ...lines.filter((l, i, all) => l !== '' || all[i - 1] !== ''),
        '',
        `Your receipt: ${base}/orders/${order.number}`,
        '',
        '— Rentique',
      ].join('\n');
      try {
        await ctx.mailer.send({
          to: to.email,
          subject,
          text,
          messageId: `<order-${order.id}-${claimed.kind}@${new URL(base).hostname}>`,
        });
      } catch (err) {
        await repo.releaseEmail(orderEmailId, until, err instanceof Error ? err.message : String(err));
        throw err;
      }
      await repo.markEmailSent(orderEmailId, until, new Date().toISOString());
      log.info({ orderId: order.id, kind: claimed.kind, attempt: claimed.attempts }, 'order e-mail sent');
      return true;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
