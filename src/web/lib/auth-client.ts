import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client, talking to our server under /api/auth on the same origin: sign-up, sign-in,
 * sign-out and the account's security calls. Who is signed in is read by the server with each page
 * (lib/session.ts), not through this client, so pages that do not change the session never load it.
 */
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
