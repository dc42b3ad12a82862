import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../domain/errors';
import { listingForm, makeJpeg, sampleListing } from '../features/listings/listings.test-helpers';
import { createTestApp, type TestApp, type TestMember } from '../test/test-app';
import { verified } from '../test/verified';

/*
 * Input PostgreSQL refuses to store or compare (found as 500s on PostgreSQL while SQLite took
 * it): NUL characters in any text, and keyset cursors whose values have the wrong type or range.
 * Both are a 400 in the error shape on both databases, and nothing is written.
 */
let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  member = await verified(await t.signUp()); // she lists a piece below: lending asks it (decision 0068)
});
afterAll(async () => {
  await t?.close();
});

const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function expect400(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBe(400);
  const body = ApiErrorSchema.safeParse(JSON.parse(text));
  expect(body.success, `${what}: not the error shape: ${text.slice(0, 300)}`).toBe(true);
  return body.data!.error;
}

describe(`NUL characters (${process.env.TEST_DIALECT})`, () => {
  it('refuses a NUL in a query parameter, naming it', async () => {
    for (const url of [
      '/api/items?q=a%00b',
      '/api/items?brand=%00',
      '/api/items/facets?q=%00',
      '/api/items?x%00=1',
      '/api/events?q=%00',
    ]) {
      const error = await expect400(await t.request(url), url);
      expect(error.message).toMatch(/NUL/);
    }
    const error = await expect400(await t.request('/api/items?q=a%00b'), 'q');
    expect(error.issues).toEqual([{ path: 'q', message: expect.stringMatching(/NUL/) }]);
  });

  it('refuses a NUL in any string of a JSON body (sign-up, card, swipes, assistant), and writes nothing', async () => {
    const users = await t.ctx.database.db.selectFrom('user').select('id').execute();
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email: 'nul@example.com',
        password: 'correct horse battery',
        name: 'Nul\u0000Name',
        fullName: 'Nul\u0000Name',
        gender: 'female',
      },
    });
    const error = await expect400(signUp, 'sign-up');
    expect(error.issues?.[0]?.path).toBe('name');
    expect(await t.ctx.database.db.selectFrom('user').select('id').execute()).toHaveLength(users.length);

    const card = {
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: '08',
      expiryYear: '2030',
      cvv: '123',
      cardholderName: 'Ada\u0000Lovelace',
      billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
    };
    expect(
      (await expect400(await member.request('/api/plans/payment-method', { method: 'PUT', json: card }), 'card'))
        .issues?.[0]?.path,
    ).toBe('cardholderName');
    const nested = {
      ...card,
      cardholderName: 'Ada Lovelace',
      billingAddress: { ...card.billingAddress, city: 'Brook\u0000lyn' },
    };
    expect(
      (await expect400(await member.request('/api/plans/payment-method', { method: 'PUT', json: nested }), 'card city'))
        .issues?.[0]?.path,
    ).toBe('billingAddress.city');
    expect(await t.ctx.database.db.selectFrom('payment_methods').select('user_id').execute()).toHaveLength(0);

    await expect400(
      await member.request('/api/assistant/messages', {
        method: 'POST',
        json: { message: 'a dress \u0000 for a wedding' },
      }),
      'assistant',
    );
    await expect400(
      await member.request('/api/match/swipes', {
        method: 'POST',
        json: { itemId: 2, action: 'like', ['k\u0000']: 1 },
      }),
      'key',
    );
    // An escaped backslash followed by "u0000" is not a NUL: it is not refused for that.
    const literal = await member.request('/api/assistant/messages', {
      method: 'POST',
      json: { message: 'a dress \\u0000 for a wedding' },
    });
    expect(literal.status).not.toBe(500);
    expect(JSON.stringify(await literal.json())).not.toMatch(/NUL/);
  });

  it('refuses a NUL in a urlencoded or multipart body', async () => {
    await expect400(
      await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=form%40example.com&password=correct+horse+battery&name=A%00B&fullName=A%00B&gender=female',
      }),
      'urlencoded sign-up',
    );
    const form = new FormData();
    form.set('email', 'multi@example.com');
    form.set('password', 'correct horse battery');
    form.set('name', 'A\u0000B');
    form.set('fullName', 'A\u0000B');
    form.set('gender', 'female');
    const multi = await t.request('/api/auth/sign-up/email', { method: 'POST', body: form });
    expect([400, 415]).toContain(multi.status);
    expect(ApiErrorSchema.safeParse(await multi.json()).success).toBe(true);

    const jpeg = await makeJpeg(300, 400);
    const listing = await member.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Silk\u0000Dress' }), [
        { data: jpeg, name: 'a.jpg', type: 'image/jpeg' },
      ]),
    });
    expect((await expect400(listing, 'listing')).issues?.[0]?.path).toBe('data.name');
    expect(await t.ctx.database.db.selectFrom('listings').select('item_id').execute()).toHaveLength(0);
  });
});

describe(`browse cursors (${process.env.TEST_DIALECT})`, () => {
  it('refuses cursors whose values have the wrong type or range', async () => {
    const bad = [
      ['popular', 'text', 1],
      ['popular', 1e308, 1],
      ['popular', 1, 1e308],
      ['popular', 1, 2 ** 40],
      ['popular', 1.5, 1],
      ['popular', -1, 1],
      ['popular', '\u0000', 1],
      ['newest', 5, 1],
      ['newest', 'x\u0000', 1],
      ['rating', 'x', 1],
      ['rating', 1e308, 1],
      ['price-asc', 9e18, 1],
      ['price-desc', 1, -1],
      ['price-desc', 1, 0],
    ];
    for (const value of bad) {
      const sort = value[0] as string;
      const error = await expect400(
        await t.request(`/api/items?sort=${sort}&cursor=${cursor(value)}`),
        JSON.stringify(value),
      );
      expect(error.issues?.[0]?.path).toBe('cursor');
    }
  });

  it('still pages with the cursors it hands out', async () => {
    for (const sort of ['popular', 'newest', 'price-asc', 'price-desc', 'rating']) {
      const first = (await (await t.request(`/api/items?sort=${sort}&limit=5`)).json()) as {
        items: { id: number }[];
        nextCursor: string;
      };
      expect(first.nextCursor).toBeTruthy();
      const next = await t.request(`/api/items?sort=${sort}&limit=5&cursor=${first.nextCursor}`);
      expect(next.status).toBe(200);
      const page = (await next.json()) as { items: { id: number }[] };
      expect(page.items.length).toBe(5);
      expect(page.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
    }
  });
});
