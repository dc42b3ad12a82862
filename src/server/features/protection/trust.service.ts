import { addDays, daysBetween } from '../../../domain/calendar';
import type { BookingRequest } from '../../../domain/lending';
import {
  PROTECTION_MESSAGES as M,
  PROTECTION_SETTINGS,
  depositFor,
  outsidePolicyDays,
  type PiecePolicyInput,
  type InstantBookEligibility,
  type PieceTerms,
  type Verification,
  type VerificationInput,
} from '../../../domain/protection';
import type { BookRentalInput } from '../../../domain/rentals';
import { DomainError, notFound } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { RateLimit } from '../../rate-limit';
import { isUniqueViolation } from '../payments';
import type { IdentityProvider } from './identity-provider';
import type { LenderPolicyService } from './lender-policy.service';
import { LENDER_POLICY_SETTINGS, type CancellationPolicy } from '../../../domain/lender-policies';
import { createProtectionRepository } from './protection.repository';

/** Identity checks per member and day: each reaches the provider (and costs). */
const CHECKS: RateLimit = { name: 'identity-check', max: 5, windowMs: 24 * 60 * 60_000 };

/** What Instant Book needs of the lending feature: a request, and its acceptance as the lender. */
export interface InstantBookLending {
  request(userId: string, input: BookRentalInput): Promise<BookingRequest>;
  accept(lenderId: string, id: number): Promise<BookingRequest>;
  get(id: number, userId: string): Promise<BookingRequest>;
}

/**
 * Lender policies, verified members and Instant Book (decision 0064). A lender sets her piece's
 * policy; a renter reads its terms (policy, deposit, cover fee, the lender's badge) before she
 * books. Identity checks go to the provider; only its signed webhook changes a check, each event
 * once (its id is a primary key) and a decided check never again (a conditional update). Instant
 * Book is a request accepted at once, for verified members on pieces whose lender opted in.
 */
export function createTrustService(
  ctx: AppContext,
  deps: {
    identity: IdentityProvider;
    lending: InstantBookLending;
    /** A lender's record of cancellations (decision 0067). */
    policies: Pick<LenderPolicyService, 'lenderRecord'>;
  },
) {
  const { db } = ctx.database;
  const repo = createProtectionRepository(db);
  const log = ctx.logger.child({ feature: 'verification' });
  const nowIso = () => ctx.clock().toISOString();

  async function terms(itemId: number): Promise<PieceTerms> {
    const item = await repo.item(itemId);
    if (!item) throw notFound('Item not found');
    const p = await repo.policy(itemId);
    const record = item.owner_id
      ? await deps.policies.lenderRecord(item.owner_id)
      : { cancellations: 0, pausedUntil: null };
    return {
      itemId,
      fromMember: item.owner_id !== null,
      minDays: p?.min_days ?? 1,
      maxDays: p?.max_days ?? 30,
      cleaning: p?.cleaning ?? '',
      depositRequired: p?.deposit_required === 1,
      // A member's piece asks it (by her policy or the value rule); the house's ask none (decision 0068).
      depositCents: item.owner_id !== null ? depositFor(item.retail_price_cents, p?.deposit_required === 1) : 0,
      verificationRequired: verifyToRent(item),
      instantBook: item.owner_id !== null && p?.instant_book === 1,
      coverFeeCents: PROTECTION_SETTINGS.coverFeeCents,
      lenderVerified: item.owner_id !== null && (await repo.isVerified(item.owner_id)),
      cancellationPolicy: (p?.cancellation_policy as CancellationPolicy | undefined) ?? 'flexible',
      noticeDays: p?.notice_days ?? 0,
      longDiscountPercent: p?.long_discount_percent ?? 0,
      longRentalDays: LENDER_POLICY_SETTINGS.longRentalDays,
      lenderCancellations: record.cancellations,
      lenderPausedUntil: record.pausedUntil,
    };
  }

  /** Whether renting the piece asks a verified identity: a member's piece at or above the setting (decision 0068). */
  function verifyToRent(item: { owner_id: string | null; retail_price_cents: number }): boolean {
    return item.owner_id !== null && item.retail_price_cents >= PROTECTION_SETTINGS.verifiedRenterThresholdCents;
  }

  /** Why Instant Book is not offered to her (not verified, a report open, rated under 4), or null: the one rule. */
  async function instantBookRefusal(userId: string): Promise<DomainError | null> {
    if (!(await repo.isVerified(userId))) return new DomainError('FORBIDDEN', M.instantBookUnverified);
    if (await repo.hasOpenReport(userId)) return new DomainError('FORBIDDEN', M.instantBookOpenReport);
    const rating = await repo.renterRating(userId);
    if (rating && rating.avg < 4) return new DomainError('FORBIDDEN', M.instantBookRating);
    return null;
  }

  async function verification(userId: string): Promise<Verification> {
    const latest = await repo.latestCheck(userId);
    const verified = await repo.isVerified(userId);
    return {
      status: verified ? 'approved' : ((latest?.status as Verification['status']) ?? 'none'),
      verified,
      updatedAt: latest?.updated_at ?? null,
    };
  }

  /** A webhook from the provider: applied once if its signature holds; a replay or a forgery changes nothing. */
  async function receiveWebhook(
    rawBody: string,
    signature: string | null | undefined,
  ): Promise<{ duplicate: boolean; changed: boolean }> {
    const event = deps.identity.verifyWebhook(rawBody, signature);
    if (!event) throw new DomainError('BAD_REQUEST', M.badSignature);
    const at = nowIso();
    const result = await db.transaction().execute(async (trx) => {
      const fresh = await repo.recordEvent(trx, {
        event_id: event.id,
        provider_ref: event.ref,
        type: event.type,
        received_at: at,
      });
      if (!fresh) return { duplicate: true, changed: false };
      return { duplicate: false, changed: await repo.decideCheck(trx, event.ref, event.outcome, at) };
    });
    log.info({ eventId: event.id, ref: event.ref, outcome: event.outcome, ...result }, 'identity webhook');
    return result;
  }

  return {
    terms,
    verification,
    receiveWebhook,
    isVerified: (userId: string) => repo.isVerified(userId),

    /** A member's piece worth the setting or more is rented by verified members only (lending's requests ask). */
    async mayRent(userId: string, itemId: number): Promise<DomainError | null> {
      const item = await repo.item(itemId);
      if (!item || !verifyToRent(item) || (await repo.isVerified(userId))) return null;
      const threshold = formatCents(PROTECTION_SETTINGS.verifiedRenterThresholdCents);
      return new DomainError('FORBIDDEN', M.verifyToRent(threshold), { details: { needs: 'identity_verification' } });
    },

    /** Whether she may Instant Book (the item page asks): and why not, in her words. */
    async instantBookEligibility(userId: string): Promise<InstantBookEligibility> {
      const refusal = await instantBookRefusal(userId);
      return { eligible: refusal === null, reason: refusal?.message ?? null };
    },

    /** The lender's policy on her piece (404 for a piece that is not there, 403 for one not hers). */
    async setPolicy(userId: string, itemId: number, input: PiecePolicyInput): Promise<PieceTerms> {
      const item = await repo.item(itemId);
      if (!item) throw notFound('Item not found');
      if (item.owner_id !== userId) throw new DomainError('FORBIDDEN', M.notYourPiece);
      await repo.upsertPolicy({
        item_id: itemId,
        min_days: input.minDays,
        max_days: input.maxDays,
        cleaning: input.cleaning,
        deposit_required: input.depositRequired ? 1 : 0,
        instant_book: input.instantBook ? 1 : 0,
        cancellation_policy: input.cancellationPolicy,
        notice_days: input.noticeDays,
        long_discount_percent: input.longDiscountPercent,
        updated_at: nowIso(),
      });
      return terms(itemId);
    },

    /** Instant Book on her piece, on or off, the rest of its policy unchanged (her listing's control). */
    async setInstantBook(userId: string, itemId: number, on: boolean): Promise<PieceTerms> {
      const item = await repo.item(itemId);
      if (!item) throw notFound('Item not found');
      if (item.owner_id !== userId) throw new DomainError('FORBIDDEN', M.notYourPiece);
      await repo.setInstantBook(itemId, on, nowIso());
      return terms(itemId);
    },

    /**
     * Starts an identity check (document and selfie to the provider). One under way per member
     * (a partial unique index: two starts at once make one). In test mode the provider's webhook
     * arrives at once, through the same signed path as a real one.
     */
    async startVerification(userId: string, input: VerificationInput): Promise<Verification> {
      const v = await ctx.limits.take(CHECKS, userId);
      if (!v.allowed)
        throw new DomainError('RATE_LIMITED', 'Too many identity checks today. Please try again tomorrow.', {
          details: { retryAfterSeconds: v.retryAfterSeconds },
        });
      const latest = await repo.latestCheck(userId);
      if (await repo.isVerified(userId)) throw new DomainError('CONFLICT', M.alreadyVerified);
      if (latest && (latest.status === 'pending' || latest.status === 'needs_review'))
        throw new DomainError('CONFLICT', M.checkPending);
      const { ref } = await deps.identity.startCheck({
        userId,
        documentType: input.documentType,
        documentNumber: input.documentNumber,
        selfie: input.selfie,
        idempotencyKey: `identity:${userId}:after:${latest?.id ?? 0}`,
      });
      const at = nowIso();
      try {
        await repo.insertCheck({
          user_id: userId,
          provider: deps.identity.name,
          provider_ref: ref,
          status: 'pending',
          created_at: at,
          updated_at: at,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONFLICT', M.checkPending);
        throw err;
      }
      const simulated = deps.identity as IdentityProvider & {
        delivery?: (ref: string) => { body: string; signature: string } | null;
      };
      const d = simulated.delivery?.(ref);
      if (d) await receiveWebhook(d.body, d.signature);
      return verification(userId);
    },

    /**
     * Instant Book: a verified renter with no open report and (if rated) a rating of 4 or more
     * books a lender's opted-in piece at once (her request, accepted as the lender would), within
     * the piece's minimum and maximum days; the request holds its deposit, if any, on her card.
     */
    async instantBook(userId: string, input: BookRentalInput): Promise<BookingRequest> {
      const item = await repo.item(input.itemId);
      if (!item) throw notFound('Item not found');
      const policy = await repo.policy(input.itemId);
      if (item.owner_id === null || policy?.instant_book !== 1) throw new DomainError('CONFLICT', M.instantBookOff);
      const refusal = await instantBookRefusal(userId);
      if (refusal) throw refusal;
      const start = input.startDate ?? ctx.today();
      const days = daysBetween(start, input.endDate ?? addDays(start, 7));
      const outside = outsidePolicyDays(days, { minDays: policy.min_days, maxDays: policy.max_days });
      if (outside) throw outside;
      // The request authorises the price and the deposit the piece asks (decision 0068); accepted at once.
      const request = await deps.lending.request(userId, input);
      await deps.lending.accept(item.owner_id, request.id);
      log.info({ userId, itemId: input.itemId, rentalId: request.rentalId }, 'instant book');
      return deps.lending.get(request.id, userId);
    },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
