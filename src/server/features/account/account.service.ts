import type { BookingsCore } from '../bookings';
import Bowser from 'bowser';
import { GenderSchema, type DeviceSession, type Profile, type ProfileUpdate } from '../../../domain/auth.schema';
import type { AppContext } from '../../context';
import { QUEUES } from '../../jobs/queues';
import { DomainError, notFound } from '../../../domain/errors';
import { claimPhotoUrl } from '../claims';
import { reviewPhotoUrl } from '../reviews';
import { ACCOUNT_LIMITS, accountLimitsOf } from './account.limits';
import { createAccountRepository } from './account.repository';

/** A session's "last active" is written at most this often (one small write per member and period). */
export const SESSION_ACTIVITY_GRANULARITY_MS = 5 * 60 * 1000;

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** "Chrome 131", "Safari 18.1" and "macOS", "iOS 18" from a user agent; "Unknown ..." when it says nothing. */
export function describeUserAgent(
  userAgent: string | null | undefined,
): Pick<DeviceSession, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system', deviceType: 'unknown' };
  const ua = Bowser.parse(userAgent);
  const major = ua.browser.version?.split('.').slice(0, 1).join('');
  const browser = ua.browser.name ? `${ua.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
  const osVersion = ua.os.versionName ?? ua.os.version?.split('.').slice(0, 2).join('.');
  const os = ua.os.name ? `${ua.os.name}${osVersion ? ` ${osVersion}` : ''}` : 'Unknown system';
  const type = ua.platform.type;
  const deviceType = type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown';
  return { browser, os, deviceType };
}

export function createAccountService(
  ctx: AppContext,
  deps: {
    /** Cancels one of her reservations not sent yet (the rentals feature's Cancel: a full refund). */
    cancelReservation: (userId: string, rentalId: number) => Promise<unknown>;
    core: BookingsCore;
  },
) {
  const repo = createAccountRepository(ctx.database.db);
  const limiter = accountLimitsOf(ctx.limits);
  const now = () => ctx.clock().toISOString();
  const { cancelReservation, core } = deps;

  async function getProfile(userId: string): Promise<Profile> {
    const row = await repo.findProfile(userId);
    if (!row) throw notFound('Account not found');
    const gender = GenderSchema.safeParse(row.gender);
    return {
      id: row.id,
      email: row.email,
      fullName: row.full_name ?? row.name,
      gender: gender.success ? gender.data : 'prefer-not-to-say',
      emailVerified: Boolean(row.emailVerified),
      createdAt: iso(row.createdAt),
    };
  }

  /** True when `password` is the member's current password. */
  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const hash = await repo.credentialHash(userId);
    if (!hash) return false;
    const authContext = await ctx.auth.$context;
    return authContext.password.verify({ hash, password });
  }

  return {
    getProfile,

    /** Changes name, gender (and picture) in the account and the profile at once. */
    async updateProfile(userId: string, patch: ProfileUpdate): Promise<Profile> {
      if (!(await repo.updateProfile(userId, patch, now()))) throw notFound('Account not found');
      return getProfile(userId);
    },

    /** The member's signed-in devices, the current one marked, most recently used first. */
    async listSessions(userId: string, currentSessionId: string): Promise<DeviceSession[]> {
      const rows = await repo.listSessions(userId);
      const at = ctx.clock().getTime();
      return rows
        .filter((r) => new Date(iso(r.expiresAt)).getTime() > at)
        .map((r) => ({
          id: r.id,
          ...describeUserAgent(r.userAgent),
          lastActiveAt: iso(r.updatedAt),
          signedInAt: iso(r.createdAt),
          current: r.id === currentSessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
    },

    /** Signs one device out (not this one: that is Sign Out). */
    async endSession(userId: string, currentSessionId: string, sessionId: string): Promise<void> {
      if (sessionId === currentSessionId)
        throw new DomainError('BAD_REQUEST', 'This is the device you are using: use Sign Out instead.');
      if (!(await repo.deleteSession(userId, sessionId))) throw notFound('Session not found');
    },

    /** Signs every other device out; returns how many. */
    async endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
      return repo.deleteOtherSessions(userId, currentSessionId);
    },

    /** Notes that the session was used (at most once per SESSION_ACTIVITY_GRANULARITY_MS). */
    async touchSession(sessionId: string, lastSeen: Date | null): Promise<void> {
      const at = ctx.clock().getTime();
      if (lastSeen && at - lastSeen.getTime() < SESSION_ACTIVITY_GRANULARITY_MS) return;
      await repo.touchSession(
        sessionId,
        new Date(at).toISOString(),
        new Date(at - SESSION_ACTIVITY_GRANULARITY_MS).toISOString(),
      );
    },

    /** Everything we hold about the member, as one JSON document (never a card number or CVV: we have none). */
    async exportData(userId: string): Promise<Record<string, unknown>> {
      await limiter.enforce(
        `acct:export:${userId}`,
        ACCOUNT_LIMITS.exportsPerMember,
        'You have downloaded your data many times this hour. Please try again later.',
      );
      const d = await repo.exportRows(userId);
      if (!d.user) throw notFound('Account not found');
      return {
        format: 'rentique-member-data',
        version: 1,
        exportedAt: now(),
        account: {
          id: d.user.id,
          email: d.user.email,
          emailVerified: Boolean(d.user.emailVerified),
          image: d.user.image ?? null,
          createdAt: iso(d.user.createdAt),
        },
        profile: d.profile
          ? { fullName: d.profile.full_name, gender: d.profile.gender, updatedAt: d.profile.updated_at }
          : null,
        plan: d.subscription
          ? {
              plan: d.subscription.plan,
              itemCount: d.subscription.item_count,
              status: d.subscription.status,
              startedAt: d.subscription.started_at,
            }
          : null,
        card: d.card
          ? {
              brand: d.card.brand,
              lastFour: d.card.last_four,
              expiry: `${d.card.expiry_month}/${d.card.expiry_year}`,
              cardholderName: d.card.cardholder_name,
              billingAddress: {
                street: d.card.billing_street,
                city: d.card.billing_city,
                state: d.card.billing_state,
                zipCode: d.card.billing_zip,
                country: d.card.billing_country,
              },
              updatedAt: d.card.updated_at,
            }
          : null,
        pickupOption: d.pickup?.pickup_option ?? null,
        deliveryAddress: d.deliveryAddress
          ? {
              recipientName: d.deliveryAddress.recipient_name,
              line1: d.deliveryAddress.line1,
              line2: d.deliveryAddress.line2,
              city: d.deliveryAddress.city,
              state: d.deliveryAddress.state,
              zipCode: d.deliveryAddress.zip_code,
              country: d.deliveryAddress.country,
              updatedAt: d.deliveryAddress.updated_at,
            }
          : null,
        orders: d.orders.map((o) => ({
          number: o.number,
          status: o.status,
          plan: o.plan,
          totalCents: o.total_cents,
          delivery:
            o.delivery_method === 'in-store'
              ? { method: o.delivery_method, studio: o.studio_name, address: o.studio_address }
              : {
                  method: o.delivery_method,
                  recipientName: o.recipient_name,
                  line1: o.address_line1,
                  line2: o.address_line2,
                  city: o.address_city,
                  state: o.address_state,
                  zipCode: o.address_zip,
                },
          card: o.card_last_four ? { brand: o.card_brand, lastFour: o.card_last_four } : null,
          placedAt: o.created_at,
          cancelledAt: o.cancelled_at,
        })),
        payments: d.payments.map((p) => ({
          order: p.number,
          purpose: p.purpose,
          kind: p.kind,
          amountCents: p.amount_cents,
          status: p.status,
          card: p.card_last_four ? { brand: p.card_brand, lastFour: p.card_last_four } : null,
          description: p.description,
          at: p.created_at,
        })),
        charges: d.charges.map((c) => ({
          plan: c.plan,
          itemCount: c.item_count,
          amountCents: c.amount_cents,
          at: c.created_at,
        })),
        rentals: d.rentals.map((r) => ({
          id: r.id,
          itemId: r.item_id,
          item: `${r.brand} ${r.name}`,
          size: r.size,
          startDate: r.start_date,
          returnDate: r.end_date,
          plan: r.plan,
          priceCents: r.price_cents,
          chargedCents: r.charge_cents,
          pickupOption: r.pickup_option,
          extensions: r.extensions,
          returnedAt: r.returned_at,
          bookedAt: r.created_at,
        })),
        listings: d.listings.map((l) => ({
          itemId: l.id,
          name: l.name,
          brand: l.brand,
          category: l.category,
          description: l.description,
          rentalPriceCents: l.rental_price_cents,
          status: l.status,
          handover: l.handover,
          listedAt: l.created_at,
        })),
        favorites: d.favorites.map((f) => ({
          itemId: f.item_id,
          item: f.name ? `${f.brand} ${f.name}` : null,
          likedAt: f.liked_at,
        })),
        rsvps: d.rsvps.map((e) => ({
          eventId: e.id,
          title: e.title,
          date: e.date,
          time: e.time,
          location: e.location,
          reservedAt: e.created_at,
        })),
        devices: d.sessions.map((s) => ({
          ...describeUserAgent(s.userAgent),
          ipAddress: s.ipAddress,
          signedInAt: iso(s.createdAt),
          lastActiveAt: iso(s.updatedAt),
        })),
        fitDetails: d.fit
          ? {
              heightCm: d.fit.height_cm,
              bustCm: d.fit.bust_cm,
              waistCm: d.fit.waist_cm,
              hipsCm: d.fit.hips_cm,
              usualSize: d.fit.usual_size,
              updatedAt: d.fit.updated_at,
            }
          : null,
        reviews: d.reviews.map((r) => ({
          id: r.id,
          rentalId: r.rental_id,
          itemId: r.item_id,
          item: `${r.brand} ${r.name}`,
          rating: r.rating,
          fit: r.fit,
          sizeWorn: r.size_worn,
          occasion: r.occasion,
          text: r.body,
          fitDetails: {
            heightCm: r.height_cm,
            bustCm: r.bust_cm,
            waistCm: r.waist_cm,
            hipsCm: r.hips_cm,
            usualSize: r.usual_size,
          },
          photos: d.reviewPhotos
            .filter((p) => p.review_id === r.id)
            .map((p) => reviewPhotoUrl(r.id, p.position, p.file_name)),
          writtenAt: r.created_at,
        })),
        shortlists: d.shortlists.map((l) => ({
          name: l.name,
          items: d.shortlistItems
            .filter((i) => i.shortlist_id === l.id)
            .map((i) => ({ itemId: i.item_id, item: i.name ? `${i.brand} ${i.name}` : null, addedAt: i.created_at })),
          createdAt: l.created_at,
          updatedAt: l.updated_at,
        })),
        waitlist: d.waitlist.map((w) => ({
          itemId: w.item_id,
          item: `${w.brand} ${w.name}`,
          size: w.size,
          startDate: w.start_date,
          returnDate: w.end_date,
          status: w.status,
          joinedAt: w.created_at,
          heldAt: w.held_at,
          holdExpiresAt: w.hold_expires_at,
          rentalId: w.rental_id,
          endedAt: w.ended_at,
        })),
        bookingRequests: d.requests.map((r) => ({
          id: r.id,
          role: r.renter_id === userId ? 'renter' : 'lender',
          rentalId: r.rental_id,
          itemId: r.item_id,
          item: `${r.brand} ${r.name}`,
          size: r.size,
          startDate: r.start_date,
          returnDate: r.end_date,
          priceCents: r.price_cents,
          status: r.status,
          expiresAt: r.expires_at,
          decidedAt: r.decided_at,
          requestedAt: r.created_at,
        })),
        messages: d.messages.map((m) => ({ rentalId: m.rental_id, text: m.body, sentAt: m.created_at })),
        ratingsGiven: d.ratingsGiven.map((r) => ({
          rentalId: r.rental_id,
          as: r.side,
          stars: r.stars,
          comment: r.comment,
          ratedAt: r.created_at,
        })),
        payoutAccount: d.payoutAccount
          ? {
              holderName: d.payoutAccount.holder_name,
              lastFour: d.payoutAccount.last_four,
              updatedAt: d.payoutAccount.updated_at,
            }
          : null,
        payouts: d.payouts.map((p) => ({
          id: p.id,
          amountCents: p.amount_cents,
          status: p.status,
          to: { holderName: p.holder_name, lastFour: p.last_four },
          failure: p.failure,
          requestedAt: p.created_at,
          settledAt: p.settled_at,
        })),
        damageClaims: d.claims.map((c) => ({
          id: c.id,
          rentalId: c.rental_id,
          itemId: c.item_id,
          item: `${c.brand} ${c.name}`,
          amountCents: c.amount_cents,
          description: c.description,
          status: c.status,
          decisionNote: c.note,
          decidedAt: c.decided_at,
          photos: d.claimPhotos
            .filter((p) => p.claim_id === c.id)
            .map((p) => claimPhotoUrl(c.id, p.position, p.file_name)),
          openedAt: c.created_at,
        })),
      };
    },

    /**
     * Deletes the account (password required; refused while she has rentals out or pieces
     * rented out). Personal data goes in one transaction; every session ends.
     */
    /** How a reservation not sent yet is cancelled when she deletes her account with it (services.ts: the rentals feature's cancel). */

    async deleteAccount(
      userId: string,
      password: string,
      opts: { cancelReservations?: boolean | undefined } = {},
    ): Promise<void> {
      await limiter.enforce(
        `acct:password:${userId}`,
        ACCOUNT_LIMITS.passwordChecksPerMember,
        'Too many password attempts. Please wait a few minutes and try again.',
      );
      if (!(await passwordMatches(userId, password)))
        throw new DomainError('FORBIDDEN', 'That password is not right.', { details: { field: 'password' } });
      const attempt = (at = now()) =>
        repo.deleteAccount(userId, {
          now: at,
          today: ctx.today(),
          // Units held for her on waitlists: released by the bookings core, offered to the next member.
          releaseHolds: async (trx, bookingIds) => {
            await core.release(trx, bookingIds, at);
            await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
          },
        });
      let result = await attempt();
      // Her reservations not sent yet are all that stands in the way, and she asked: each is
      // cancelled as her Cancel does (a full refund), then the deletion runs again.
      if (!result.ok && opts.cancelReservations && result.unsent.length && !result.renting && !result.lentOut.length) {
        for (const r of result.unsent) await cancelReservation(userId, r.rentalId);
        result = await attempt();
      }
      if (!result.ok) {
        const parts: string[] = [];
        if (result.renting)
          parts.push(
            `you have ${result.renting === 1 ? 'a rental' : `${result.renting} rentals`} out: return ${result.renting === 1 ? 'it' : 'them'} first`,
          );
        const next = result.unsent[0];
        if (next) {
          const more = result.unsent.length > 1 ? ` (and ${result.unsent.length - 1} more)` : '';
          parts.push(
            `your booking of ${next.name}${more} has not been sent yet: cancel it first (a full refund), or delete and cancel together`,
          );
        }
        const first = result.lentOut[0];
        if (first) {
          const more = result.lentOut.length > 1 ? ` (and ${result.lentOut.length - 1} more)` : '';
          parts.push(`your ${first.name}${more} is rented out until ${first.endDate}`);
        }
        throw new DomainError('CONFLICT', `Your account cannot be deleted yet: ${parts.join('; ')}.`, {
          details: {
            openRentals: result.renting,
            unsentReservations: result.unsent,
            rentedOutListings: result.lentOut,
          },
        });
      }
      // Her photos (listings, reviews) leave the storage the app uses (the disk, or the S3 bucket several processes share).
      await Promise.all(
        result.files.map((f) =>
          ctx.storage.delete(f).catch((err: unknown) => ctx.logger.warn({ err, file: f }, 'could not delete upload')),
        ),
      );
      ctx.logger.info({ userId }, 'account deleted');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
