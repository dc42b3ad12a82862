/** Every URL of the web app, in one place. */
export const paths = {
  home: '/',
  browse: '/browse',
  match: '/match',
  pricing: '/pricing',
  howItWorks: '/how-it-works',
  signup: '/signup',
  login: '/login',
  planSelection: '/plan-selection',
  creditCard: '/credit-card',
  creditCardManage: '/credit-card?mode=manage',
  pickupLocation: '/pickup-location',
  dashboard: '/dashboard',
  favorites: '/favorites',
  summerParty: '/browse?theme=summer-party',
  item: (id: number | string) => `/item/${id}`,
  staticItem: (slug: string) => `/items/${slug}`,
} as const;

export const CONTACT_EMAIL = 'hello@rentique.example';
