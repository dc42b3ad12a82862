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
      },
    }),
  ],
});

export type SessionData = typeof authClient.$Infer.Session;

/** The session hook: { data, isPending } where data is null when signed out. */
export const useSession = authClient.useSession;
