/** The protection feature's public API (decision 0064): a piece's terms on its page. */
export { PieceTerms } from './components/piece-terms';
export { getPieceTermsQueryOptions } from './api/get-piece-terms';
