import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CREDIT_MESSAGES,
  REFERRAL_JOIN_DAYS,
  canonicalEmail,
  type Referral,
  type ReferralInvite,
} from '../../../domain/credit';
import { DomainError, notFound } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { CreditService } from './credit.service';
import { createReferralsRepository } from './referrals.repository';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPart = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? '';
const status = (s: string) =>
  (s === 'rewarded' || s === 'refused' ? s : 'pending') as Referral['invited'][number]['status'];
const refuse = (code: 'FORBIDDEN' | 'CONFLICT', reason: string, message: string) =>
  new DomainError(code, message, { details: { reason } });

/**
 * Referrals (decision 0063): each member has a code; a new member who accepts it and then has
 * her first paid rental sent gives both the reward in store credit, once per friend (unique
 * friend_id; the reward by a conditional update, the credit under keys of the referral). No
 * reward for herself: not her own code, not an alias of her e-mail, not a card she paid with.
 */
export function createReferralsService(
  ctx: AppContext,
  deps: {
    credit: CreditService;
    /** Her saved card (brand and last four), to refuse a friend paying with the referrer's card. */
    cardOf: (userId: string) => Promise<{ brand: string; lastFour: string } | null>;
    hasPaidOrder: (reader: Kysely<DB>, userId: string) => Promise<boolean>;
  },
) {
  const { db } = ctx.database;
  const repo = createReferralsRepository(db);
  const nowIso = () => ctx.clock().toISOString();
  const reward = ctx.env.referralRewardCents;
  const log = ctx.logger.child({ feature: 'referrals' });

  async function codeFor(userId: string): Promise<string> {
    const known = await repo.codeOf(userId);
    if (known) return known.code;
    const member = await repo.member(db, userId);
    const stem = (firstName(member?.full_name ?? '') || 'FRIEND')
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase()
      .slice(0, 8);
    for (let i = 0; i < 5; i += 1) {
      if (await repo.insertCode(userId, `${stem || 'FRIEND'}-${randomPart(5)}`, nowIso())) break;
      const made = await repo.codeOf(userId); // another request made hers meanwhile
      if (made) return made.code;
    }
    return (await repo.codeOf(userId))!.code;
  }

  return {
    /** Her code and link, the friends who joined with it, and the invitation she accepted. */
    async mine(userId: string): Promise<Referral> {
      const code = await codeFor(userId);
      const invited = await repo.invitedBy(userId);
      const joined = await repo.joinedWith(userId);
      return {
        code,
        path: `/invite/${code}`,
        url: `${ctx.env.publicUrl}/invite/${code}`,
        rewardCents: reward,
        invited: invited.map((r) => ({
          name: firstName(r.full_name),
          status: status(r.status),
          createdAt: r.created_at,
        })),
        joinedWith: joined ? { status: status(joined.status) } : null,
      };
    },

    /** Who invites her (anyone may read it: the invitation page before she signs up). */
    async invite(code: string): Promise<ReferralInvite> {
      const row = await repo.byCode(db, code.trim().toUpperCase());
      if (!row) throw notFound(CREDIT_MESSAGES.referralUnknown);
      return { code: row.code, inviterName: firstName(row.full_name), rewardCents: reward };
    },

    /** She accepts an invitation: a new member (joined within 30 days, no paid rental yet), once. */
    async accept(userId: string, code: string): Promise<void> {
      const inviter = await repo.byCode(db, code.trim().toUpperCase());
      if (!inviter) throw notFound(CREDIT_MESSAGES.referralUnknown);
      const me = await repo.member(db, userId);
      if (!me) throw notFound('Member not found');
      if (inviter.user_id === userId || canonicalEmail(inviter.email) === canonicalEmail(me.email))
        throw refuse('FORBIDDEN', 'self', CREDIT_MESSAGES.referralOwn);
      const joinedAt = new Date(me.createdAt).getTime();
      if (ctx.clock().getTime() - joinedAt > REFERRAL_JOIN_DAYS * 86_400_000)
        throw refuse('CONFLICT', 'late', CREDIT_MESSAGES.referralLate);
      await db.transaction().execute(async (trx) => {
        if (await deps.hasPaidOrder(trx, userId)) throw refuse('CONFLICT', 'paid', CREDIT_MESSAGES.referralPaid);
        if (!(await repo.insertReferral(trx, inviter.user_id, userId, nowIso())))
          throw refuse('CONFLICT', 'taken', CREDIT_MESSAGES.referralTaken);
      });
    },

    /**
     * The scheduled job: each pending referral whose friend's first paid rental has been sent is
     * decided once (a conditional update), and, unless she paid with the referrer's card, both are
     * credited (keys referral:<id>:referrer and referral:<id>:friend). Safe to run at once anywhere.
     */
    async rewardDue(): Promise<{ rewarded: number; refused: number }> {
      let rewarded = 0;
      let refused = 0;
      const seen = new Set<number>();
      for (const r of await repo.due(200)) {
        if (seen.has(r.id)) continue; // her first such rental only
        seen.add(r.id);
        const saved = await deps.cardOf(r.referrer_id);
        const outcome = await db.transaction().execute(async (trx) => {
          const sameCard =
            !!r.card_brand &&
            !!r.card_last_four &&
            ((saved?.brand === r.card_brand && saved.lastFour === r.card_last_four) ||
              (await repo.referrerUsedCard(trx, r.referrer_id, r.card_brand, r.card_last_four)));
          const at = nowIso();
          const decided = sameCard ? 'refused' : 'rewarded';
          if (
            !(await repo.decide(trx, r.id, {
              status: decided,
              reason: sameCard ? 'same_card' : null,
              rentalId: r.rental_id,
              at,
            }))
          )
            return null;
          if (sameCard) return 'refused';
          const description = `Referral reward: ${formatCents(reward)}`;
          await deps.credit.grant(trx, {
            userId: r.referrer_id,
            kind: 'referral',
            amountCents: reward,
            description: `${description} (a friend you invited rented)`,
            idempotencyKey: `referral:${r.id}:referrer`,
          });
          await deps.credit.grant(trx, {
            userId: r.friend_id,
            kind: 'referral',
            amountCents: reward,
            description: `${description} (your first rental)`,
            idempotencyKey: `referral:${r.id}:friend`,
          });
          return 'rewarded';
        });
        if (outcome === 'rewarded') rewarded += 1;
        if (outcome === 'refused') refused += 1;
      }
      if (rewarded || refused) log.info({ rewarded, refused }, 'referral rewards');
      return { rewarded, refused };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
