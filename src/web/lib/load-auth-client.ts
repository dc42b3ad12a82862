/**
 * better-auth's client, loaded when a member first acts on her account (sign out, a new password
 * or address), not with the page: building it took 6 ms of /account's first load (decision 0081).
 */
export async function loadAuthClient() {
  return (await import('./auth-client')).authClient;
}
