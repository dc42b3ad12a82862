import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { addDays } from '../../../domain/catalogue';
import {
  ITEM_STATUS_FOR_REVIEW,
  OPS_MESSAGES,
  reviewStatusOfItem,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type InventoryPage,
  type ReviewListing,
  type ReviewQueue,
  type ReviewStatus,
  type TodayBoard,
} from '../../../domain/ops';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../../domain/errors';
import type { SessionUser } from '../../http/types';
import { createAuditRepository, staffActor, type AuditActor } from '../audit';
import { listingFieldsOf, type ListingsService } from '../listings';
import type { NotificationsService } from '../notifications';
import { toDeskRental } from '../bookings';
import type { InventoryService } from './inventory.service';
import type { ConditionPhotosService } from './condition-photos.service';
import type { UnitLifeService } from './unit-life.service';
import { createOpsRepository, type ReviewRow } from './ops.repository';

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The operations desk (docs/product.md "Staff and the operations desk", decision 0020): the
 * review of members' listings, the audit log, and the desk's boards. Every change a staff member
 * makes is written to the audit log in the transaction that makes it.
 */
export function createOpsService(
  ctx: AppContext,
  deps: {
    listings: ListingsService;
    notifications: NotificationsService;
    units: UnitLifeService;
    photos: ConditionPhotosService;
    inventory: InventoryService;
    /** The status an approved listing takes: 'intake' for a managed piece not yet in our care (decision 0062). */
    approvedStatus?: (trx: Kysely<DB>, itemId: number) => Promise<'active' | 'intake'>;
  },
) {
  const { db } = ctx.database;
  const repo = createOpsRepository(db);
  const audit = createAuditRepository(db);
  const { listings, notifications } = deps;

  async function shapeReview(rows: ReviewRow[]): Promise<ReviewListing[]> {
    const photos = await listings.photosOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      ...listingFieldsOf(r),
      photos: photos.get(r.id) ?? [],
      owner: { id: r.owner_id ?? '', name: r.owner_name, email: r.owner_email },
      status: reviewStatusOfItem(r.status) ?? 'pending',
      reason: r.review_reason,
      submittedAt: r.submitted_at ?? r.created_at,
      reviewedAt: r.reviewed_at,
      round: r.review_round,
    }));
  }

  /** Approve or reject: once, audited and notified in one transaction. */
  async function decide(
    staff: SessionUser,
    itemId: number,
    decision: 'approved' | 'rejected',
    reason: string | null,
    requestId: string | null,
  ): Promise<ReviewListing> {
    const at = ctx.clock().toISOString();
    await db.transaction().execute(async (trx) => {
      await repo.lockListing(trx, itemId);
      const row = await repo.findForReview(itemId, trx);
      if (!row) throw notFound('Listing not found');
      const from = ITEM_STATUS_FOR_REVIEW.pending;
      const to =
        decision === 'approved' && deps.approvedStatus
          ? await deps.approvedStatus(trx, itemId)
          : ITEM_STATUS_FOR_REVIEW[decision];
      if (row.status !== from || !(await repo.moveStatus(trx, itemId, from, to))) {
        throw new DomainError('CONFLICT', OPS_MESSAGES.notPending, {
          details: { status: reviewStatusOfItem(row.status) },
        });
      }
      await repo.recordReview(trx, itemId, { reviewedAt: at, reviewedBy: staff.id, reason });
      await audit.record(trx, {
        actor: staffActor(staff),
        action: decision === 'approved' ? 'listing.approve' : 'listing.reject',
        subjectType: 'listing',
        subjectId: itemId,
        before: { status: 'pending', round: row.review_round, reason: row.review_reason },
        after: { status: decision, round: row.review_round, reason },
        requestId,
        at,
      });
      const subject = { subjectType: 'listing', subjectId: `${itemId}:${row.review_round}`, userId: row.owner_id! };
      if (decision === 'approved' && to === 'intake')
        await notifications.notify(trx, { kind: 'managed_approved', ...subject, data: { itemId, itemName: row.name } });
      else if (decision === 'approved')
        await notifications.notify(trx, { kind: 'listing_approved', ...subject, data: { itemId, itemName: row.name } });
      else
        await notifications.notify(trx, {
          kind: 'listing_rejected',
          ...subject,
          data: { itemName: row.name, reason: reason ?? '' },
        });
    });
    ctx.logger.info({ itemId, decision, staffId: staff.id, requestId }, 'listing reviewed');
    const row = await repo.findForReview(itemId);
    const [shaped] = await shapeReview(row ? [row] : []);
    if (!shaped) throw notFound('Listing not found');
    return shaped;
  }

  return {
    /** The unit's life at the desk: dispatch, check-in, cleaning, repair, late fees (unit-life.service.ts). */
    units: deps.units,
    /** Check-in photos of a rental (condition-photos.service.ts). */
    photos: deps.photos,
    /** Editing catalogue items, their units and product photos (inventory.service.ts). */
    items: deps.inventory,

    async reviewQueue(status: ReviewStatus | undefined): Promise<ReviewQueue> {
      const statuses = status ? [ITEM_STATUS_FOR_REVIEW[status]] : [ITEM_STATUS_FOR_REVIEW.pending];
      const [rows, pendingCount] = await Promise.all([repo.reviewQueue(statuses), repo.pendingCount()]);
      return { listings: await shapeReview(rows), pendingCount };
    },

    async reviewListing(itemId: number): Promise<ReviewListing> {
      const row = await repo.findForReview(itemId);
      const [shaped] = await shapeReview(row ? [row] : []);
      if (!shaped) throw notFound('Listing not found');
      return shaped;
    },

    approve: (staff: SessionUser, itemId: number, requestId: string | null) =>
      decide(staff, itemId, 'approved', null, requestId),
    reject: (staff: SessionUser, itemId: number, reason: string, requestId: string | null) =>
      decide(staff, itemId, 'rejected', reason, requestId),

    async auditLog(query: AuditQuery): Promise<AuditPage> {
      const rows = await audit.list(query);
      const page = rows.slice(0, query.limit);
      const entries: AuditEntry[] = page.map((r) => ({
        id: r.id,
        at: r.at,
        actor: { kind: r.actor_kind as AuditActor['kind'], id: r.actor_id, email: r.actor_email },
        action: r.action,
        subjectType: r.subject_type,
        subjectId: r.subject_id,
        before: parseJson(r.before_json),
        after: parseJson(r.after_json),
        requestId: r.request_id,
      }));
      return { entries, nextBefore: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null };
    },

    async today(): Promise<TodayBoard> {
      const date = ctx.today();
      const tomorrow = addDays(date, 1);
      // "Returned / checked in today": instants from the business day's first to the next day's.
      const from = ctx.dayStartsAt(date);
      const until = ctx.dayStartsAt(tomorrow);
      const [
        starting,
        dueBack,
        overdue,
        returnedToday,
        toDispatch,
        lateToDispatch,
        awaitingPickup,
        returning,
        checkedInToday,
      ] = await Promise.all([
        repo.rentalsStarting(date),
        repo.rentalsDueBack(date),
        repo.rentalsOverdue(date),
        repo.rentalsReturnedOn(from, until),
        repo.rentalsToDispatch(date),
        repo.rentalsToDispatch(date, true),
        repo.rentalsAwaitingPickup(),
        repo.rentalsReturning(),
        repo.rentalsCheckedInOn(from, until),
      ]);
      const desk = (rows: typeof starting) => rows.map((r) => toDeskRental(r, date, ctx.dayOf));
      return {
        date,
        starting: desk(starting),
        dueBack: desk(dueBack),
        overdue: desk(overdue),
        returnedToday: desk(returnedToday),
        toDispatch: desk(toDispatch),
        lateToDispatch: desk(lateToDispatch),
        awaitingPickup: desk(awaitingPickup),
        returning: desk(returning),
        checkedInToday: desk(checkedInToday),
      };
    },

    async inventory(q: string | undefined, after: number | undefined, limit: number): Promise<InventoryPage> {
      const rows = await repo.inventoryPage(q, after, limit);
      const page = rows.slice(0, limit);
      const ids = page.map((r) => r.id);
      const [units, out, totals] = await Promise.all([
        repo.unitCounts(ids),
        repo.outCounts(ids),
        repo.inventoryTotals(),
      ]);
      return {
        items: page.map((r) => ({
          id: r.id,
          name: r.name,
          brand: r.brand,
          category: r.category,
          status: r.status,
          fromMember: r.owner_id !== null,
          rentalPriceCents: r.rental_price_cents,
          sizes: units
            .filter((u) => u.item_id === r.id)
            .map((u) => ({
              size: u.size,
              units: Number(u.n),
              out: Number(out.find((o) => o.item_id === r.id && o.size === u.size)?.n ?? 0),
            })),
        })),
        nextAfter: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
        totals,
      };
    },
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
