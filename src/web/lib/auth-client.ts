import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's client, talking to our server under /api/auth on the same origin. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: {
        fullName: { type: 'string', required: true },
        gender: { type: 'string', required: true },
        // member | staff: read-only (set by `npm run staff`); the server checks it on every /api/ops call.
        role: { type: 'string', required: false, input: false },
      },
    }),
  ],
});

export type SessionData = typeof authClient.$Infer.Session;

type UseSession = typeof authClient.useSession;

/**
 * On the server a page is rendered as the browser's first render sees it: the session not read
 * yet. (better-auth's hook would fetch from the server itself, shared by every request.)
 */
const SERVER_SESSION = { data: null, error: null, isPending: true, isRefetching: false, refetch: async () => {} } as unknown as ReturnType<UseSession>;

/** The session hook: { data, isPending } where data is null when signed out. */
export const useSession: UseSession = typeof window === 'undefined' ? () => SERVER_SESSION : authClient.useSession;

/** True when the signed-in account has the staff role (the operations desk). */
export function isStaff(session: SessionData | null | undefined): boolean {
  return (session?.user as { role?: unknown } | undefined)?.role === 'staff';
}
