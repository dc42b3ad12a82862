// The saved searches feature's public entry (decision 0065).
export { SaveSearchForm } from './components/save-search-form';
