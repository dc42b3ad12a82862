import { makeTestItem, readyToRent, requestAndAccept } from './renter';
import type { TestApp, TestMember } from './test-app';

async function ok<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${res.url || 'request'}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * A rental of a member's piece that has come back, made through the API as members and staff
 * would: the lender's piece (straight in the database, live), the renter requests it from today
 * and the lender accepts (pay per item: captured, decision 0035), the lender sends it, the renter
 * receives it and sends it back. Returns the ids. (`staff` stays in the options for callers that
 * use it elsewhere.)
 */
export async function returnedMemberRental(
  t: TestApp,
  opts: { lender?: TestMember; renter?: TestMember; staff: TestMember; priceCents?: number; name?: string },
): Promise<{ lender: TestMember; renter: TestMember; itemId: number; rentalId: number }> {
  const lender = opts.lender ?? (await t.signUp());
  const renter = opts.renter ?? (await readyToRent(await t.signUp()));
  const itemId = await makeTestItem(t.ctx.database.db, {
    ownerId: lender.id,
    priceCents: opts.priceCents ?? 1_000,
    ...(opts.name ? { name: opts.name } : {}),
  });
  const rental = await ok<{ id: number }>(await requestAndAccept(renter, lender, { itemId, size: 'M' }), 201);
  const requests = await ok<{ incoming: { id: number; rentalId: number }[] }>(
    await lender.request('/api/lending/requests'),
  );
  const request = requests.incoming.find((r) => r.rentalId === rental.id);
  if (!request) throw new Error(`no request for rental ${rental.id}`);
  await ok(await lender.request(`/api/lending/requests/${request.id}/send`, { method: 'POST' }));
  await ok(await renter.request(`/api/rentals/${rental.id}/received`, { method: 'POST' }));
  await ok(await renter.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
  return { lender, renter, itemId, rentalId: rental.id };
}
