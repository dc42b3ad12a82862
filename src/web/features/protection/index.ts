/** The protection feature's public API (decision 0064): a piece's terms on its page; a rental's damage cover on the Renting tab. */
export { PieceTerms } from './components/piece-terms';
export { getPieceTermsQueryOptions } from './api/get-piece-terms';
export { RentalCover } from './components/rental-cover';
export { prefetchRentalProtection } from './api/get-rental-protection';
export { coverAction, isCoverForm } from './api/cover-action';
export { CancellationRefund } from './components/cancellation-refund';
export { PiecePolicyForm } from './components/piece-policy-form';
