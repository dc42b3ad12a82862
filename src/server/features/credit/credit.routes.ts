import { createRoute, z } from '@hono/zod-openapi';
import {
  AcceptReferralSchema,
  CreditStatementSchema,
  GiftCardListSchema,
  GiftCardPurchaseSchema,
  GiftCardSchema,
  GiftMonthPurchaseSchema,
  GoodwillInputSchema,
  RedeemGiftCardSchema,
  RedeemedSchema,
  ReferralInviteSchema,
  ReferralSchema,
  CreditEntrySchema,
} from '../../../domain/credit';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import type { CreditService } from './credit.service';
import type { GiftCardsService } from './gift-cards.service';
import type { ReferralsService } from './referrals.service';

const tags = ['Store credit, referrals and gift cards'];

const statement = memberRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Her store credit: the balance and its entries, newest first',
  responses: { 200: jsonContent(CreditStatementSchema, 'Balance and entries'), ...errorResponses(401) },
});

const referral = memberRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Her referral code and link, the friends who joined with it, the invitation she accepted',
  responses: { 200: jsonContent(ReferralSchema, 'Her referral'), ...errorResponses(401) },
});

const invite = createRoute({
  method: 'get',
  path: '/invite/{code}',
  tags,
  summary: 'Who an invitation is from (public: the page a friend opens before signing up)',
  request: { params: z.object({ code: z.string().min(3).max(40) }) },
  responses: { 200: jsonContent(ReferralInviteSchema, 'The invitation'), ...errorResponses(400, 404) },
});

const accept = memberRoute({
  method: 'post',
  path: '/accept',
  tags,
  summary: 'Accept an invitation: a new member, once; not her own',
  description:
    '403 `details.reason = self` for her own code or an alias of her e-mail; 409 `late` (joined over 30 days ago), ' +
    '`paid` (rented already), `taken` (accepted one already).',
  request: { body: jsonBody(AcceptReferralSchema) },
  responses: { 200: jsonContent(ReferralSchema, 'Her referral'), ...errorResponses(400, 401, 403, 404, 409) },
});

const giftCardsList = memberRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The gift cards she bought, newest first (codes are sent to the recipient only)',
  responses: { 200: jsonContent(GiftCardListSchema, 'Her gift cards'), ...errorResponses(401) },
});

const buy = memberRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Buy a gift card with her saved card; e-mailed with its code on the send day',
  description:
    'Amounts are 2500, 5000, 10000 or 20000 cents. The same idempotencyKey answers with the first card and charges once. ' +
    '402 PAYMENT_DECLINED or CARD_REQUIRED, 429 past GIFT_CARD_RATE_LIMIT an hour.',
  request: { body: jsonBody(GiftCardPurchaseSchema) },
  responses: { 201: jsonContent(GiftCardSchema, 'The gift card'), ...errorResponses(400, 401, 402, 429) },
});

const buyMonth = memberRoute({
  method: 'post',
  path: '/plan-month',
  tags,
  summary:
    "Buy a gift month of Monthly (3 to 9 pieces, at that month's price) with her saved card; e-mailed like a gift card",
  description:
    'The same idempotencyKey answers with the first gift and charges once. 402 PAYMENT_DECLINED or CARD_REQUIRED, ' +
    '429 past GIFT_CARD_RATE_LIMIT an hour (shared with gift cards). Decision 0069.',
  request: { body: jsonBody(GiftMonthPurchaseSchema) },
  responses: { 201: jsonContent(GiftCardSchema, 'The gift month'), ...errorResponses(400, 401, 402, 429) },
});

const redeem = memberRoute({
  method: 'post',
  path: '/redeem',
  tags,
  summary: 'Redeem a code (once for all members): a gift card into her store credit, a gift month into her plan',
  description:
    'A gift month: in a paid term her next billing date moves a month later; paused or unpaid, a free month from today; ' +
    'with no paid plan, Monthly for a month (then ending unless she keeps it). ' +
    '404 unknown code; 409 `details.reason = redeemed`; 429 past GIFT_CARD_RATE_LIMIT attempts an hour.',
  request: { body: jsonBody(RedeemGiftCardSchema) },
  responses: { 200: jsonContent(RedeemedSchema, 'Credited'), ...errorResponses(400, 401, 404, 409, 429) },
});

const goodwill = staffRoute({
  method: 'post',
  path: '/goodwill',
  tags: ['Operations desk (staff)'],
  summary: 'Grant a member goodwill store credit (by e-mail); audited, once per idempotencyKey',
  request: { body: jsonBody(GoodwillInputSchema.extend({ email: z.string().trim().email() })) },
  responses: {
    201: jsonContent(CreditEntrySchema.extend({ email: z.string() }), 'The credit entry'),
    ...errorResponses(400, 401, 403, 404),
  },
});

/** Her store credit (mounted at /api/credit; decision 0063). */
export function createCreditRoutes(_ctx: AppContext, credit: CreditService) {
  return newRouter().openapi(statement, async (c) => c.json(await credit.statement(c.var.user.id), 200));
}

/** Referrals (mounted at /api/referrals): her code, an invitation (public), accepting one. */
export function createReferralsRoutes(_ctx: AppContext, referrals: ReferralsService) {
  return newRouter()
    .openapi(referral, async (c) => c.json(await referrals.mine(c.var.user.id), 200))
    .openapi(invite, async (c) => c.json(await referrals.invite(c.req.valid('param').code), 200))
    .openapi(accept, async (c) => {
      await referrals.accept(c.var.user.id, c.req.valid('json').code);
      return c.json(await referrals.mine(c.var.user.id), 200);
    });
}

/** Gift cards (mounted at /api/gift-cards): buy a card or a gift month, list, redeem. */
export function createGiftCardsRoutes(_ctx: AppContext, giftCards: GiftCardsService) {
  return newRouter()
    .openapi(giftCardsList, async (c) => c.json({ giftCards: await giftCards.list(c.var.user.id) }, 200))
    .openapi(buy, async (c) => c.json(await giftCards.purchase(c.var.user.id, c.req.valid('json')), 201))
    .openapi(buyMonth, async (c) => c.json(await giftCards.purchaseMonth(c.var.user.id, c.req.valid('json')), 201))
    .openapi(redeem, async (c) => c.json(await giftCards.redeem(c.var.user.id, c.req.valid('json').code), 200));
}

/** The desk's goodwill credit (mounted at /api/ops/credit): staff only. */
export function createCreditDeskRoutes(_ctx: AppContext, credit: CreditService) {
  return newRouter().openapi(goodwill, async (c) =>
    c.json(await credit.goodwill(c.var.user, c.req.valid('json'), c.var.requestId ?? null), 201),
  );
}
