/** What other features may use from shortlists: the item's 'Add to a shortlist' and /favorites' section. */
export { ShortlistButton } from './components/shortlist-picker';
export { ShortlistsSection } from './components/shortlists-section';
export { getShortlistsQueryOptions } from './api/get-shortlists';
