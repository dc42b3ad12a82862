import { createRoute } from '@hono/zod-openapi';
import { BookingRequestSchema } from '../../../domain/lending';
import {
  CancellationTermsSchema,
  DamageInputSchema,
  InstantBookEligibilitySchema,
  InstantBookInputSchema,
  PiecePolicyInputSchema,
  PieceTermsSchema,
  RentalProtectionSchema,
  VerificationInputSchema,
  VerificationSchema,
} from '../../../domain/protection';
import { BookRentalSchema } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { ProtectionService } from './protection.service';
import type { TrustService } from './trust.service';
import type { LenderPolicyService } from './lender-policy.service';

const tags = ['Protection'];
const deskTags = ['Operations desk (staff)'];

const terms = createRoute({
  method: 'get',
  path: '/items/{id}/terms',
  tags,
  summary:
    "A piece's terms before booking: its lender's policy, its deposit, the cover's fee, whether its lender is verified",
  request: { params: IdParams },
  responses: { 200: jsonContent(PieceTermsSchema, 'The terms'), ...errorResponses(400, 404) },
});
const setPolicy = memberRoute({
  method: 'put',
  path: '/items/{id}/policy',
  tags,
  summary: 'Set your piece’s policy: minimum and maximum days, cleaning, a deposit, Instant Book',
  request: { params: IdParams, body: jsonBody(PiecePolicyInputSchema) },
  responses: { 200: jsonContent(PieceTermsSchema, 'The terms'), ...errorResponses(400, 401, 403, 404) },
});
const setInstantBook = memberRoute({
  method: 'put',
  path: '/items/{id}/instant-book',
  tags,
  summary: 'Put your piece on Instant Book, or take it off (the rest of its policy unchanged)',
  request: { params: IdParams, body: jsonBody(InstantBookInputSchema) },
  responses: { 200: jsonContent(PieceTermsSchema, 'The terms'), ...errorResponses(400, 401, 403, 404) },
});
const ofRental = memberRoute({
  method: 'get',
  path: '/rentals/{id}',
  tags,
  summary: "A rental's cover, deposit and recorded damage (its renter, its lender, staff)",
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalProtectionSchema, 'Protection'), ...errorResponses(400, 401, 404) },
});
const cancellation = memberRoute({
  method: 'get',
  path: '/rentals/{id}/cancellation',
  tags,
  summary:
    'What cancelling your rental gives back now: the lender’s cancellation policy on a member’s piece (decision 0067), in full otherwise',
  request: { params: IdParams },
  responses: { 200: jsonContent(CancellationTermsSchema, 'The refund'), ...errorResponses(400, 401, 404) },
});
const addCover = memberRoute({
  method: 'post',
  path: '/rentals/{id}/cover',
  tags,
  summary: 'Add damage cover to your rental (its fee charged to your card), until it is sent',
  description:
    '409 once sent or when covered already (two at once: one cover, one charge); 409 CARD_REQUIRED with no card; 429 past the payment attempts limit.',
  request: { params: IdParams },
  responses: { 201: jsonContent(RentalProtectionSchema, 'Protection'), ...errorResponses(401, 404, 409, 429) },
});
const deposit = memberRoute({
  method: 'post',
  path: '/rentals/{id}/deposit',
  tags,
  summary: 'Hold the deposit a high-value piece asks on your card (an authorisation, not a charge)',
  request: { params: IdParams },
  responses: { 201: jsonContent(RentalProtectionSchema, 'Protection'), ...errorResponses(401, 404, 409, 429) },
});
const instantBook = memberRoute({
  method: 'post',
  path: '/instant-book',
  tags,
  summary:
    "Book a lender's Instant Book piece at once (verified members with no open report and a rating of 4 or more)",
  description:
    '403 for a member not verified (or with an open report, or rated under 4); 409 for a piece not on Instant Book; 400 outside the lender’s minimum and maximum days.',
  request: { body: jsonBody(BookRentalSchema) },
  responses: {
    201: jsonContent(BookingRequestSchema, 'The rental, accepted'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});
const eligibility = memberRoute({
  method: 'get',
  path: '/instant-book',
  tags,
  summary: 'Whether Instant Book is offered to you (verified, no open report, rated 4 or more or not yet), and why not',
  responses: { 200: jsonContent(InstantBookEligibilitySchema, 'Eligibility'), ...errorResponses(401) },
});
const getVerification = memberRoute({
  method: 'get',
  path: '/verification',
  tags,
  summary: 'Your identity verification',
  responses: { 200: jsonContent(VerificationSchema, 'Verification'), ...errorResponses(401) },
});
const startVerification = memberRoute({
  method: 'post',
  path: '/verification',
  tags,
  summary: 'Verify your identity: a document and a selfie go to the identity provider; its signed webhook decides',
  request: { body: jsonBody(VerificationInputSchema) },
  responses: { 200: jsonContent(VerificationSchema, 'Verification'), ...errorResponses(400, 401, 409, 429) },
});
const damage = staffRoute({
  method: 'post',
  path: '/rentals/{id}/damage',
  tags: deskTags,
  summary:
    'Record damage on a returned rental: charged per the schedule (deposit first, then card); the lender paid per the schedule; audited',
  description:
    '409 before the piece is back, or when damage on it was recorded already (two staff at once: one record, one capture).',
  request: { params: IdParams, body: jsonBody(DamageInputSchema) },
  responses: { 200: jsonContent(RentalProtectionSchema, 'Protection'), ...errorResponses(400, 401, 403, 404, 409) },
});
const release = staffRoute({
  method: 'post',
  path: '/rentals/{id}/deposit/release',
  tags: deskTags,
  summary: 'Release a held deposit after a clean return (the authorisation voided); audited',
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalProtectionSchema, 'Protection'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function createProtectionRoutes(
  _ctx: AppContext,
  s: { protection: ProtectionService; trust: TrustService; policies: LenderPolicyService },
) {
  return newRouter()
    .openapi(terms, async (c) => c.json(await s.trust.terms(c.req.valid('param').id), 200))
    .openapi(setPolicy, async (c) =>
      c.json(await s.trust.setPolicy(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(setInstantBook, async (c) => {
      const { instantBook } = c.req.valid('json');
      return c.json(await s.trust.setInstantBook(c.var.user.id, c.req.valid('param').id, instantBook), 200);
    })
    .openapi(ofRental, async (c) => c.json(await s.protection.ofRental(c.var.user, c.req.valid('param').id), 200))
    .openapi(cancellation, async (c) =>
      c.json(await s.policies.cancellationTerms(c.var.user.id, c.req.valid('param').id), 200),
    )
    .openapi(addCover, async (c) => c.json(await s.protection.addCover(c.var.user.id, c.req.valid('param').id), 201))
    .openapi(deposit, async (c) => c.json(await s.protection.placeDeposit(c.var.user.id, c.req.valid('param').id), 201))
    .openapi(instantBook, async (c) => c.json(await s.trust.instantBook(c.var.user.id, c.req.valid('json')), 201))
    .openapi(eligibility, async (c) => c.json(await s.trust.instantBookEligibility(c.var.user.id), 200))
    .openapi(getVerification, async (c) => c.json(await s.trust.verification(c.var.user.id), 200))
    .openapi(startVerification, async (c) =>
      c.json(await s.trust.startVerification(c.var.user.id, c.req.valid('json')), 200),
    );
}

export function createProtectionDeskRoutes(_ctx: AppContext, protection: ProtectionService) {
  return newRouter()
    .openapi(damage, async (c) =>
      c.json(
        await protection.recordDamage(
          c.var.user,
          c.req.valid('param').id,
          c.req.valid('json'),
          c.var.requestId ?? null,
        ),
        200,
      ),
    )
    .openapi(release, async (c) =>
      c.json(await protection.releaseDeposit(c.var.user, c.req.valid('param').id, c.var.requestId ?? null), 200),
    );
}

/** The identity provider's webhook: the raw body and its signature header; 400 when the signature does not hold. */
export function createIdentityWebhookRoutes(trust: TrustService) {
  const router = newRouter();
  router.post('/identity', async (c) => {
    const result = await trust.receiveWebhook(await c.req.text(), c.req.header('x-identity-signature'));
    return c.json({ received: true, ...result }, 200);
  });
  return router;
}
