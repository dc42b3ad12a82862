import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../../../domain/catalogue';
import type { Rental } from '../../../domain/rentals';
import type { FitDetailsState, ItemReviews, MyReviews, Review, ReviewInput, SizeAdvice } from '../../../domain/reviews';
import { makeTestItem, readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { makeJpeg } from '../listings/listings.test-helpers';

/*
 * Reviews and fit (issue 17 part A) on a real database (SQLite here, PostgreSQL in api-postgres):
 * only the renter of a returned rental reviews it, once (10 posts at once make one review); the
 * catalogue's rating and count are the seed's plus real reviews; the list, its size filter and
 * the fit summary; fit details; size advice below and above the minimum of similar reviews.
 */

const now = new Date('2026-12-01T09:00:00Z');
let t: TestApp;
let staff: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  staff = await makeStaff(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
}
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; issues?: { path: string; message: string }[] } })
    .error;

/** A rental of `itemId` that went out and was sent back (reviewable). */
async function returnedRental(m: TestMember, itemId: number, size = 'M'): Promise<Rental> {
  const rental = await json<Rental>(m.request('/api/rentals', { method: 'POST', json: { itemId, size } }), 201);
  await dispatchRental(staff, rental.id);
  await json<Rental>(m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
  return rental;
}

const sample = (over: Partial<ReviewInput> = {}): ReviewInput => ({
  rating: 5,
  fit: 'true_to_size',
  sizeWorn: 'M',
  occasion: 'wedding',
  text: 'Beautiful drape, compliments all night.',
  ...over,
});

function reviewForm(data: unknown, photos: { data: Buffer; name: string; type: string }[] = []): FormData {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  for (const p of photos) form.append('photos', new File([new Uint8Array(p.data)], p.name, { type: p.type }));
  return form;
}
const post = (
  m: TestMember,
  rentalId: number,
  data: unknown,
  photos: { data: Buffer; name: string; type: string }[] = [],
) => m.request(`/api/reviews/rentals/${rentalId}`, { method: 'POST', body: reviewForm(data, photos) });

const member = async (fullName = 'Rita Renter') => readyToRent(await t.signUp({ fullName }));

describe(`reviews (${process.env.TEST_DIALECT})`, () => {
  it('only the renter of a returned rental may review it, once; the rating and count become seed plus real', async () => {
    const itemId = await makeTestItem(db(), { sizes: ['S', 'M', 'L'], units: 3 }); // seed: 4.5 from 10 reviews
    const rita = await member('Rita Renter');
    const other = await member('Olga Other');

    // Not returned yet: refused before anything is read.
    const open = await json<Rental>(rita.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    const early = await post(rita, open.id, sample());
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe('You can review a rental once it has been returned.');
    await dispatchRental(staff, open.id);
    await json<Rental>(rita.request(`/api/rentals/${open.id}/return`, { method: 'POST' }));

    // Not hers: 404; a visitor: 401.
    expect((await post(other, open.id, sample())).status).toBe(404);
    expect(
      (await t.request(`/api/reviews/rentals/${open.id}`, { method: 'POST', body: reviewForm(sample()) })).status,
    ).toBe(401);

    // Her review, with a photo and her fit details.
    const jpeg = await makeJpeg(600, 800);
    const review = await json<Review>(
      post(rita, open.id, sample({ rating: 3, fitDetails: { heightCm: 168, usualSize: 'M', waistCm: 70 } }), [
        { data: jpeg, name: 'me.jpg', type: 'image/jpeg' },
      ]),
      201,
    );
    expect(review).toMatchObject({
      itemId,
      author: 'Rita R.',
      rating: 3,
      fit: 'true_to_size',
      sizeWorn: 'M',
      occasion: 'wedding',
      heightCm: 168,
      usualSize: 'M',
    });
    expect(review.photos).toHaveLength(1);
    const photo = await t.request(review.photos[0]!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    // (4.5 x 10 + 3) / 11 = 4.36 -> 4.4, from 11 reviews: on the item and in the browse sort.
    const item = await json<CatalogueItem>(t.request(`/api/items/${itemId}`));
    expect(item).toMatchObject({ rating: 4.4, reviewCount: 11 });
    const row = await db()
      .selectFrom('items')
      .select(['rating', 'review_count', 'seed_rating', 'seed_review_count'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect({ ...row, rating: Number(row.rating), seed_rating: Number(row.seed_rating) }).toEqual({
      rating: 4.4,
      review_count: 11,
      seed_rating: 4.5,
      seed_review_count: 10,
    });

    // Once only.
    const again = await post(rita, open.id, sample());
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('You have already reviewed this rental.');

    // Her fit details were kept; her returned rentals say it is reviewed.
    expect((await json<FitDetailsState>(rita.request('/api/reviews/fit-details'))).fit).toEqual({
      heightCm: 168,
      bustCm: null,
      waistCm: 70,
      hipsCm: null,
      usualSize: 'M',
    });
    const mine = await json<MyReviews>(rita.request('/api/reviews/mine'));
    expect(mine.rentals).toEqual([
      expect.objectContaining({ rentalId: open.id, itemId, reviewId: review.id, size: 'M', sizes: ['S', 'M', 'L'] }),
    ]);
    expect((await json<MyReviews>(other.request('/api/reviews/mine'))).rentals).toEqual([]);

    // A second renter's 5 stars: (4.5 x 10 + 3 + 5) / 12 = 4.42 -> 4.4, 12.
    await json<Review>(
      post(
        other,
        (await returnedRental(other, itemId, 'L')).id,
        sample({ rating: 5, sizeWorn: 'L', fit: 'runs_small' }),
      ),
      201,
    );
    expect(await json<CatalogueItem>(t.request(`/api/items/${itemId}`))).toMatchObject({
      rating: 4.4,
      reviewCount: 12,
    });
  });

  it('refuses bad input with the field named, and photos that are not images or too many', async () => {
    const itemId = await makeTestItem(db(), { sizes: ['M'] });
    const m = await member();
    const rental = await returnedRental(m, itemId);
    const bad = await post(m, rental.id, { rating: 6, fit: 'baggy', sizeWorn: 'M', text: 'ok' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).issues?.map((i) => i.path).sort()).toEqual(['fit', 'rating', 'text']);
    const wrongSize = await post(m, rental.id, sample({ sizeWorn: 'XL' }));
    expect(wrongSize.status).toBe(400);
    expect((await errorOf(wrongSize)).issues).toEqual([
      { path: 'sizeWorn', message: 'must be one of the sizes of this piece' },
    ]);
    const badFit = await post(m, rental.id, sample({ fitDetails: { heightCm: 400, usualSize: 'XXL' as 'M' } }));
    expect((await errorOf(badFit)).issues?.map((i) => i.path).sort()).toEqual([
      'fitDetails.heightCm',
      'fitDetails.usualSize',
    ]);
    expect(
      (
        await post(m, rental.id, sample(), [
          { data: Buffer.from('#!/bin/sh\necho not an image\n'), name: 'x.jpg', type: 'image/jpeg' },
        ])
      ).status,
    ).toBe(415);
    const jpeg = await makeJpeg(200, 200);
    const four = Array.from({ length: 4 }, (_, i) => ({ data: jpeg, name: `p${i}.jpg`, type: 'image/jpeg' }));
    const tooMany = await post(m, rental.id, sample(), four);
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).message).toBe('At most 3 photos per review');
    expect(await db().selectFrom('reviews').select('id').where('rental_id', '=', rental.id).execute()).toEqual([]);
    // Nothing was written by the refusals: the item keeps its seed numbers.
    expect(await json<CatalogueItem>(t.request(`/api/items/${itemId}`))).toMatchObject({
      rating: 4.5,
      reviewCount: 10,
    });
  });

  it('10 posts of the same review at once make one review and count it once', async () => {
    const itemId = await makeTestItem(db(), { sizes: ['M'] });
    const m = await member();
    const rental = await returnedRental(m, itemId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(m, rental.id, sample({ rating: 1, text: `Attempt number ${i} of the same review.` })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const rows = await db().selectFrom('reviews').select('id').where('rental_id', '=', rental.id).execute();
    expect(rows).toHaveLength(1);
    // (4.5 x 10 + 1) / 11 = 4.18 -> 4.2, 11 reviews: counted once.
    expect(await json<CatalogueItem>(t.request(`/api/items/${itemId}`))).toMatchObject({
      rating: 4.2,
      reviewCount: 11,
    });
  });

  it('lists reviews newest first with a size filter and a fit summary', async () => {
    const itemId = await makeTestItem(db(), { sizes: ['S', 'M', 'L'], units: 5 });
    const fits: [string, ReviewInput['fit']][] = [
      ['M', 'true_to_size'],
      ['M', 'true_to_size'],
      ['S', 'runs_small'],
      ['M', 'true_to_size'],
      ['L', 'runs_large'],
    ];
    const ids: number[] = [];
    for (const [i, [size, fit]] of fits.entries()) {
      const m = await member(`Member Number${i}`);
      ids.push(
        (
          await json<Review>(
            post(
              m,
              (await returnedRental(m, itemId, size)).id,
              sample({ sizeWorn: size as 'M', fit, text: `Review number ${i} of five.` }),
            ),
            201,
          )
        ).id,
      );
    }
    const all = await json<ItemReviews>(t.request(`/api/reviews/items/${itemId}`));
    expect(all.reviews.map((r) => r.id)).toEqual([...ids].reverse());
    expect(all.fitSummary).toEqual({
      reviews: 5,
      counts: { runs_small: 1, true_to_size: 3, runs_large: 1 },
      majority: { fit: 'true_to_size', percent: 60 },
    });
    expect(all).toMatchObject({ reviewCount: 15, nextBefore: null });
    expect(all.sizes.sort((a, b) => a.size.localeCompare(b.size))).toEqual([
      { size: 'L', reviews: 1 },
      { size: 'M', reviews: 3 },
      { size: 'S', reviews: 1 },
    ]);
    const onlyM = await json<ItemReviews>(t.request(`/api/reviews/items/${itemId}?size=M`));
    expect(onlyM.reviews.map((r) => r.id)).toEqual([ids[3], ids[1], ids[0]]);
    expect((await t.request(`/api/reviews/items/${itemId}?size=XXL`)).status).toBe(400);
    expect((await t.request('/api/reviews/items/999999')).status).toBe(404);
  });

  it('keeps fit details, validated, for the member only', async () => {
    const m = await t.signUp();
    expect(await json<FitDetailsState>(m.request('/api/reviews/fit-details'))).toEqual({
      fit: { heightCm: null, bustCm: null, waistCm: null, hipsCm: null, usualSize: null },
      updatedAt: null,
    });
    const bad = await m.request('/api/reviews/fit-details', {
      method: 'PUT',
      json: { heightCm: 50, bustCm: null, waistCm: null, hipsCm: null, usualSize: 'M' },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).issues?.[0]?.path).toBe('heightCm');
    const saved = await json<FitDetailsState>(
      m.request('/api/reviews/fit-details', {
        method: 'PUT',
        json: { heightCm: 170, bustCm: 88, waistCm: 70, hipsCm: 96, usualSize: 'S' },
      }),
    );
    expect(saved.fit).toEqual({ heightCm: 170, bustCm: 88, waistCm: 70, hipsCm: 96, usualSize: 'S' });
    expect((await t.request('/api/reviews/fit-details')).status).toBe(401);
    expect(
      (await json<FitDetailsState>((await t.signUp()).request('/api/reviews/fit-details'))).fit.heightCm,
    ).toBeNull();
  });
});

describe(`size advice from members like you (${process.env.TEST_DIALECT})`, () => {
  it('says there is not enough data below 3 similar reviews, and gives the majority above', async () => {
    const itemId = await makeTestItem(db(), { sizes: ['S', 'M', 'L'], units: 8 });
    const me = await t.signUp({ fullName: 'Mia Measured' });
    const advice = () => json<SizeAdvice>(me.request(`/api/reviews/items/${itemId}/size-advice`));
    expect(await advice()).toEqual({ status: 'no_fit_details', minimum: 3 });
    expect((await t.request(`/api/reviews/items/${itemId}/size-advice`)).status).toBe(401);
    await json(
      me.request('/api/reviews/fit-details', {
        method: 'PUT',
        json: { heightCm: 170, bustCm: null, waistCm: null, hipsCm: null, usualSize: 'M' },
      }),
    );

    const reviewBy = async (
      heightCm: number,
      usualSize: 'S' | 'M' | 'L',
      sizeWorn: 'S' | 'M' | 'L',
      fit: ReviewInput['fit'],
    ) => {
      const m = await member(`Similar Member${heightCm}${usualSize}`);
      await json<Review>(
        post(
          m,
          (await returnedRental(m, itemId, sizeWorn)).id,
          sample({ sizeWorn, fit, fitDetails: { heightCm, usualSize } }),
        ),
        201,
      );
    };
    // Not similar: too tall, too short, another usual size.
    await reviewBy(176, 'M', 'L', 'true_to_size');
    await reviewBy(164, 'M', 'S', 'true_to_size');
    await reviewBy(170, 'L', 'L', 'true_to_size');
    // Two similar: below the minimum, whatever they say.
    await reviewBy(165, 'M', 'L', 'true_to_size');
    await reviewBy(175, 'M', 'L', 'runs_small');
    expect(await advice()).toEqual({
      status: 'not_enough_data',
      minimum: 3,
      similarReviews: 2,
      heightCm: 170,
      usualSize: 'M',
    });

    // Three more similar: 4 wore L (3 true to size... no: 2 true, 1 small, 1 true), 1 wore M.
    await reviewBy(171, 'M', 'L', 'true_to_size');
    await reviewBy(168, 'M', 'M', 'runs_small');
    await reviewBy(172, 'M', 'L', 'true_to_size');
    const got = await advice();
    expect(got).toMatchObject({
      status: 'advice',
      minimum: 3,
      similarReviews: 5,
      heightCm: 170,
      usualSize: 'M',
      size: 'L',
      sizeReviews: 4,
    });
    if (got.status !== 'advice') throw new Error('no advice');
    expect(got.fit).toEqual({
      reviews: 4,
      counts: { runs_small: 1, true_to_size: 3, runs_large: 0 },
      majority: { fit: 'true_to_size', percent: 75 },
    });
    expect(got.sizes.map((s) => [s.size, s.reviews])).toEqual([
      ['L', 4],
      ['M', 1],
    ]);

    // Her own review does not count as a member like her.
    const own = await readyToRent(me);
    await json<Review>(
      post(own, (await returnedRental(own, itemId, 'M')).id, sample({ sizeWorn: 'M', fit: 'runs_small' })),
      201,
    );
    expect((await advice()).status === 'advice' && (await advice())).toMatchObject({ similarReviews: 5, size: 'L' });
  });
});
