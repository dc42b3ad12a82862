// The pre-loved sale's web entry (decision 0066): what the desk's unit panel and Today page use.
export { UnitSalePanel } from './components/unit-sale-panel';
export { SendoffsSection } from './components/sendoffs-section';
export { getSendoffsQueryOptions, getUnitSaleQueryOptions } from './api/get-preloved';
export { afterDeskAction, forwardDesk, toCents, type DeskFormResult } from './lib/desk-forward';
