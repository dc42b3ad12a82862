// The account feature's public entry: other code imports these, never the files behind them.
export { ACCOUNT_LIMITS, LONGEST_ACCOUNT_WINDOW_SECONDS, createAccountLimiter, type LimitRule } from './account.limits';
export { createAccountRepository } from './account.repository';
export { createAccountRoutes, sessionActivity } from './account.routes';
export { createAccountService, type AccountService } from './account.service';
export { checkPasswordStrength } from './password-strength';
