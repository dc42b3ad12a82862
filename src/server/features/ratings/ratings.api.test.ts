import { describe, expect, it } from 'vitest';
import type { CatalogueItem, ItemPage } from '../../../domain/catalogue';
import type { RatingList, RentalRatings } from '../../../domain/ratings';
import { returnedMemberRental } from '../../test/member-rental';
import { json, staffedTestApp } from '../../test/staffed-app';
import type { TestMember } from '../../test/test-app';

/*
 * Ratings both ways after a rental of a member's piece (decision 0036), on a real database: one
 * per side (the database's unique key decides, even at the same moment), double-blind until both
 * are in or 14 days pass (the clock moved), and the lender's rating shown on her pieces.
 */

const START = '2026-11-24T10:00:00.000Z';
let now = new Date(START);
const env = staffedTestApp(() => now);

const rate = (m: TestMember, body: unknown) => m.request('/api/ratings', { method: 'POST', json: body });

/** The piece's card in its brand's list (a list's cards are kept per version of a piece: the rating must still move). */
async function cardRating(itemId: number) {
  const item = await json<CatalogueItem>(env.t.request(`/api/items/${itemId}`));
  const page = await json<ItemPage>(
    env.t.request(
      `/api/items?brand=${encodeURIComponent(item.brand)}&category=${encodeURIComponent(item.category)}&limit=48`,
    ),
  );
  const card = page.items.find((i) => i.id === itemId);
  expect(card, `item ${itemId} in its brand's list`).toBeDefined();
  return card!.lenderRating;
}

describe(`ratings (${process.env.TEST_DIALECT})`, () => {
  it('stays hidden from the other side until both have written, then both show', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId, itemId } = await returnedMemberRental(t, { staff });
    const mine = await json<RentalRatings>(
      rate(renter, { rentalId, stars: 5, comment: 'Immaculate, and she was lovely' }),
      201,
    );
    expect(mine).toMatchObject({ side: 'renter', mine: { stars: 5 }, theirs: null, theirsWaiting: false });
    // The lender sees that the renter wrote, not what.
    const lenderView = await json<RentalRatings>(lender.request(`/api/ratings/rentals/${rentalId}`));
    expect(lenderView).toMatchObject({ side: 'lender', mine: null, theirs: null, theirsWaiting: true });
    expect(JSON.stringify(lenderView)).not.toContain('Immaculate');
    // Nor is it on her pieces yet.
    expect((await json<CatalogueItem>(t.request(`/api/items/${itemId}`))).lenderRating ?? null).toBeNull();
    expect(await cardRating(itemId)).toBeNull();

    const both = await json<RentalRatings>(rate(lender, { rentalId, stars: 4 }), 201);
    expect(both).toMatchObject({
      side: 'lender',
      mine: { stars: 4 },
      theirs: { stars: 5, comment: 'Immaculate, and she was lovely' },
    });
    expect((await json<RentalRatings>(renter.request(`/api/ratings/rentals/${rentalId}`))).theirs).toMatchObject({
      stars: 4,
    });
    expect((await json<CatalogueItem>(t.request(`/api/items/${itemId}`))).lenderRating).toEqual({
      average: 5,
      count: 1,
    });
    expect(await cardRating(itemId)).toEqual({ average: 5, count: 1 });
    const list = await json<RatingList>(renter.request('/api/ratings'));
    expect(list.rentals.map((r) => r.rentalId)).toContain(rentalId);
  });

  it('shows a lone rating 14 days after the return', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff });
    await json(rate(lender, { rentalId, stars: 2, comment: 'Came back late' }), 201);
    now = new Date(new Date(START).getTime() + 13 * 86_400_000);
    expect(await json<RentalRatings>(renter.request(`/api/ratings/rentals/${rentalId}`))).toMatchObject({
      theirs: null,
      theirsWaiting: true,
    });
    now = new Date(new Date(START).getTime() + 14 * 86_400_000 + 60_000);
    expect((await json<RentalRatings>(renter.request(`/api/ratings/rentals/${rentalId}`))).theirs).toMatchObject({
      stars: 2,
      comment: 'Came back late',
    });
  });

  it('takes one rating per side, even sent twice at once, and only from the two parties after the return', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { renter, rentalId } = await returnedMemberRental(t, { staff });
    const answers = await Promise.all([rate(renter, { rentalId, stars: 5 }), rate(renter, { rentalId, stars: 1 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.ctx.database.db
      .selectFrom('rental_ratings')
      .select(['side', 'stars'])
      .where('rental_id', '=', rentalId)
      .execute();
    expect(rows).toHaveLength(1);
    const stranger = await t.signUp();
    expect((await rate(stranger, { rentalId, stars: 5 })).status).toBe(404);
    expect((await stranger.request(`/api/ratings/rentals/${rentalId}`)).status).toBe(404);
    const bad = await rate(renter, { rentalId, stars: 6, comment: 'x'.repeat(501) });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path).sort(),
    ).toEqual(['comment', 'stars']);
  });
});
