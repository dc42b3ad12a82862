import type { TestMember } from './test-app';

/**
 * Verifies a member's identity through the API, as a member would (the simulated provider's test
 * mode approves this document at once): lending a piece asks it (decision 0068). A member
 * verified already is left as she is.
 */
export async function verified<M extends TestMember>(m: M): Promise<M> {
  const res = await m.request('/api/protection/verification', {
    method: 'POST',
    json: { documentType: 'passport', documentNumber: 'P1234567', selfie: true },
  });
  if (res.status !== 200 && res.status !== 409) throw new Error(`verifying failed: ${res.status} ${await res.text()}`);
  return m;
}

/** The same for a member of a spawned server, known by her session cookie (tests over real HTTP). */
export async function verifiedAt(baseUrl: string, cookie: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/protection/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({ documentType: 'passport', documentNumber: 'P1234567', selfie: true }),
  });
  if (res.status !== 200 && res.status !== 409) throw new Error(`verifying failed: ${res.status} ${await res.text()}`);
}
