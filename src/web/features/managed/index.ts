/** Managed lending's public API (decisions 0062, 0070): the terms, her pieces in our care, their panels and forms. */
export { useLendingTerms, useCare, getCareQueryOptions, getLendingTermsQueryOptions } from './api/managed';
export { ManagedPanel } from './components/managed-panel';
export { ManagedForm, AnswerLine } from './components/managed-forms';
export { TravellingForm } from './components/travelling-form';
export { afterManagedAction, isManagedForm, managedAction } from './api/managed-action';
export { getDeskBoardQueryOptions, useDeskBoard } from './api/managed';
export { afterDeskManagedAction, deskManagedAction, type DeskAnswer } from './api/desk-action';
