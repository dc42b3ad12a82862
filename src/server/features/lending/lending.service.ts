import type { Kysely } from 'kysely';
import { handoffOf } from '../../../domain/availability';
import {
  LENDING_MESSAGES,
  REQUEST_ANSWER_HOURS,
  type BookingRequest,
  type BookingRequestList,
} from '../../../domain/lending';
import { lenderShareCents } from '../../../domain/listings';
import { declineMessage } from '../../../domain/payments';
import { RENTAL_MESSAGES, daysBetween, rentalPriceCents, type BookRentalInput } from '../../../domain/rentals';
import { CONDITIONS, type Condition } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound, unauthenticated } from '../../../domain/errors';
import type { BookingsCore } from '../bookings';
import type { CatalogueService, ItemPicturesService } from '../catalogue';
import type { NotificationsService } from '../notifications';
import type { OrdersService, ResolvedDelivery } from '../orders';
import type { PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import type { DepositMoves } from '../protection';
import { climb, requestRangeOf, sizeOffered } from '../rentals';
import { createLendingRepository, type LendingRepository, type RequestRow } from './lending.repository';
import type { RequestSettlement } from './request-settlement';
import { requestViewsOf } from './request-view';
import { requestPolicyRefusal, requestPrice, type RequestPolicy } from './request-policy';

type RequestableItem = NonNullable<Awaited<ReturnType<LendingRepository['itemForRequest']>>>;
type Db = Kysely<DB>;

/** How many expired requests one run of the expiry job ends. */
const EXPIRY_BATCH = 200;

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

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
    core: BookingsCore;
    /** A request's money and its end (request-settlement.ts). */
    settlement: RequestSettlement;
    /** The piece's lender's policy (protection's, decisions 0064 and 0067): days, notice, discount; null for none. */
    policyDays?: (itemId: number) => Promise<RequestPolicy | null>;
    /** Decision 0068: a verified identity above a value (the refusal, or null); the deposit a piece asks. */
    mayRent?: (userId: string, itemId: number) => Promise<DomainError | null>;
    deposits?: Pick<DepositMoves, 'authorise' | 'release' | 'run'>;
  },
) {
  const { db } = ctx.database;
  const repo = createLendingRepository(db);
  const { pictures, catalogue, plans, payments, orders, notifications, core } = deps;
  const log = ctx.logger.child({ feature: 'lending' });
  const { toRequests, oneRequest } = requestViewsOf(ctx, repo, pictures);
  const today = () => ctx.today();
  const nowIso = () => ctx.clock().toISOString();
  const { endPending, runQuietly } = deps.settlement;

  /** Why an answer to a request that is no longer pending is refused. */
  const notPendingMessage = (status: string) =>
    status === 'expired' || status === 'withdrawn' ? LENDING_MESSAGES[status] : LENDING_MESSAGES.alreadyAnswered;

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
      // The booking's refusal ladder (rentals' booking-ladder.ts): the input's rungs before the
      // transaction (their reads run their own queries), the rest in it.
      let range!: { startDate: string; endDate: string };
      let delivery!: ResolvedDelivery;
      let policy: RequestPolicy | null = null;
      await climb(
        {
          // The dates, then the lender's policy: days, notice, her blocked dates (the rules Instant Book meets too).
          range: async () => {
            range = requestRangeOf(input, today());
            const refused = await deps.mayRent?.(userId, input.itemId);
            if (refused) return refused;
            policy = (await deps.policyDays?.(input.itemId)) ?? null;
            return requestPolicyRefusal(range, policy, await repo.blocks(input.itemId, today()), today());
          },
          size: async () => void (await sizeOffered(catalogue, input.itemId, input.size)),
          delivery: async () =>
            void (delivery = await orders.resolveDelivery(userId, input, await plans.getPickup(userId))),
        },
        'range',
        'delivery',
      );
      const { startDate, endDate } = range;
      const card = await plans.cardForCharge(userId);
      const handoff = handoffOf(delivery.method);
      const held = catalogue.occupancy(startDate, endDate, handoff);
      const now = nowIso();
      const expiresAt = new Date(ctx.clock().getTime() + REQUEST_ANSWER_HOURS * 3_600_000).toISOString();

      const made = await db.transaction().execute(async (trx) => {
        let row!: RequestableItem;
        let lenderId!: string;
        let unitId!: number;
        await climb(
          {
            member: async () => ((await repo.memberIsActive(trx, userId)) ? null : unauthenticated()),
            item: async () => {
              await core.lock(trx, { itemId: input.itemId });
              const found = await repo.itemForRequest(trx, input.itemId);
              if (!found || found.status !== 'active') return notFound('Item not found');
              row = found;
            },
            own: () => (row.owner_id === userId ? new DomainError('FORBIDDEN', RENTAL_MESSAGES.ownListing) : null),
            // Only a member's piece is requested: the house's are booked at once.
            path: () => {
              if (!row.owner_id) return conflict(LENDING_MESSAGES.memberPiecesOnly, { action: 'book' });
              lenderId = row.owner_id;
            },
            open: async () =>
              (await repo.hasOpenRental(trx, userId, input.itemId))
                ? new DomainError('ALREADY_RENTED', RENTAL_MESSAGES.alreadyRentedBody)
                : null,
            soldOut: async () => {
              const free = await core.freeUnitFor(trx, input.itemId, input.size, held);
              if (free !== null) return void (unitId = free);
              const days = Math.max(1, daysBetween(startDate, endDate));
              const next = await catalogue.nextFreeDate(trx, input.itemId, input.size, startDate, days, handoff);
              return new DomainError('SOLD_OUT', RENTAL_MESSAGES.soldOut, {
                details: { nextFreeDate: next, size: input.size },
              });
            },
            // Member pieces are paid per piece, whatever her plan (decision 0035): no allowance rung.
            card: () =>
              card
                ? null
                : new DomainError('CARD_REQUIRED', LENDING_MESSAGES.cardRequired, {
                    details: { itemId: input.itemId },
                  }),
          },
          'member',
        );
        if (!card) throw new Error('unreachable: the card rung refuses a request without a card');
        // Less the lender's longer-rental discount (decision 0067).
        const price = requestPrice(rentalPriceCents(row.rental_price_cents, startDate, endDate), range, policy);
        const order = await orders.create(trx, {
          userId,
          status: 'pending_payment',
          plan: 'weekly',
          coveredByPlan: false,
          totalCents: price,
          delivery,
          card: { brand: card.brand, lastFour: card.lastFour },
        });
        const { rentalId } = await core.book(trx, {
          userId,
          itemId: input.itemId,
          unitId,
          size: input.size,
          startDate,
          endDate,
          held,
          // Member pieces are paid per piece: the lender's share comes from the price (decision 0035).
          plan: 'weekly',
          priceCents: price,
          lenderId,
          lenderEarningsCents: lenderShareCents(price),
          pickupOption: delivery.method,
          billingPeriodStart: null,
          orderId: order.id,
          at: now,
        });
        const requestId = await repo.insertRequest(trx, {
          rental_id: rentalId,
          item_id: input.itemId,
          renter_id: userId,
          lender_id: lenderId,
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
        // The deposit the piece asks, authorised beside the price (decision 0068).
        const depositArgs = { rentalId, userId, itemId: input.itemId, itemName: row.name, card, at: now };
        const deposit = await deps.deposits?.authorise(trx, { ...depositArgs, retailCents: row.retail_price_cents });
        return { requestId, entry, deposit: deposit ?? null };
      });
      // The deposit first: declined, the request ends with nothing held (request-settlement.ts).
      const outcome = await deps.settlement.authorise(made.entry, made.deposit);
      if (outcome.status === 'declined') {
        const details = { declineCode: outcome.code, itemId: input.itemId };
        throw new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), { details });
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
        await core.lenderSend(lenderId, row.rental_id, trx);
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
      const back = await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (row.status !== 'accepted' || !row.dispatched_at) throw conflict(LENDING_MESSAGES.notSent);
        if (row.checked_in_at) throw conflict(LENDING_MESSAGES.alreadyBack);
        const late = await core.lenderBack(lenderId, row.rental_id, condition, trx);
        // A clean check-in releases the deposit (decision 0068); otherwise a decided claim ends it.
        const clean = condition === 'as_new' || condition === 'good';
        const release = () => deps.deposits?.release(trx, row.rental_id, lenderId, nowIso(), row.item_name);
        return { late, released: clean ? ((await release()) ?? null) : null };
      });
      if (back.late !== null) await core.lateFees.run(back.late);
      await deps.deposits?.run([back.released]);
      return oneRequest(id, lenderId);
    },

    /** The lender has cleaned it: bookable again at once (else after the cleaning window by itself). */
    async cleaned(lenderId: string, id: number): Promise<BookingRequest> {
      await db.transaction().execute(async (trx) => {
        const row = await lenderRequest(trx, id, lenderId);
        if (!row.checked_in_at) throw conflict(LENDING_MESSAGES.notBack);
        if (row.booking_released_at) throw conflict(LENDING_MESSAGES.notCleaning);
        await core.lenderCleaned(row.rental_id, trx);
      });
      return oneRequest(id, lenderId);
    },
  };
}

export type LendingRequestsService = ReturnType<typeof createLendingService>;
