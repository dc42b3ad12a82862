/** The catalogue feature's public API for other features: the search field of the navigation. */
export { SearchBox } from './components/search-box';
