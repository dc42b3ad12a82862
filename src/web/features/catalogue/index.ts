/** The catalogue feature's public API for other features: the search field of the navigation. */
export { SearchBox } from './components/search-box';
/** "You may also like" for a piece (decision 0065): lending offers them when a lender cancels (decision 0067). */
export { useSimilar } from './api/get-similar';
