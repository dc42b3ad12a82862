import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNED_REPLIES, MAX_ASSISTANT_MESSAGE_LENGTH, type AssistantReply } from '../../../domain/assistant';
import { makeItem } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const ids: Record<string, number> = {};

interface Row {
  key: string;
  name: string;
  brand: string;
  category: string;
  gender?: string;
  colour?: string;
  tags?: string;
  price: number;
  rating?: number;
  status?: string;
  ownerId?: string | null;
}

async function insert(row: Row) {
  ids[row.key] = await makeItem(t, {
    name: row.name,
    brand: row.brand,
    category: row.category,
    gender: row.gender ?? 'Women',
    sizes: ['S', 'M', 'L'],
    units: 0,
    colour: row.colour ?? 'neutral',
    tags: row.tags ?? '',
    retailCents: row.price * 10,
    priceCents: row.price,
    rating: row.rating ?? 4,
    rentalCount: 1,
    ...(row.ownerId ? { ownerId: row.ownerId, listed: false } : {}),
    status: row.status ?? 'active',
    createdAt: '2026-11-22T10:00:00.000Z',
  });
}

async function ask(
  message: unknown,
): Promise<{ status: number; body: AssistantReply & { error?: { code: string; message: string } } }> {
  const res = await t.request('/api/assistant/messages', { method: 'POST', json: { message } });
  return { status: res.status, body: (await res.json()) as never };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const owner = await t.signUp({ fullName: 'Lending Member' });
  const rows: Row[] = [
    {
      key: 'blackJacketA',
      name: 'Leather Biker Jacket',
      brand: 'AllSaints',
      category: 'Jackets',
      colour: 'black',
      price: 799,
      rating: 4.9,
    },
    {
      key: 'blackJacketB',
      name: 'Noir Wool Blazer',
      brand: 'Max Mara',
      category: 'Jackets',
      colour: 'Black',
      price: 1000,
      rating: 4.7,
    },
    // Colour only in the name; a member's own listing is part of the catalogue too.
    {
      key: 'blackJacketOwned',
      name: 'Black Denim Jacket',
      brand: 'Levi’s',
      category: 'Jackets',
      colour: 'neutral',
      price: 700,
      rating: 4.5,
      ownerId: owner.id,
    },
    {
      key: 'blackJacketD',
      name: 'Cropped Bomber',
      brand: 'Zara',
      category: 'Jackets',
      colour: 'black',
      price: 650,
      rating: 4.1,
    },
    {
      key: 'blackJacketPricey',
      name: 'Tuxedo Jacket',
      brand: 'Gucci',
      category: 'Jackets',
      colour: 'black',
      price: 1001,
      rating: 5,
    },
    {
      key: 'blackJacketRemoved',
      name: 'Old Black Jacket',
      brand: 'Zara',
      category: 'Jackets',
      colour: 'black',
      price: 500,
      rating: 5,
      status: 'removed',
    },
    {
      key: 'navyJacket',
      name: 'Navy Peacoat',
      brand: 'Zara',
      category: 'Jackets',
      colour: 'navy',
      price: 799,
      rating: 5,
    },
    {
      key: 'blackDress',
      name: 'Little Black Dress',
      brand: 'Gucci',
      category: 'Dresses',
      colour: 'black',
      tags: 'party, evening',
      price: 2999,
      rating: 4.8,
    },
    {
      key: 'summerDress',
      name: 'Linen Sundress',
      brand: 'Reformation',
      category: 'Dresses',
      colour: 'white',
      tags: 'summer,party',
      price: 2999,
      rating: 4.6,
    },
    {
      key: 'suit',
      name: 'Tailored Trouser Suit',
      brand: 'Max Mara',
      category: 'Work Outfit',
      colour: 'grey',
      price: 3999,
      rating: 4.4,
    },
    {
      key: 'workShirt',
      name: 'Poplin Shirt',
      brand: 'COS',
      category: 'Shirts',
      colour: 'white',
      tags: 'work',
      price: 1599,
      rating: 4.3,
    },
    {
      key: 'mountain',
      name: 'Alpine Shell Set',
      brand: 'The North Face',
      category: 'Mountain Outfit',
      gender: 'Men',
      colour: 'green',
      price: 4999,
      rating: 4.7,
    },
    {
      key: 'hikingHoodie',
      name: 'Gray Trail Fleece',
      brand: 'Columbia',
      category: 'Hoodies',
      gender: 'Men',
      colour: 'neutral',
      tags: 'hiking',
      price: 999,
      rating: 4.2,
    },
    {
      key: 'hikingHoodieW',
      name: 'Fleece Half-Zip',
      brand: 'Columbia',
      category: 'Hoodies',
      gender: 'Women',
      tags: 'hiking',
      price: 999,
      rating: 4.9,
    },
    // "partywear" is not the tag "party".
    { key: 'notAParty', name: 'Knit Top', brand: 'COS', category: 'Tops', tags: 'partywear', price: 599, rating: 4 },
  ];
  for (const row of rows) await insert(row);
});

afterAll(async () => {
  await t?.close();
});

describe(`style assistant (${process.env.TEST_DIALECT})`, () => {
  it('answers "black jackets under $10" with up to 3 matching items, best rated first', async () => {
    const { status, body } = await ask('black jackets under $10');
    expect(status).toBe(200);
    expect(body.kind).toBe('matches');
    expect(body.filters).toEqual({ category: 'Jackets', colour: 'black', maxPriceCents: 1000 });
    expect(body.items.map((i) => i.id)).toEqual([ids.blackJacketA, ids.blackJacketB, ids.blackJacketOwned]);
    expect(body.reply).toBe("Here are 3 black jackets under $10 I think you'll love:");
    for (const item of body.items) {
      expect(item.category).toBe('Jackets');
      expect(item.rentalPriceCents).toBeLessThanOrEqual(1000);
      // The one owner's first picture: the same URL the catalogue gives the item.
      const full = (await (await t.request(`/api/items/${item.id}`)).json()) as { imageUrl: string };
      expect(item.imageUrl).toBe(full.imageUrl);
      expect(item.imageUrl).toMatch(new RegExp(`^/api/items/${item.id}/pictures/front\\.svg\\?v=`));
    }
    expect(body.items[0]).toEqual({
      id: ids.blackJacketA,
      name: 'Leather Biker Jacket',
      brand: 'AllSaints',
      category: 'Jackets',
      gender: 'Women',
      colour: 'black',
      rentalPriceCents: 799,
      imageUrl: body.items[0]!.imageUrl,
    });
  });

  it('reads the table of messages into filters and matches the right items', async () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      [
        'black jackets under $7',
        { category: 'Jackets', colour: 'black', maxPriceCents: 700 },
        ['blackJacketOwned', 'blackJacketD'],
      ],
      ['a dress for a party', { category: 'Dresses', occasion: 'party' }, ['blackDress', 'summerDress']],
      ['something for summer', { occasion: 'summer' }, ['summerDress']],
      ['what can I wear to work?', { occasion: 'work' }, ['suit', 'workShirt']],
      ['hiking for men', { occasion: 'hiking', gender: 'Men' }, ['mountain', 'hikingHoodie']],
      ['grey hoodies', { category: 'Hoodies', colour: 'grey' }, ['hikingHoodie']],
      ['anything by gucci', { brand: 'Gucci' }, ['blackJacketPricey', 'blackDress']],
      ['Max Mara under 15', { brand: 'Max Mara', maxPriceCents: 1500 }, ['blackJacketB']],
      ['navy', { colour: 'navy' }, ['navyJacket']],
    ];
    for (const [message, filters, keys] of cases) {
      const { status, body } = await ask(message);
      expect(status, message).toBe(200);
      expect(body.filters, message).toEqual(filters);
      expect(
        body.items.map((i) => i.id),
        message,
      ).toEqual(keys.map((k) => ids[k]));
    }
  });

  it('treats an occasion with a kind of piece as a preference: "black jackets for work" finds black jackets', async () => {
    const { status, body } = await ask('black jackets for work');
    expect(status).toBe(200);
    expect(body.filters).toEqual({ category: 'Jackets', colour: 'black', occasion: 'work' });
    expect(body.kind).toBe('matches');
    expect(body.items.map((i) => i.id)).toEqual([ids.blackJacketPricey, ids.blackJacketA, ids.blackJacketB]);
    // None of the test jackets is tagged for work, and the reply does not pretend otherwise.
    expect(body.reply).toBe('Here are 3 black jackets. None is cut for work in particular, but they style well:');
  });

  it('says so when it understood the message but nothing fits', async () => {
    const { status, body } = await ask('purple shoes below 20');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'no-matches',
      items: [],
      filters: { category: 'Shoes', colour: 'purple', maxPriceCents: 2000 },
    });
    expect(body.reply).toMatch(/^I couldn't find purple shoes under \$20/);
  });

  it('gives one of the four canned replies when nothing is recognised, the same one each time', async () => {
    const first = await ask('hello, who are you?');
    expect(first.status).toBe(200);
    expect(first.body.kind).toBe('canned');
    expect(first.body.items).toEqual([]);
    expect(first.body.filters).toEqual({});
    expect(CANNED_REPLIES).toContain(first.body.reply);
    const again = await ask('hello, who are you?');
    expect(again.body.reply).toBe(first.body.reply);
  });

  it('refuses blank, missing, non-text and over-long messages with a 400 naming the field', async () => {
    for (const message of ['', '    ', undefined, 42, 'x'.repeat(MAX_ASSISTANT_MESSAGE_LENGTH + 1)]) {
      const { status, body } = await ask(message);
      expect(status, String(message).slice(0, 10)).toBe(400);
      expect(body.error?.code).toBe('VALIDATION_FAILED');
      expect(body.error?.message).toMatch(/message/);
    }
    // Exactly at the limit is fine.
    const ok = await ask(`${'x'.repeat(MAX_ASSISTANT_MESSAGE_LENGTH - 7)} jacket`);
    expect(ok.status).toBe(200);
    const notJson = await t.request('/api/assistant/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":',
    });
    expect(notJson.status).toBe(400);
  });

  it('refuses a cross-site post and is documented in the OpenAPI document', async () => {
    const res = await t.request('/api/assistant/messages', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { message: 'hi' },
    });
    expect(res.status).toBe(403);
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths['/api/assistant/messages']?.post).toBeDefined();
  });
});

describe(`style assistant on the seeded catalogue (${process.env.TEST_DIALECT})`, () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await seeded?.close();
  });

  it('finds the catalogue\'s black jackets for "black jackets for work" (singular and plural alike)', async () => {
    for (const message of ['black jackets for work', 'a black jacket for the office', 'Black blazer for work']) {
      const res = await seeded.request('/api/assistant/messages', { method: 'POST', json: { message } });
      expect(res.status, message).toBe(200);
      const body = (await res.json()) as AssistantReply;
      expect(body.kind, message).toBe('matches');
      expect(
        body.items.map((i) => i.name),
        message,
      ).toContain('Black Leather Biker Jacket');
      for (const item of body.items) expect(item.colour.toLowerCase(), message).toContain('black');
    }
  });
});
