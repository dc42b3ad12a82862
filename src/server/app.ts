import { createManagedDeskRoutes, createManagedRoutes } from './features/managed';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'kysely';
import { pageBusinessDay } from '../domain/page-context';
import { requestId } from 'hono/request-id';
import type { AppContext } from './context';
import type { Services } from './services';
import { createAccountRoutes, sessionActivity } from './features/account';
import { createCatalogueRoutes, createSearchRoutes } from './features/catalogue';
import { apiCaching } from './http/cache-headers';
import { createOrdersRoutes } from './features/orders';
import { createPlansRoutes } from './features/plans';
import { createFavoritesRoutes, createMatchRoutes } from './features/match';
import { createAssistantRoutes } from './features/assistant';
import { createEventsRoutes } from './features/events';
import { createAppointmentsRoutes, createContactRoutes } from './features/support';
import { LENDING_UPLOAD_ROUTE, createLenderPolicyRoutes, createLendingRoutes } from './features/lending';
import { LISTING_UPLOAD_ROUTE, createListingsRoutes } from './features/listings';
import { createRentalsRoutes } from './features/rentals';
import { createWaitlistRoutes } from './features/waitlist';
import { createShortlistsRoutes } from './features/shortlists';
import { createSavedSearchesRoutes } from './features/saved-searches';
import { createDashboardRoutes } from './features/dashboard';
import { createNotificationsRoutes } from './features/notifications';
import { OPS_UPLOAD_ROUTE, createOpsRoutes } from './features/ops';
import { CLAIM_UPLOAD_ROUTE, createClaimsDeskRoutes, createClaimsRoutes } from './features/claims';
import { REPORT_UPLOAD_ROUTE, createReportsDeskRoutes, createReportsRoutes } from './features/reports';
import { createIdentityWebhookRoutes, createProtectionDeskRoutes, createProtectionRoutes } from './features/protection';
import { createPayoutsRoutes } from './features/payouts';
import { createPromoCodesDeskRoutes } from './features/offers';
import {
  createCreditDeskRoutes,
  createCreditRoutes,
  createGiftCardsRoutes,
  createReferralsRoutes,
} from './features/credit';
import { createPassportDeskRoutes, createPassportRoutes } from './features/passport';
import { createPreLovedDeskRoutes, createPreLovedRoutes } from './features/preloved';
import { createParcelsDeskRoutes, createParcelsRoutes } from './features/parcels';
import { createRatingsRoutes } from './features/ratings';
import { REVIEW_UPLOAD_ROUTE, createReviewsRoutes } from './features/reviews';
import { toAuthErrorShape } from './http/auth-errors';
import { createDocsRoutes } from './http/docs';
import { HttpError, handleError } from './http/errors';
import { refuseNul } from './http/input-guard';
import { clientIp, originCheck, requestLogger, sessionReader } from './http/middleware';
import { exceptPageCalls } from './http/page-call';
import { finalHeaders, requestIdOf, withRequestId } from './http/security-headers';
import { mountWebApp, type WebSource } from './http/static';
import type { AppEnv } from './http/types';

/** Bodies larger than this are refused with 413, except on the upload routes below. */
export const MAX_JSON_BODY = 1024 * 1024;
/** Upload routes (listing photos: up to 4 of 5 MB each, plus the form fields; the desk's product and check-in photos). */
export const UPLOAD_ROUTES: RegExp[] = [
  LISTING_UPLOAD_ROUTE,
  OPS_UPLOAD_ROUTE,
  CLAIM_UPLOAD_ROUTE,
  REPORT_UPLOAD_ROUTE,
  REVIEW_UPLOAD_ROUTE,
  LENDING_UPLOAD_ROUTE,
];
export const MAX_UPLOAD_BODY = 4 * 5 * 1024 * 1024 + 256 * 1024;

/**
 * Builds the whole HTTP app: middleware, the API features under /api, the OpenAPI document and
 * docs page, and the web app's pages (React Router, decision 0027), from the build in
 * WEB_DIST_DIR unless `web` says otherwise (Vite under `npm run dev`).
 */
export function createApp(ctx: AppContext, services: Services, opts: { web?: WebSource } = {}) {
  const { env, auth } = ctx;
  const app = new OpenAPIHono<AppEnv>();

  // A page's in-process API calls (decision 0054) keep the page request's id, log line and headers.
  // The id goes on the answer with the security headers, after the handler (decision 0089).
  app.use('*', exceptPageCalls(requestId({ headerName: '', generator: requestIdOf })));
  app.use('*', exceptPageCalls(finalHeaders(env.publicUrl.startsWith('https://'))));
  app.use('*', requestLogger(ctx.logger));
  app.onError(handleError);

  // better-auth's rate limits and the contact form's limit need the client address.
  app.use('/api/auth/*', clientIp(env.trustProxy));
  app.use('/api/contact', clientIp(env.trustProxy));
  app.use('/api/*', async (c, next) => {
    // Only requests that may carry a body are measured (and GETs keep the light request path).
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const upload = UPLOAD_ROUTES.some((r) => r.test(c.req.path));
    return bodyLimit({
      maxSize: upload ? MAX_UPLOAD_BODY : MAX_JSON_BODY,
      onError: () => {
        throw new HttpError('PAYLOAD_TOO_LARGE', `The request body is larger than ${upload ? '20 MB' : '1 MB'}.`);
      },
    })(c, next);
  });

  // Public GETs say how long they may be kept and carry an ETag (304 on If-None-Match); every
  // other API answer is private, no-store (decision 0018).
  app.use('/api/*', exceptPageCalls(apiCaching()));
  app.use('/api/*', originCheck(env.trustedOrigins));
  // PostgreSQL cannot store U+0000: refused in any URL or body, for every route (better-auth's too).
  app.use('/api/*', refuseNul());

  // better-auth answers everything under /api/auth (sign-up, sign-in, session, sign-out, ...).
  app.on(['GET', 'POST'], '/api/auth/*', async (c) =>
    withRequestId(await toAuthErrorShape(await auth.handler(c.req.raw)), c.var.requestId),
  );

  app.use('/api/*', sessionReader(auth));
  app.use('/api/*', sessionActivity(ctx, services.account));

  app.get('/api/health', async (c) => {
    await sql`select 1`.execute(ctx.database.db);
    return c.json({ status: 'ok', database: ctx.database.dialect });
  });
  app.route('/api/me', createAccountRoutes(ctx, services.account));
  app.route('/api/items', createCatalogueRoutes(ctx, services.catalogue));
  app.route('/api/search', createSearchRoutes(ctx, services.catalogue));
  app.route('/api/plans', createPlansRoutes(ctx, services.plans, services.planBilling));
  app.route('/api/match', createMatchRoutes(ctx, services.match));
  app.route('/api/favorites', createFavoritesRoutes(ctx, services.match));
  app.route('/api/assistant', createAssistantRoutes(ctx, services.assistant));
  app.route('/api/events', createEventsRoutes(ctx, services.events));
  app.route('/api/contact', createContactRoutes(ctx, services.support));
  app.route('/api/appointments', createAppointmentsRoutes(ctx, services.support));
  app.route('/api/listings', createListingsRoutes(ctx, services.listings));
  app.route('/api/rentals', createRentalsRoutes(ctx, services.rentals));
  app.route('/api/orders', createOrdersRoutes(ctx, services.orders));
  app.route('/api/dashboard', createDashboardRoutes(ctx, services.dashboard));
  app.route('/api/notifications', createNotificationsRoutes(ctx, services.notifications));
  app.route('/api/waitlist', createWaitlistRoutes(ctx, services.waitlist));
  app.route('/api/shortlists', createShortlistsRoutes(ctx, services.shortlists));
  app.route('/api/saved-searches', createSavedSearchesRoutes(ctx, services.savedSearches));
  // The operations desk: staff only (401 visitors, 403 members), decision 0020.
  app.route('/api/ops', createOpsRoutes(ctx, services.ops));
  // Ratings, payouts and damage claims between members (decision 0036); the desk's claims are staff only.
  app.route('/api/ratings', createRatingsRoutes(ctx, services.ratings));
  app.route('/api/payouts', createPayoutsRoutes(ctx, services.payouts));
  app.route('/api/claims', createClaimsRoutes(ctx, services.claims));
  app.route('/api/ops/claims', createClaimsDeskRoutes(ctx, services.claims));
  // A renter's problem reports (decision 0060); the desk resolves them (staff only).
  app.route('/api/reports', createReportsRoutes(ctx, services.reports));
  app.route('/api/ops/reports', createReportsDeskRoutes(ctx, services.reports));
  // Damage cover, deposits, policies, verification and Instant Book (decision 0064); the desk's moves are staff only.
  app.route('/api/protection', createProtectionRoutes(ctx, services));
  app.route('/api/ops/protection', createProtectionDeskRoutes(ctx, services.protection));
  app.route('/api/webhooks', createIdentityWebhookRoutes(services.trust));
  // Promo codes are made on the desk (decision 0056): staff only.
  app.route('/api/ops/promo-codes', createPromoCodesDeskRoutes(ctx, services.offers));
  // Store credit, referrals and gift cards (decision 0063); staff grant goodwill credit on the desk.
  app.route('/api/credit', createCreditRoutes(ctx, services.credit));
  app.route('/api/referrals', createReferralsRoutes(ctx, services.referrals));
  app.route('/api/gift-cards', createGiftCardsRoutes(ctx, services.giftCards));
  app.route('/api/ops/credit', createCreditDeskRoutes(ctx, services.credit));
  // The garment's passport (decision 0059): an item's pieces for everyone, a unit's history for the desk.
  app.route('/api/passport', createPassportRoutes(ctx, services.passport));
  app.route('/api/ops/passport', createPassportDeskRoutes(ctx, services.passport));
  // The pre-loved sale (decision 0066): the sale for everyone, buying and selling for members, the desk's side for staff.
  app.route('/api/preloved', createPreLovedRoutes(ctx, services.preloved));
  app.route('/api/ops/preloved', createPreLovedDeskRoutes(ctx, services.preloved));
  app.route('/api/parcels', createParcelsRoutes(ctx, services.parcels));
  app.route('/api/ops/parcels', createParcelsDeskRoutes(ctx, services.parcels));
  app.route('/api/reviews', createReviewsRoutes(ctx, services.reviews));
  app.route('/api/lending', createLendingRoutes(ctx, services.lending));
  // A lender's cancellation of an accepted request and her private calendar feed (decision 0067).
  app.route('/api/lending', createLenderPolicyRoutes(ctx, services.lenderPolicies));
  // Managed lending (decision 0062): her pieces in our care; the desk's intake and recalls (staff only).
  app.route('/api/managed', createManagedRoutes(ctx, services.managed, services.managedTerm));
  app.route('/api/ops/managed', createManagedDeskRoutes(ctx, services.managedDesk));

  app.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description: 'The session cookie set by POST /api/auth/sign-in/email or /api/auth/sign-up/email.',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Rentique API',
      version: '1.0.0',
      description:
        'The Rentique marketplace API. Accounts and sessions live under /api/auth (better-auth). ' +
        'Every error has the shape {"error":{"code","message","issues"?}}. Dates are UTC.',
    },
  });
  app.route('/api/docs', createDocsRoutes());

  app.all('/api/*', () => {
    throw new HttpError('NOT_FOUND', 'No such API route.');
  });
  app.all('/api', () => {
    throw new HttpError('NOT_FOUND', 'No such API route.');
  });

  let pageDay = { businessToday: '', businessDayEndsAt: 0 };
  mountWebApp(app, opts.web ?? { kind: 'build', distDir: env.webDistDir }, {
    auth,
    publicUrl: env.publicUrl,
    businessTimeZone: env.businessTimeZone,
    welcomeOfferPercent: env.welcomeOfferPercent,
    businessDay: () => {
      const today = ctx.today();
      // Every page asks; the day's end is worked out (two zone formattings) once a day.
      if (pageDay.businessToday !== today) pageDay = pageBusinessDay(today, env.businessTimeZone);
      return pageDay;
    },
  });
  app.notFound((c) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
