import type { Role } from '../../domain/ops';
import type { Logger } from '../logger';
import type { CachePolicy } from './cache-policies';

/** The signed-in member as routes see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** member, or staff (the operations desk: decision 0020). */
  role: Role;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the session middleware on /api routes; null for visitors. */
    user: SessionUser | null;
    sessionId: string | null;
    /** When the session was last recorded as used (for the account's devices list). */
    sessionSeenAt: Date | null;
    /** This request's CSP nonce, made by the page security headers (Hono's secureHeaders with NONCE). */
    secureHeadersNonce?: string;
    /** How long the answer may be kept, when a route says it is public (http/cache-headers.ts). */
    cachePolicy?: CachePolicy;
  };
}

/** Variables on a route behind requireUser: the user is known. */
export interface MemberEnv {
  Variables: AppEnv['Variables'] & { user: SessionUser };
}
