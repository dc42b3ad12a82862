/** The desk's public API for other features' desk pages (the claims desk): its heading and its pages' loaders and head. */
export { OpsHeader } from './components/ops-header';
export { clientLoadDeskPage, deskMeta, loadDeskPage } from './lib/desk-route';
