import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import { PRELOVED_MESSAGES, type SendoffList, type UnitSaleState } from '../../../domain/preloved';
import { unitCode } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import type { createAuditRepository } from '../audit';
import { KEPT_NOTE, type BookingsCore } from '../bookings';
import type { PreLovedRepository } from './preloved.repository';

type UnitRow = NonNullable<Awaited<ReturnType<BookingsCore['unit']>>>;

const conflict = (message: string) => new DomainError('CONFLICT', message);
const DAY_MS = 86_400_000;

/**
 * Pieces leaving for good (decision 0066), the desk's side: a pre-loved sale waits in `sendoffs`
 * until staff dispatch it (once, audited); a kept piece that came back to the desk anyway is
 * named on its unit panel ("kept by ... — send to her") and dispatched to her from there (once,
 * audited). The lead turns these dispatches into parcels (issue 30 item 1).
 */
export function createSendoffs(
  ctx: AppContext,
  deps: { core: BookingsCore; repo: PreLovedRepository; audit: ReturnType<typeof createAuditRepository> },
) {
  const { db } = ctx.database;
  const { core, repo, audit } = deps;
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
        })),
      };
    },

    /** Staff send a sold piece: once, audited. */
    async dispatch(staff: SessionUser, id: number, requestId: string | null): Promise<SendoffList> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('sendoffs').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('Dispatch not found');
        if (!(await repo.dispatchSendoff(trx, id, staff.id, at))) throw conflict(PRELOVED_MESSAGES.alreadySent);
        await audit.record(trx, {
          actor: actor(staff),
          action: 'sendoff.dispatch',
          subjectType: 'unit',
          subjectId: unitCode(row.unit_id),
          before: { dispatched: false },
          after: { dispatched: true, reason: row.reason, sendoffId: id },
          requestId,
          at,
        });
      });
      return this.list();
    },

    /** A kept piece back at the desk: sent to the member who kept it, once, audited. */
    async sendKept(staff: SessionUser, unitId: number, requestId: string | null): Promise<void> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
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
        await audit.record(trx, {
          actor: actor(staff),
          action: 'unit.send_kept',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { keptBy: kept.email, sent: false },
          after: { keptBy: kept.email, sent: true, rentalId: kept.rentalId, sendoffId: id },
          requestId,
          at,
        });
      });
    },
  };
}
