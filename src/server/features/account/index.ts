// The account feature's public entry: other code imports these, never the files behind them.
export { createAccountRoutes, sessionActivity } from './account.routes';
export { createAccountService, type AccountService } from './account.service';
export { createAccountDeletionService } from './account-deletion.service';
