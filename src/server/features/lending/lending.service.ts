import type { Kysely } from 'kysely';
import { handoffOf } from '../../../domain/availability';
import { addDays } from '../../../domain/catalogue';
import {
  LENDING_MESSAGES,
  REQUEST_ANSWER_HOURS,
  handoverStage,
  lendingActions,
  type BlockDatesInput,
  type BookingRequest,
  type BookingRequestList,
  type LenderBlock,
  type LenderCalendar,
  type Message,
  type RequestStatus,
  type Thread,
} from '../../../domain/lending';
import { lenderShareCents } from '../../../domain/listings';
import { declineMessage } from '../../../domain/payments';
import {
  RENTAL_MESSAGES,
  daysBetween,
  rentalPriceCents,
  startDateProblem,
  type BookRentalInput,
} from '../../../domain/rentals';
import { CONDITIONS, type Condition } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound, unauthenticated } from '../../../domain/errors';
import type { UploadedFile } from '../../http/multipart';
import { withStoredPhotos } from '../../storage/storage';
import type { CatalogueService, ItemPicturesService } from '../catalogue';
import { preparePhotos } from '../listings';
import type { NotificationsService } from '../notifications';
import type { UnitLifeService } from '../ops';
import type { OrdersService } from '../orders';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { createLendingRepository, type RequestRow } from './lending.repository';

type Db = Kysely<DB>;

/** How many expired requests one run of the expiry job ends. */
const EXPIRY_BATCH = 200;
/** Condition photos a lender adds per stage (sent, returned). */
export const MAX_HANDOVER_PHOTOS = 4;

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});
const invalidStart = (message: string) =>
  new DomainError('VALIDATION_FAILED', `Invalid body: startDate ${message}`, {
    issues: [{ path: 'startDate', message }],
  });

const asStatus = (s: string): RequestStatus => s as RequestStatus;

/** The address of a handover photo (the two parties only); the file name versions it. */
export function handoverPhotoUrl(rentalId: number, stage: string, position: number, fileName: string): string {
  return `/api/lending/rentals/${rentalId}/photos/${stage}/${position}?v=${fileName.slice(0, 8)}`;
}

/**
 * Lending between members (docs/product.md "Lending", decision 0035): requests to book a
 * member's piece (the dates held and the price authorised; accepted and captured, or declined or
 * expired and voided), the thread between renter and lender, the lender's handover marks and her
 * calendar of blocked days.
 */
export function createLendingService(
  ctx: AppContext,
  deps: {
    catalogue: CatalogueService;
    plans: PlansService;
    payments: PaymentsService;
    orders: OrdersService;
    notifications: NotificationsService;
    pictures: ItemPicturesService;
    units: UnitLifeService;
    /** Whether staff may read a rental's thread: while a damage claim on it is open (the claims feature). */
    staffMayRead: (rentalId: number) => Promise<boolean>;
  },
) {
  const { db } = ctx.database;
  const repo = createLendingRepository(db);
  const { staffMayRead } = deps;
  const { pictures } = deps;
  const { catalogue, plans, payments, orders, notifications, units } = deps;
  const log = ctx.logger.child({ feature: 'lending' });
  const today = () => ctx.today();
  const nowIso = () => ctx.clock().toISOString();

  async function toRequests(rows: RequestRow[], reader: string): Promise<BookingRequest[]> {
    const [pics, unread, photos] = await Promise.all([
      pictures.forIds(rows.map((r) => r.item_id)),
      repo.unreadByRental(
        reader,
        rows.map((r) => r.rental_id),
      ),
      repo.photos(rows.map((r) => r.rental_id)),
    ]);
    const day = today();
    return rows.map((r) => {
      const role = r.lender_id === reader ? 'lender' : 'renter';
      const status = asStatus(r.status);
      const handoff = handoffOf(r.pickup_option);
      const stage = handoverStage({
        status,
        dispatchedAt: r.dispatched_at,
        receivedAt: r.received_at,
        returnedAt: r.returned_at,
        checkedInAt: r.checked_in_at,
        cancelledAt: r.cancelled_at,
        cleaned: r.booking_released_at !== null,
      });
      return {
        id: r.id,
        rentalId: r.rental_id,
        role,
        status,
        stage,
        actions: lendingActions(role, stage, { today: day, startDate: r.start_date, handoff, status }),
        item: { id: r.item_id, name: r.item_name, brand: r.brand, imageUrl: pics.get(r.item_id)?.imageUrl ?? '' },
        size: r.size,
        startDate: r.start_date,
        returnDate: r.end_date,
        handoff,
        priceCents: r.price_cents,
        lenderShareCents: lenderShareCents(r.price_cents),
        renterName: r.renter_name,
        lenderName: r.lender_name,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        decidedAt: r.decided_at,
        unreadMessages: unread.get(r.rental_id) ?? 0,
        dispatchedAt: r.dispatched_at,
        receivedAt: r.received_at,
        returnedAt: r.returned_at,
        checkedInAt: r.checked_in_at,
        photos: photos
          .filter((p) => p.rental_id === r.rental_id)
          .map((p) => ({
            stage: p.stage as 'sent' | 'returned',
            url: handoverPhotoUrl(p.rental_id, p.stage, p.position, p.file_name),
            width: p.width,
            height: p.height,
          })),
      };
    });
  }

  /** A request the member is a party to (404 for anyone else: its existence is not told). */
  async function partyRequest(id: number, userId: string): Promise<RequestRow> {
    const row = await repo.request(id);
    if (!row || (row.renter_id !== userId && row.lender_id !== userId)) throw notFound('Request not found');
    return row;
  }

  async function oneRequest(id: number, userId: string): Promise<BookingRequest> {
    return (await toRequests([await partyRequest(id, userId)], userId))[0]!;
  }

  /**
   * Ends a pending request (declined by the lender, withdrawn by the renter, or expired): the days
   * freed, the order failed, the authorisation voided; the other party (both, on expiry) told.
   */
  async function endPending(
    trx: Db,
    row: RequestRow,
    to: 'declined' | 'withdrawn' | 'expired',
    at: string,
  ): Promise<LedgerEntry | null> {
    await repo.endRental(trx, row.rental_id, row.booking_id, at);
    if (row.order_id !== null) await orders.fail(trx, row.order_id);
    const auth = row.authorisation_entry_id !== null ? await payments.find(row.authorisation_entry_id, trx) : null;
    const voided =
      auth && auth.status === 'succeeded'
        ? await payments.record(trx, {
            userId: row.renter_id,
            purpose: 'lending_request',
            kind: 'void',
            amountCents: auth.amountCents,
            description: `Released: request ${to} (${row.item_name})`,
            idempotencyKey: `request:${row.id}:void`,
            rentalId: row.rental_id,
            target: auth,
            context: { requestId: row.id },
          })
        : null;
    if (to === 'declined') {
      await notifications.notify(trx, {
        kind: 'lending_declined',
        subjectType: 'request',
        subjectId: String(row.id),
        userId: row.renter_id,
        data: { itemName: row.item_name, startDate: row.start_date },
      });
    } else if (to === 'withdrawn') {
      await notifications.notify(trx, {
        kind: 'lending_withdrawn',
        subjectType: 'request',
        subjectId: String(row.id),
        userId: row.lender_id,
        data: { itemName: row.item_name, renterName: row.renter_name, startDate: row.start_date },
      });
    } else {
      for (const [userId, role] of [
        [row.renter_id, 'renter'],
        [row.lender_id, 'lender'],
      ] as const) {
        await notifications.notify(trx, {
          kind: 'lending_expired',
          subjectType: 'request',
          subjectId: String(row.id),
          userId,
          data: { itemName: row.item_name, startDate: row.start_date, role },
        });
      }
    }
    return voided;
  }

  async function runQuietly(entry: LedgerEntry | null): Promise<void> {
    if (!entry) return;
    try {
      await payments.run(entry.id);
    } catch (err) {
      log.warn(
        { err, entryId: entry.id },
        'lending payment not answered in the request: the payments recovery performs it',
      );
    }
  }

  // The outcome of a request's authorisation, capture or void (decision 0029's settler, once per entry).
  payments.onSettle('lending_request', async (trx, entry, outcome) => {
    const requestId = Number(entry.context.requestId);
    const row = await repo.request(requestId, trx);
    if (!row) return;
    const at = nowIso();
    if (entry.kind === 'authorise') {
      if (outcome.status === 'succeeded') {
        if (await repo.move(trx, row.id, ['authorising'], 'pending', null)) {
          await notifications.notify(trx, {
            kind: 'lending_requested',
            subjectType: 'request',
            subjectId: String(row.id),
            userId: row.lender_id,
            data: {
              itemName: row.item_name,
              renterName: row.renter_name,
              startDate: row.start_date,
              returnDate: row.end_date,
              expiresAt: row.expires_at,
            },
          });
        }
      } else if (await repo.move(trx, row.id, ['authorising'], 'failed', at)) {
        // The card refused: nothing is held, nothing was asked of the lender.
        await repo.endRental(trx, row.rental_id, row.booking_id, at);
        if (row.order_id !== null) await orders.fail(trx, row.order_id);
      }
      return;
    }
    if (entry.kind === 'capture') {
      if (outcome.status === 'succeeded') {
        await repo.recordCharge(trx, row.rental_id, entry.amountCents);
        await repo.countRental(trx, row.item_id);
        if (row.order_id !== null) await orders.confirm(trx, row.order_id);
        await notifications.notify(trx, {
          kind: 'lending_accepted',
          subjectType: 'request',
          subjectId: String(row.id),
          userId: row.renter_id,
          data: {
            itemName: row.item_name,
            lenderName: row.lender_name,
            startDate: row.start_date,
            returnDate: row.end_date,
          },
        });
      } else {
        // The authorisation could not be captured (it lapsed): the rental does not happen.
        log.error(
          { requestId, entryId: entry.id, outcome },
          'an accepted request could not be captured: the rental is released',
        );
        await repo.move(trx, row.id, ['accepted'], 'failed', at);
        await repo.endRental(trx, row.rental_id, row.booking_id, at);
        if (row.order_id !== null) await orders.fail(trx, row.order_id);
      }
      return;
    }
    if (outcome.status !== 'succeeded')
      log.error({ requestId, entryId: entry.id, outcome }, 'a lending payment operation was refused by the provider');
  });

  function rangeOf(input: { startDate?: string | undefined; endDate?: string | undefined }) {
    const day = today();
    const startDate = input.startDate ?? day;
    const endDate = input.endDate ?? addDays(startDate, 7);
    const problem = startDateProblem(startDate, day);
    if (problem) throw invalidStart(problem);
    return { startDate, endDate };
  }

  /** Why an answer to a request that is no longer pending is refused. */
  const notPendingMessage = (status: string) =>
    status === 'expired'
      ? LENDING_MESSAGES.expired
      : status === 'withdrawn'
        ? LENDING_MESSAGES.withdrawn
        : LENDING_MESSAGES.alreadyAnswered;

  /** The lender's check on a request she answers: hers, and in a state that allows it. */
  async function lenderRequest(trx: Db, id: number, lenderId: string): Promise<RequestRow> {
    await repo.lockRequest(trx, id);
    const row = await repo.request(id, trx);
    if (!row || (row.lender_id !== lenderId && row.renter_id !== lenderId)) throw notFound('Request not found');
    if (row.lender_id !== lenderId) throw new DomainError('FORBIDDEN', 'Only the lender can do this.');
    return row;
  }

  return {
    async list(userId: string): Promise<BookingRequestList> {
      const [incoming, outgoing] = await Promise.all([
        repo.requestsOf(userId, 'lender'),
        repo.requestsOf(userId, 'renter'),
      ]);
      return { incoming: await toRequests(incoming, userId), outgoing: await toRequests(outgoing, userId) };
    },

    get: oneRequest,

    /** The request of a rental, for the thread page (a party only). */
    async forRental(rentalId: number, userId: string): Promise<BookingRequest> {
      const row = await repo.requestForRental(rentalId);
      if (!row || (row.renter_id !== userId && row.lender_id !== userId)) throw notFound('Request not found');
      return (await toRequests([row], userId))[0]!;
    },

    /**
     * A request to book a member's piece: in one transaction the unit's days are held like a
     * booking's (so nobody else takes them), the rental and its order are written (waiting for
     * payment) and the authorisation of the price on her card is recorded; the card is asked after
     * the commit. The lender has 48 hours to answer.
     */
    async request(userId: string, input: BookRentalInput): Promise<BookingRequest> {
      const { startDate, endDate } = rangeOf(input);
      const item = await catalogue.getItem(input.itemId);
      if (!(item.sizes as string[]).includes(input.size)) {
        throw new DomainError('VALIDATION_FAILED', `Invalid body: size ${input.size} is not offered for this item`, {
          issues: [{ path: 'size', message: `must be one of ${item.sizes.join(', ')}` }],
        });
      }
      if (!item.fromMember) throw conflict(LENDING_MESSAGES.memberPiecesOnly, { action: 'book' });
      const card = await plans.cardForCharge(userId);
      if (!card)
        throw new DomainError('CARD_REQUIRED', LENDING_MESSAGES.cardRequired, { details: { itemId: input.itemId } });
      const delivery = await orders.resolveDelivery(userId, input, await plans.getPickup(userId));
      const handoff = handoffOf(delivery.method);
      const held = catalogue.occupancy(startDate, endDate, handoff);
      const now = nowIso();
      const expiresAt = new Date(ctx.clock().getTime() + REQUEST_ANSWER_HOURS * 3_600_000).toISOString();

      const made = await db.transaction().execute(async (trx) => {
        if (!(await repo.memberIsActive(trx, userId))) throw unauthenticated();
        const row = await repo.itemForRequest(trx, input.itemId);
        if (!row || row.status !== 'active') throw notFound('Item not found');
        if (!row.owner_id) throw conflict(LENDING_MESSAGES.memberPiecesOnly, { action: 'book' });
        if (row.owner_id === userId) throw new DomainError('FORBIDDEN', RENTAL_MESSAGES.ownListing);
        if (await repo.hasOpenRental(trx, userId, input.itemId))
          throw new DomainError('ALREADY_RENTED', RENTAL_MESSAGES.alreadyRentedBody);
        const unitId = await catalogue.freeUnitFor(trx, input.itemId, input.size, held);
        if (unitId === null) {
          const next = await catalogue.nextFreeDate(
            trx,
            input.itemId,
            input.size,
            startDate,
            Math.max(1, daysBetween(startDate, endDate)),
            handoff,
          );
          throw new DomainError('SOLD_OUT', RENTAL_MESSAGES.soldOut, {
            details: { nextFreeDate: next, size: input.size },
          });
        }
        const price = rentalPriceCents(row.rental_price_cents, startDate, endDate);
        const order = await orders.create(trx, {
          userId,
          status: 'pending_payment',
          plan: 'weekly',
          coveredByPlan: false,
          totalCents: price,
          delivery,
          card: { brand: card.brand, lastFour: card.lastFour },
        });
        const bookingId = await repo.insertBooking(trx, {
          unit_id: unitId,
          item_id: input.itemId,
          start_date: held.start,
          end_date: held.end,
          created_at: now,
        });
        const rentalId = await repo.insertRental(trx, {
          user_id: userId,
          item_id: input.itemId,
          booking_id: bookingId,
          unit_id: unitId,
          size: input.size,
          start_date: startDate,
          end_date: endDate,
          // Member pieces are paid per piece: the lender's share comes from the price (decision 0035).
          plan: 'weekly',
          price_cents: price,
          charge_cents: 0,
          lender_id: row.owner_id,
          lender_earnings_cents: lenderShareCents(price),
          pickup_option: delivery.method,
          billing_period_start: null,
          extensions: 0,
          returned_at: null,
          created_at: now,
          order_id: order.id,
          cancelled_at: null,
        });
        const requestId = await repo.insertRequest(trx, {
          rental_id: rentalId,
          item_id: input.itemId,
          renter_id: userId,
          lender_id: row.owner_id,
          expires_at: expiresAt,
          created_at: now,
        });
        const entry = await payments.record(trx, {
          userId,
          purpose: 'lending_request',
          kind: 'authorise',
          amountCents: price,
          description: `Request: ${row.name}, ${input.size}, ${startDate} to ${endDate}`,
          idempotencyKey: `request:${requestId}:authorise`,
          orderId: order.id,
          rentalId,
          card,
          context: { requestId },
        });
        await repo.setAuthorisation(trx, requestId, entry.id);
        return { requestId, entry };
      });
      const outcome = await payments.run(made.entry.id);
      if (outcome.status === 'declined') {
        throw new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
          details: {
            declineCode: outcome.code,
            itemId: input.itemId,
          },
        });
      }
      if (outcome.status === 'failed')
        throw new Error(`the request's authorisation was refused as a request: ${outcome.code}`);
      log.info({ requestId: made.requestId, itemId: input.itemId }, 'booking request made');
      return oneRequest(made.requestId, userId);
    },

    /**
     * The lender accepts: the request moves from pending to accepted by a conditional update (of
     * two accepts at once, one does; the other gets 409), and the capture of the authorisation is
     * recorded in that transaction with the request's key, then sent: captured once.
     */
    async accept(lenderId: string, id: number): Promise<BookingRequest> {
      const at = nowIso();
      const capture = await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (row.status !== 'pending') throw conflict(notPendingMessage(row.status), { status: row.status });
        if (row.expires_at <= at) throw conflict(LENDING_MESSAGES.expired, { status: 'expired' });
        if (!(await repo.move(trx, id, ['pending'], 'accepted', at, { notExpiredAt: at })))
          throw conflict(LENDING_MESSAGES.alreadyAnswered);
        const auth = row.authorisation_entry_id !== null ? await payments.find(row.authorisation_entry_id, trx) : null;
        if (!auth || auth.status !== 'succeeded')
          throw new Error(`request ${id} is pending without a succeeded authorisation`);
        return payments.record(trx, {
          userId: row.renter_id,
          purpose: 'lending_request',
          kind: 'capture',
          amountCents: auth.amountCents,
          description: `Rental: ${row.item_name}, ${row.size}, ${row.start_date} to ${row.end_date}`,
          idempotencyKey: `request:${id}:capture`,
          orderId: row.order_id,
          rentalId: row.rental_id,
          target: auth,
          context: { requestId: id },
        });
      });
      await runQuietly(capture);
      return oneRequest(id, lenderId);
    },

    /** The lender declines: the days are freed at once and the authorisation voided; the renter is told. */
    async decline(lenderId: string, id: number): Promise<BookingRequest> {
      const at = nowIso();
      const voided = await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (row.status !== 'pending' || !(await repo.move(trx, id, ['pending'], 'declined', at)))
          throw conflict(notPendingMessage(row.status), { status: row.status });
        return endPending(trx, row, 'declined', at);
      });
      await runQuietly(voided);
      return oneRequest(id, lenderId);
    },

    /**
     * The renter withdraws her request while it waits for the lender: the same conditional update
     * from pending as an answer (of a withdrawal and an accept at once, one wins; the other gets
     * 409), then what a decline does: the days freed, the authorisation voided; the lender is told.
     * 404 for anyone but the two parties, 403 for the lender.
     */
    async withdraw(renterId: string, id: number): Promise<BookingRequest> {
      const at = nowIso();
      const voided = await db.transaction().execute(async (trx) => {
        await repo.lockRequest(trx, id);
        const row = await repo.request(id, trx);
        if (!row || (row.renter_id !== renterId && row.lender_id !== renterId)) throw notFound('Request not found');
        if (row.renter_id !== renterId) throw new DomainError('FORBIDDEN', LENDING_MESSAGES.onlyRenterWithdraws);
        if (row.status !== 'pending' || !(await repo.move(trx, id, ['pending'], 'withdrawn', at)))
          throw conflict(LENDING_MESSAGES.notPending, { status: row.status });
        return endPending(trx, row, 'withdrawn', at);
      });
      await runQuietly(voided);
      log.info({ requestId: id }, 'booking request withdrawn');
      return oneRequest(id, renterId);
    },

    /**
     * Ends every pending request whose 48 hours have passed (the durable queue's request-expiry
     * job, every scan interval): each in its own transaction, by the same conditional update as an
     * answer, so a lender's late accept and the expiry never both win. Idempotent.
     */
    async expireDue(): Promise<number> {
      const at = nowIso();
      let expired = 0;
      for (const { id } of await repo.expiredIds(at, EXPIRY_BATCH)) {
        const voided = await db.transaction().execute(async (trx) => {
          await repo.lockRequest(trx, id);
          const row = await repo.request(id, trx);
          if (!row || !(await repo.move(trx, id, ['pending'], 'expired', at, { expiredAt: at }))) return undefined;
          return endPending(trx, row, 'expired', at);
        });
        if (voided === undefined) continue;
        expired += 1;
        await runQuietly(voided);
      }
      if (expired) log.info({ expired }, 'booking requests expired');
      return expired;
    },

    /* ---------------------------------------------------------------- handover */

    /** The lender sends her piece (delivery) or hands it over (pickup); the renter is told. */
    async send(lenderId: string, id: number): Promise<BookingRequest> {
      await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (row.status !== 'accepted') throw conflict(LENDING_MESSAGES.notAccepted, { status: row.status });
        if (row.dispatched_at) throw conflict(LENDING_MESSAGES.alreadySent);
        await units.lenderSend(lenderId, row.rental_id, trx);
        const handoff = handoffOf(row.pickup_option);
        await notifications.notify(trx, {
          kind: 'lending_sent',
          subjectType: 'request',
          subjectId: String(row.id),
          userId: row.renter_id,
          data: { itemName: row.item_name, lenderName: row.lender_name, startDate: row.start_date, handoff },
        });
      });
      return oneRequest(id, lenderId);
    },

    /**
     * The lender has the piece back (whether or not the renter pressed Return): the rental ends,
     * graded as she says (good unless told), a late return's fee charged once, and the piece held
     * for the cleaning window, which she does.
     */
    async back(lenderId: string, id: number, condition: Condition = 'good'): Promise<BookingRequest> {
      if (!(CONDITIONS as readonly string[]).includes(condition))
        throw new DomainError('VALIDATION_FAILED', 'Invalid body: condition', {
          issues: [{ path: 'condition', message: `must be one of ${CONDITIONS.join(', ')}` }],
        });
      const fee = await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (row.status !== 'accepted' || !row.dispatched_at) throw conflict(LENDING_MESSAGES.notSent);
        if (row.checked_in_at) throw conflict(LENDING_MESSAGES.alreadyBack);
        return units.lenderBack(lenderId, row.rental_id, condition, trx);
      });
      if (fee !== null) await units.runLateFee(fee);
      return oneRequest(id, lenderId);
    },

    /** The lender has cleaned it: bookable again at once (else after the cleaning window by itself). */
    async cleaned(lenderId: string, id: number): Promise<BookingRequest> {
      await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (!row.checked_in_at) throw conflict(LENDING_MESSAGES.notBack);
        if (row.booking_released_at) throw conflict(LENDING_MESSAGES.notCleaning);
        await units.lenderCleaned(row.rental_id, trx);
      });
      return oneRequest(id, lenderId);
    },

    /** Condition photos by the lender when she sends it (sent) or has it back (returned); checked like a listing's. */
    async addPhotos(
      lenderId: string,
      id: number,
      stage: 'sent' | 'returned',
      files: UploadedFile[],
    ): Promise<BookingRequest> {
      const row = await partyRequest(id, lenderId);
      if (row.lender_id !== lenderId) throw new DomainError('FORBIDDEN', 'Only the lender adds handover photos.');
      if (row.status !== 'accepted') throw conflict(LENDING_MESSAGES.notAccepted);
      if (files.length === 0)
        throw new DomainError('VALIDATION_FAILED', 'Add at least one photo', {
          issues: [{ path: 'photos', message: 'Add at least one photo' }],
        });
      if (files.length > MAX_HANDOVER_PHOTOS)
        throw new DomainError('VALIDATION_FAILED', `At most ${MAX_HANDOVER_PHOTOS} photos`, {
          issues: [{ path: 'photos', message: `at most ${MAX_HANDOVER_PHOTOS} photos` }],
        });
      const images = await preparePhotos(files);
      await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
        const at = nowIso();
        await db.transaction().execute(async (trx) => {
          await trx.selectFrom('rentals').select('id').where('id', '=', row.rental_id).forUpdate().execute();
          const count = await repo.photoCount(trx, row.rental_id, stage);
          if (count + images.length > MAX_HANDOVER_PHOTOS) {
            throw new DomainError(
              'VALIDATION_FAILED',
              `At most ${MAX_HANDOVER_PHOTOS} photos: this has ${count} already.`,
              { issues: [{ path: 'photos', message: `at most ${MAX_HANDOVER_PHOTOS} photos` }] },
            );
          }
          await repo.insertPhotos(
            trx,
            images.map((img, i) => ({
              rental_id: row.rental_id,
              stage,
              position: count + i,
              file_name: names[i]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: at,
            })),
          );
        });
      });
      return oneRequest(id, lenderId);
    },

    /** A handover photo, for the two parties (and staff while a claim is open). */
    async photo(
      userId: string,
      staff: boolean,
      rentalId: number,
      stage: string,
      position: number,
    ): Promise<{ data: Buffer; contentType: string } | null> {
      const parties = await repo.parties(rentalId);
      if (!parties) return null;
      if (parties.user_id !== userId && parties.lender_id !== userId && !(staff && (await staffMayRead(rentalId))))
        return null;
      const row = await repo.photoAt(rentalId, stage, position);
      if (!row) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },

    /* ---------------------------------------------------------------- messages */

    /**
     * The thread of a request or rental between a member and a lender: the two parties only
     * (403 for anyone else), and staff while a claim on it is open. Reading it marks it read.
     */
    async thread(userId: string, staff: boolean, rentalId: number): Promise<Thread> {
      const parties = await repo.parties(rentalId);
      if (!parties || !parties.lender_id) throw notFound('Conversation not found');
      const party = parties.user_id === userId || parties.lender_id === userId;
      if (!party && !(staff && (await staffMayRead(rentalId))))
        throw new DomainError('FORBIDDEN', LENDING_MESSAGES.threadClosed);
      const rows = await repo.messages(rentalId);
      if (party && rows.length) await repo.markRead(db, rentalId, userId, rows[rows.length - 1]!.id);
      const first = (name: string | null) => (name ?? '').split(' ')[0] || 'Member';
      const messages: Message[] = rows.map((m) => {
        const role = m.sender_id === parties.lender_id ? 'lender' : 'renter';
        return {
          id: m.id,
          from: first(role === 'lender' ? parties.lender_name : parties.renter_name),
          mine: m.sender_id === userId,
          role,
          body: m.body,
          createdAt: m.created_at,
        };
      });
      return {
        rentalId,
        itemName: parties.item_name,
        renterName: parties.renter_name,
        lenderName: parties.lender_name ?? '',
        messages,
      };
    },

    /** Writes in a thread (the two parties only); the other is notified (in the app and by e-mail, through the queue). */
    async sendMessage(userId: string, rentalId: number, body: string): Promise<Message> {
      const parties = await repo.parties(rentalId);
      if (!parties || !parties.lender_id) throw notFound('Conversation not found');
      if (parties.user_id !== userId && parties.lender_id !== userId)
        throw new DomainError('FORBIDDEN', LENDING_MESSAGES.threadClosed);
      const to = parties.user_id === userId ? parties.lender_id : parties.user_id;
      const fromName = (parties.user_id === userId ? parties.renter_name : parties.lender_name) ?? 'Member';
      const at = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const messageId = await repo.insertMessage(trx, {
          rental_id: rentalId,
          sender_id: userId,
          body,
          created_at: at,
        });
        await repo.markRead(trx, rentalId, userId, messageId);
        await notifications.notify(trx, {
          kind: 'lending_message',
          subjectType: 'message',
          subjectId: String(messageId),
          userId: to,
          data: { itemName: parties.item_name, fromName: fromName.split(' ')[0] || fromName, rentalId },
        });
        return messageId;
      });
      return {
        id,
        from: fromName.split(' ')[0] || fromName,
        mine: true,
        role: parties.user_id === userId ? 'renter' : 'lender',
        body,
        createdAt: at,
      };
    },

    /** Messages from the other party she has not read, over all her threads. */
    async unreadCount(userId: string): Promise<number> {
      let n = 0;
      for (const v of (await repo.unreadByRental(userId)).values()) n += v;
      return n;
    },

    /* ---------------------------------------------------------------- the lender's calendar */

    async calendar(lenderId: string, itemId: number): Promise<LenderCalendar> {
      const item = await repo.ownedItem(itemId);
      if (!item || item.owner_id !== lenderId) throw notFound('Item not found');
      const from = today();
      const [blocks, held] = await Promise.all([repo.blocks(itemId, from), repo.rentalsHolding(itemId, from)]);
      return {
        itemId,
        itemName: item.name,
        blocks: blocks.map((b): LenderBlock => ({
          id: b.id,
          itemId: b.item_id,
          startDate: b.start_date,
          endDate: b.end_date,
          createdAt: b.created_at,
        })),
        booked: held.map((h) => ({ startDate: h.held_from, endDate: h.held_until, status: 'booked' })),
      };
    },

    /**
     * Blocks days of her piece: every unit of it is held for [start, end) by a booking without a
     * rental (the held days browse, the calendar and booking already respect). Days already held
     * by a rental or request cannot be blocked (409); two blocks at once over the same days: one.
     */
    async block(lenderId: string, itemId: number, input: BlockDatesInput): Promise<LenderBlock> {
      // The booking horizon of requests and rentals: a block far ahead would hold the piece for years.
      const problem = startDateProblem(input.startDate, today());
      if (problem) throw invalidStart(problem);
      const at = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const item = await repo.ownedItem(itemId, trx);
        if (!item || item.owner_id !== lenderId || item.status === 'removed') throw notFound('Item not found');
        // The units' locks, then a look at their held days (the order a booking takes).
        const unitIds = (await repo.units(trx, itemId)).map((u) => u.id);
        for (const unitId of unitIds) {
          await repo.lockUnit(trx, unitId);
          if (await repo.unitBusy(trx, unitId, input.startDate, input.endDate))
            throw conflict(LENDING_MESSAGES.blockOverlapsBooking);
        }
        const blockId = await repo.insertBlock(trx, {
          item_id: itemId,
          lender_id: lenderId,
          start_date: input.startDate,
          end_date: input.endDate,
          created_at: at,
        });
        for (const unitId of unitIds) {
          const bookingId = await repo.insertBooking(trx, {
            unit_id: unitId,
            item_id: itemId,
            start_date: input.startDate,
            end_date: input.endDate,
            created_at: at,
          });
          await repo.linkBlockBooking(trx, blockId, bookingId);
        }
        return blockId;
      });
      return { id, itemId, startDate: input.startDate, endDate: input.endDate, createdAt: at };
    },

    /** Frees blocked days again. */
    async unblock(lenderId: string, itemId: number, blockId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const block = await repo.block(blockId, trx);
        if (!block || block.lender_id !== lenderId || block.item_id !== itemId || block.removed_at)
          throw notFound(LENDING_MESSAGES.blockNotFound);
        await repo.removeBlock(trx, blockId, nowIso());
      });
    },
  };
}

export type LendingService = ReturnType<typeof createLendingService>;
