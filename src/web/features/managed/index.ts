/** Managed lending's public API (decision 0062): the terms, her pieces in our care, and their panels. */
export { useLendingTerms, useCare, useSwitchToManaged, getCareQueryOptions } from './api/managed';
export { ManagedPanel } from './components/managed-panel';
export { TravellingForm } from './components/travelling-form';
export { getDeskBoardQueryOptions, useDeskBoard, useDeskStep } from './api/managed';
