import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import type { Parcel } from '../../../domain/parcels';
import { PRELOVED_MESSAGES, type Sendoff, type SendoffList, type UnitSaleState } from '../../../domain/preloved';
import { unitCode } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import type { createAuditRepository } from '../audit';
import { KEPT_NOTE, type BookingsCore } from '../bookings';
import type { OrdersService } from '../orders';
import { destinationOf, type CarrierAddress, type ParcelsService } from '../parcels';
import type { PreLovedRepository } from './preloved.repository';

type UnitRow = NonNullable<Awaited<ReturnType<BookingsCore['unit']>>>;

const conflict = (message: string) => new DomainError('CONFLICT', message);

/** What the desk sees of a sendoff's parcel (null: sent before parcels carried sendoffs). */
const parcelTracking = (p: Parcel | undefined): Sendoff['parcel'] =>
  p
    ? {
        id: p.id,
        handoff: p.handoff,
        carrier: p.carrier,
        trackingNumber: p.trackingNumber,
        trackingStatus: p.trackingStatus,
        deliveredAt: p.deliveredAt,
      }
    : null;
const DAY_MS = 86_400_000;

/**
 * Pieces leaving for good (decision 0066), the desk's side: a pre-loved sale waits in `sendoffs`
 * until staff dispatch it (once, audited); a kept piece that came back to the desk anyway is
 * named on its unit panel ("kept by ... — send to her") and dispatched to her from there (once,
 * audited). Either dispatch puts the piece in its own outbound parcel (decision 0061) in the same
 * transaction, one per sendoff, and the carrier's label is bought after the commit: she follows
 * it on her order, the desk sees its tracking number.
 */
export function createSendoffs(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    repo: PreLovedRepository;
    audit: ReturnType<typeof createAuditRepository>;
    orders: OrdersService;
    parcels: ParcelsService;
  },
) {
  const { db } = ctx.database;
  const { core, repo, audit, orders, parcels } = deps;
  const nowIso = () => ctx.clock().toISOString();
  const actor = (s: SessionUser) => ({ kind: 'staff' as const, id: s.id, email: s.email });

  /** The kept rental a retired unit came back on (she had sent it back before she kept it), or null. */
  async function keptBack(unit: UnitRow, q: Kysely<DB> = db): Promise<UnitSaleState['kept']> {
    if (unit.state !== 'retired' || unit.note !== KEPT_NOTE || unit.rental_id === null) return null;
    const r = await core.rental(unit.rental_id, q);
    if (!r?.kept_at || !r.returned_at) return null;
    const sent = await repo.sendoff('kept', r.rental_id, q);
    return { member: r.member_name, email: r.email, rentalId: r.rental_id, sentAt: sent?.dispatched_at ?? null };
  }

  /** Where a sendoff goes: the address her pre-loved order recorded, or the kept rental's order's. */
  async function destination(
    trx: Kysely<DB>,
    row: { reason: string; ref_id: number; order_id: number | null },
  ): Promise<{ to: CarrierAddress; handoff: 'carrier' | 'studio' }> {
    if (row.reason === 'kept') {
      const r = await core.rental(row.ref_id, trx);
      if (!r) throw notFound('Rental not found');
      const d = destinationOf(r);
      return { to: d.address, handoff: d.handoff };
    }
    const o = row.order_id === null ? undefined : await orders.find(row.order_id, trx);
    if (!o) throw notFound('Order not found');
    return {
      handoff: 'carrier',
      to: {
        name: o.recipient_name ?? '',
        line1: o.address_line1 ?? '',
        line2: o.address_line2,
        city: o.address_city ?? '',
        state: o.address_state ?? '',
        zip: o.address_zip ?? '',
        country: o.address_country ?? 'US',
      },
    };
  }

  /** Her sendoff's parcel, made in the dispatch's transaction. */
  async function parcelFor(
    trx: Kysely<DB>,
    staff: SessionUser,
    s: { id: number; user_id: string; reason: string; ref_id: number; order_id: number | null },
    at: string,
  ): Promise<number> {
    const dest = await destination(trx, s);
    return parcels.sendoffParcel(trx, { sendoffId: s.id, userId: s.user_id, ...dest, by: staff.id, at });
  }

  return {
    keptBack,

    /** The desk's list: waiting to be sent (oldest first), then those sent in the last 7 days. */
    async list(): Promise<SendoffList> {
      const since = new Date(ctx.clock().getTime() - 7 * DAY_MS).toISOString();
      const rows = await repo.sendoffs(since);
      const lines = (parts: (string | null)[]) => parts.filter((p): p is string => !!p && p.trim() !== '').join('\n');
      const waiting = rows.filter((r) => r.dispatched_at === null);
      const sent = rows
        .filter((r) => r.dispatched_at !== null)
        .sort((a, b) => (a.dispatched_at! < b.dispatched_at! ? 1 : -1));
      const parcelOf = await parcels.ofSendoffs(sent.map((r) => r.id));
      return {
        sendoffs: [...waiting, ...sent].map((r) => ({
          id: r.id,
          reason: r.reason === 'kept' ? 'kept' : 'preloved',
          unitCode: unitCode(r.unit_id),
          itemName: r.item_name,
          brand: r.brand,
          size: r.size,
          member: { name: r.member_name, email: r.email },
          address: r.address_line1
            ? lines([
                r.recipient_name,
                r.address_line1,
                r.address_line2,
                [r.address_city, [r.address_state, r.address_zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
              ])
            : null,
          lender: r.lender_name,
          orderNumber: r.order_number,
          createdAt: r.created_at,
          dispatchedAt: r.dispatched_at,
          parcel: parcelTracking(parcelOf.get(r.id)),
        })),
      };
    },

    /**
     * Staff send a sold piece: once, audited, in its parcel (its label bought after the commit). A
     * piece dispatched whose label failed gets it on a second dispatch; otherwise that is a 409.
     */
    async dispatch(staff: SessionUser, id: number, requestId: string | null): Promise<SendoffList> {
      const at = nowIso();
      const parcelId = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('sendoffs').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('Dispatch not found');
        if (!(await repo.dispatchSendoff(trx, id, staff.id, at))) return null;
        const pid = await parcelFor(trx, staff, row, at);
        await audit.record(trx, {
          actor: actor(staff),
          action: 'sendoff.dispatch',
          subjectType: 'unit',
          subjectId: unitCode(row.unit_id),
          before: { dispatched: false },
          after: { dispatched: true, reason: row.reason, sendoffId: id, parcelId: pid },
          requestId,
          at,
        });
        return pid;
      });
      if (parcelId === null) {
        const sent = (await parcels.ofSendoffs([id])).get(id);
        if (!sent || sent.handoff !== 'carrier' || sent.trackingNumber) throw conflict(PRELOVED_MESSAGES.alreadySent);
        await parcels.label(sent.id);
      } else await parcels.label(parcelId);
      return this.list();
    },

    /** A kept piece back at the desk: sent to the member who kept it, once, audited. */
    async sendKept(staff: SessionUser, unitId: number, requestId: string | null): Promise<void> {
      const at = nowIso();
      const parcelId = await db.transaction().execute(async (trx) => {
        await core.lock(trx, { unitIds: [unitId] });
        const unit = await core.unit(unitId, trx);
        if (!unit) throw notFound('Unit not found');
        const kept = await keptBack(unit, trx);
        if (!kept) throw conflict(PRELOVED_MESSAGES.notKeptBack);
        const r = await core.rental(kept.rentalId, trx);
        const id = await repo.insertSendoff(trx, {
          unitId,
          userId: r!.user_id,
          reason: 'kept',
          refId: kept.rentalId,
          orderId: null,
          at,
          dispatched: { by: staff.id },
        });
        if (id === null) throw conflict(PRELOVED_MESSAGES.alreadySent);
        const pid = await parcelFor(
          trx,
          staff,
          { id, user_id: r!.user_id, reason: 'kept', ref_id: kept.rentalId, order_id: null },
          at,
        );
        await audit.record(trx, {
          actor: actor(staff),
          action: 'unit.send_kept',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { keptBy: kept.email, sent: false },
          after: { keptBy: kept.email, sent: true, rentalId: kept.rentalId, sendoffId: id, parcelId: pid },
          requestId,
          at,
        });
        return pid;
      });
      await parcels.label(parcelId);
    },
  };
}
