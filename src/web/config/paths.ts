/** Every URL of the web app, in one place. */
export const paths = {
  home: '/',
  browse: '/browse',
  match: '/match',
  pricing: '/pricing',
  howItWorks: '/how-it-works',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Sign Out posts here (a form that works before the app runs). */
  signOut: '/sign-out',
  account: '/account',
  accountAddresses: '/account/addresses',
  planSelection: '/plan-selection',
  creditCard: '/credit-card',
  creditCardManage: '/credit-card?mode=manage',
  /** The card page, coming back to `returnTo` (a path of this site) once the card is saved. */
  creditCardManageFrom: (returnTo: string) => `/credit-card?mode=manage&returnTo=${encodeURIComponent(returnTo)}`,
  pickupLocation: '/pickup-location',
  dashboard: '/dashboard',
  favorites: '/favorites',
  notifications: '/notifications',
  ops: '/ops',
  opsCheckIn: '/ops/check-in',
  opsInventory: '/ops/inventory',
  opsListings: '/ops/listings',
  opsManaged: '/ops/managed',
  opsAudit: '/ops/audit',
  help: '/help',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  about: '/about',
  sustainability: '/sustainability',
  blog: '/blog',
  careers: '/careers',
  payouts: '/lending/payouts',
  ratings: '/ratings',
  opsClaims: '/ops/claims',
  opsReports: '/ops/reports',
  /** A rental's problem report page (its renter reports; its lender answers). */
  reportProblem: (rentalId: number | string) => `/rentals/${rentalId}/report`,
  opsPromoCodes: '/ops/promo-codes',
  /** A unit's whole history on the desk (the garment's passport, decision 0059). */
  opsUnit: (code: string) => `/ops/units/${code}`,
  summerParty: '/browse?theme=summer-party',
  item: (id: number | string) => `/item/${id}`,
  staticItem: (slug: string) => `/items/${slug}`,
  requests: '/requests',
  orders: '/orders',
  order: (number: string) => `/orders/${number}`,
  /** Keep it: the price of a piece she is renting and the form that buys it (decision 0059). */
  keepIt: (rentalId: number | string) => `/rentals/${rentalId}/keep`,
  /** The pre-loved sale (decision 0066). */
  preLoved: '/pre-loved',
  /** A lender puts one of her own pieces in the pre-loved sale. */
  preLovedSell: '/pre-loved/sell',
  /** The desk's pre-loved pieces to send (decision 0066). */
  opsPreLoved: '/ops/pre-loved',
  /** A rental's parcels: tracking, and the return label (decision 0061). */
  rentalParcels: (rentalId: number | string) => `/rentals/${rentalId}/parcels`,
  /** Store credit, referrals and gift cards (decision 0063). */
  credit: '/account/credit',
  referrals: '/referrals',
  invite: (code: string) => `/invite/${code}`,
  giftCards: '/gift-cards',
  redeemGiftCard: '/gift-cards/redeem',
  opsCredit: '/ops/credit',
  /** The published damage and loss schedule (decision 0064). */
  damageSchedule: '/protection',
  /** Her identity verification (Instant Book is for verified members). */
  verification: '/account/verification',
  opsInventoryNew: '/ops/inventory/new',
  opsInventoryItem: (id: number | string) => `/ops/inventory/${id}`,
} as const;

export const CONTACT_EMAIL = 'hello@rentique.example';
