import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Every page of the app, for React Router's framework mode (decision 0027). A page is a route
 * module (features/<name>/routes/<page>.tsx): its default export draws it, `loader` fetches its
 * data on the server, `meta` gives its title, description and canonical URL. Each route's id is
 * its file's path, and its types come from `react-router typegen` (import from './+types/<page>').
 * The pages are grouped in three sections, each with its own gate and error screen: public
 * pages, member pages (a visitor is sent to /login?from=...) and the operations desk (staff).
 */
export default [
  layout('app/public-section.tsx', [
    index('features/home/routes/home.tsx'),
    route('how-it-works', 'features/home/routes/how-it-works.tsx'),
    route('pricing', 'features/plans/routes/pricing.tsx'),
    route('browse', 'features/catalogue/routes/browse.tsx'),
    route('item/:id', 'features/catalogue/routes/item.tsx'),
    route('items/:slug', 'features/catalogue/routes/static-item.tsx'),
    route('match', 'features/match/routes/match.tsx'),
    route('pre-loved', 'features/preloved/routes/pre-loved.tsx'),
    route('help', 'features/support/routes/help.tsx'),
    route('contact', 'features/support/routes/contact.tsx'),
    route('privacy', 'features/support/routes/privacy.tsx'),
    route('terms', 'features/support/routes/terms.tsx'),
    route('about', 'features/support/routes/about.tsx'),
    route('sustainability', 'features/support/routes/sustainability.tsx'),
    route('blog', 'features/support/routes/blog.tsx'),
    route('careers', 'features/support/routes/careers.tsx'),
    route('protection', 'features/support/routes/damage-schedule.tsx'),
    layout('app/guest-only.tsx', [
      route('signup', 'features/auth/routes/signup.tsx'),
      route('login', 'features/auth/routes/login.tsx'),
    ]),
    // Reachable signed in or out: a reset link may be opened in a browser where someone is signed in.
    route('forgot-password', 'features/auth/routes/forgot-password.tsx'),
    route('reset-password', 'features/auth/routes/reset-password.tsx'),
    // A saved search's e-mail link (decision 0065): a button that stops its alerts, signed in or out.
    route('saved-searches/unsubscribe', 'features/saved-searches/routes/unsubscribe.tsx'),
    // Sign Out's form posts here (a resource route, no page: its action ends the session and goes home, decision 0044).
    route('sign-out', 'features/auth/routes/sign-out.ts'),
    // A friend's invitation (decision 0063): readable signed out; accepted signed in.
    route('invite/:code', 'features/credit/routes/invite.tsx'),
    route('*', 'features/shell/routes/not-found.tsx'),
  ]),
  layout('app/member-section.tsx', [
    route('dashboard', 'features/dashboard/routes/dashboard.tsx'),
    route('account', 'features/account/routes/account.tsx'),
    route('account/addresses', 'features/account/routes/addresses.tsx'),
    route('account/saved-searches', 'features/saved-searches/routes/saved-searches.tsx'),
    route('favorites', 'features/match/routes/favorites.tsx'),
    route('pickup-location', 'features/plans/routes/pickup-location.tsx'),
    route('plan-selection', 'features/plans/routes/plan-selection.tsx'),
    route('credit-card', 'features/payments/routes/credit-card.tsx'),
    route('notifications', 'features/notifications/routes/notifications.tsx'),
    route('orders', 'features/orders/routes/orders.tsx'),
    route('orders/:number', 'features/orders/routes/order-receipt.tsx'),
    route('rentals/:id/keep', 'features/rentals/routes/keep-it.tsx'),
    route('pre-loved/sell', 'features/preloved/routes/sell.tsx'),
    route('rentals/:id/parcels', 'features/parcels/routes/rental-parcels.tsx'),
    route('lending/payouts', 'features/payouts/routes/payouts.tsx'),
    route('ratings', 'features/ratings/routes/ratings.tsx'),
    route('requests', 'features/lending/routes/requests.tsx'),
    route('requests/:rentalId', 'features/lending/routes/request-thread.tsx'),
    route('lending/calendar/:itemId', 'features/lending/routes/lender-calendar.tsx'),
    route('rentals/:rentalId/report', 'features/reports/routes/report-problem.tsx'),
    // Store credit, referrals and gift cards (decision 0063).
    route('account/credit', 'features/credit/routes/credit.tsx'),
    route('referrals', 'features/credit/routes/referrals.tsx'),
    route('gift-cards', 'features/credit/routes/gift-cards.tsx'),
    route('gift-cards/redeem', 'features/credit/routes/redeem.tsx'),
    route('account/verification', 'features/protection/routes/verification.tsx'),
  ]),
  // The operations desk: staff only; its layout holds the gate (visitors to /login?from=...,
  // members see 'Staff only').
  layout('app/ops-section.tsx', [
    route('ops', 'features/ops/routes/ops-layout.tsx', [
      index('features/ops/routes/today.tsx'),
      route('check-in', 'features/ops/routes/check-in.tsx'),
      route('inventory', 'features/ops/routes/inventory.tsx'),
      route('listings', 'features/ops/routes/listings.tsx'),
      route('managed', 'features/ops/routes/managed.tsx'),
      route('audit', 'features/ops/routes/audit.tsx'),
      route('inventory/new', 'features/ops/routes/inventory-new.tsx'),
      route('inventory/:id', 'features/ops/routes/inventory-item.tsx'),
      route('claims', 'features/claims/routes/desk-claims.tsx'),
      route('reports', 'features/reports/routes/desk-reports.tsx'),
      route('promo-codes', 'features/offers/routes/desk-promo-codes.tsx'),
      route('credit', 'features/credit/routes/desk-goodwill.tsx'),
      route('units/:code', 'features/passport/routes/desk-unit-history.tsx'),
      route('pre-loved', 'features/preloved/routes/desk-pre-loved.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
