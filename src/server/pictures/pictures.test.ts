import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../features/catalogue/data/catalogue';
import { LOOKS } from '../features/catalogue/data/looks';
import {
  GENERATOR_VERSION,
  VIEWS,
  lookFor,
  pictureVersion,
  renderPicture,
  type Look,
  type PictureSubject,
} from './index';

/**
 * A small XML well-formedness check: the whole text is tags, text and entities; every tag is
 * closed in order; attributes are quoted; no unresolved marker, NaN or undefined slipped in.
 * Returns the problem, or null.
 */
function xmlProblem(xml: string): string | null {
  if (!xml.startsWith('<svg ')) return 'does not start with <svg';
  if (/\u00a7|NaN|undefined|Infinity|\[object/.test(xml)) return 'holds an unresolved value';
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[a-zA-Z][\w:-]*="[^"<>]*")*)\s*(\/?)>/y;
  const stack: string[] = [];
  let i = 0;
  while (i < xml.length) {
    if (xml[i] === '<') {
      tag.lastIndex = i;
      const m = tag.exec(xml);
      if (!m) return `bad tag at ${i}: ${xml.slice(i, i + 60)}`;
      const [all, close, name, , selfClose] = m;
      if (close) {
        if (stack.pop() !== name) return `</${name}> closes nothing open at ${i}`;
      } else if (!selfClose) stack.push(name!);
      i += all.length;
    } else {
      const next = xml.indexOf('<', i);
      const text = xml.slice(i, next === -1 ? xml.length : next);
      if (/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/.test(text)) return `bare & in text at ${i}`;
      if (stack.length === 0) return `text outside the root at ${i}`;
      i += text.length;
    }
  }
  if (stack.length) return `unclosed <${stack.join('>, <')}>`;
  // Every url(#id) and href="#id" points at a definition in the same picture.
  const ids = new Set([...xml.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  for (const m of xml.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) {
    const ref = m[1] ?? m[2];
    if (!ids.has(ref)) return `reference to a missing #${ref}`;
  }
  return null;
}

const subjectOf = (item: (typeof CATALOGUE)[number], withLook = true): PictureSubject => ({
  id: item.id,
  name: item.name,
  category: item.category,
  colour: item.colour,
  look: withLook && LOOKS[item.id] ? JSON.stringify(LOOKS[item.id]) : null,
});

/** type/cut, or the pieces' type/cut joined by '+' for outfits. */
function signature(look: Look): string {
  const one = (p: { type: string; cut?: string }) => (p.cut ? `${p.type}/${p.cut}` : p.type);
  return look.pieces ? look.pieces.map(one).join('+') : one(look);
}

/** What each house piece must be drawn as, read from its name by a person. */
const EXPECTED: Record<number, string> = {
  2: 'coat/wrap',
  3: 'jacket/biker',
  4: 'jacket/quilted',
  6: 'jacket/blazer',
  7: 'jacket/field',
  8: 'jacket/denim',
  9: 'jacket/tweed',
  10: 'trousers/wide',
  11: 'trousers/pleated',
  12: 'trousers/slim',
  14: 'trousers/cargo',
  15: 'trousers/slip',
  16: 'trousers/jeans',
  17: 'bag/shoulder',
  18: 'belt',
  19: 'bag/basket',
  20: 'bag/clutch',
  21: 'scarf',
  23: 'sunglasses',
  24: 'shirt+shorts',
  25: 'knit/cardigan+top/tank',
  26: 'jacket/track+trousers/joggers',
  27: 'shirt+trousers/wide',
  28: 'jacket/blazer+trousers/tailored',
  29: 'jacket/blazer+trousers/tailored',
  30: 'jacket/blazer+trousers/tailored',
  32: 'jacket/blazer+top/tank+trousers/wide',
  33: 'shirt+skirt/pencil',
  34: 'shirt+tie+trousers/slim',
  35: 'jumpsuit/tuxedo',
  36: 'skirt/slip',
  37: 'skirt/pleated',
  38: 'skirt/a-line',
  39: 'skirt/wrap',
  41: 'skirt/a-line',
  42: 'hoodie/pullover',
  43: 'hoodie/zip',
  44: 'hoodie/pullover',
  75: 'hoodie/zip',
  76: 'hoodie/half-zip',
  77: 'hoodie/half-zip',
  78: 'hoodie/pullover',
  79: 'hoodie/crew',
  80: 'hoodie/crew',
  81: 'hoodie/half-zip',
  82: 'hoodie/crew',
  83: 'hoodie/pullover',
  84: 'hoodie/half-zip',
  45: 'shirt',
  46: 'shirt/classic',
  47: 'shirt/silk',
  48: 'shirt/camp',
  50: 'shirt/blouse',
  51: 'shirt/western',
  52: 'jacket/shell+trousers/hiking',
  53: 'jacket/down+trousers/hiking',
  54: 'jumpsuit/ski',
  55: 'jacket/wind+trousers/hiking',
  56: 'jacket/fleece+trousers/hiking',
  57: 'dress/slip',
  59: 'dress/tiered',
  60: 'dress/column',
  61: 'dress/a-line',
  62: 'dress/bodycon',
  63: 'dress/sundress',
  64: 'dress/wrap',
  65: 'top/tank',
  66: 'top/corset',
  68: 'top/tee',
  69: 'top/polo',
  70: 'top/cami',
  71: 'top/tee',
  72: 'shoes/boots',
  73: 'shoes/heels',
  74: 'shoes/sneakers',
};

/** The details a name promises, that the picture must carry. */
const PROMISED: Record<number, (l: Look) => unknown> = {
  6: (l) => l.closure === 'double',
  21: (l) => l.print === 'check',
  23: (l) => l.print === 'tortoise',
  28: (l) => l.pieces?.[0]?.details?.includes('satin-lapels'),
  33: (l) => l.pieces?.[0]?.colour === 'white' && l.pieces?.[1]?.colour === 'black',
  35: (l) => l.colour2 !== undefined,
  36: (l) => l.length === 'midi' && l.fabric === 'satin',
  37: (l) => l.length === 'midi',
  38: (l) => l.length === 'mini' && l.fabric === 'denim',
  39: (l) => l.length === 'mini' && l.print === 'floral',
  46: (l) => l.print === 'stripes',
  59: (l) => l.length === 'maxi' && l.print === 'floral',
  60: (l) => l.length === 'gown',
  61: (l) => l.length === 'midi' && l.fabric === 'lace',
  64: (l) => l.fabric === 'velvet',
  70: (l) => l.fabric === 'sequin',
  75: (l) => l.closure === 'zip',
  78: (l) => l.motifs?.includes('ramen'),
  79: (l) => l.length === 'crop',
  80: (l) => l.motifs?.includes('chest-stripes'),
  82: (l) => l.motifs?.includes('butterflies'),
  83: (l) => l.motifs?.includes('wings'),
};

describe('the picture generator', () => {
  it('gives every seeded item a descriptor, and each draws what its name says', () => {
    for (const item of CATALOGUE) {
      expect(LOOKS[item.id], `no look for ${item.name}`).toBeDefined();
      const look = lookFor(subjectOf(item));
      expect(signature(look), `${item.id} ${item.name}`).toBe(EXPECTED[item.id]);
      const promised = PROMISED[item.id];
      if (promised) expect(promised(look), `${item.id} ${item.name}: ${JSON.stringify(look)}`).toBeTruthy();
    }
    expect(Object.keys(EXPECTED).length).toBe(CATALOGUE.length);
  });

  it('reads the garment from the name alone when there is no descriptor (a member listing)', () => {
    // The house pieces without their descriptors: the garment type still follows the name.
    for (const item of CATALOGUE) {
      const derived = lookFor(subjectOf(item, false));
      const expected = EXPECTED[item.id]!.split('+').map((p) => p.split('/')[0]);
      const got = derived.pieces ? derived.pieces.map((p) => p.type) : [derived.type];
      expect(got[0], `${item.id} ${item.name}: ${signature(derived)}`).toBe(expected[0]);
    }
    const cases: [string, string, string][] = [
      ['Green Pleated Midi Skirt', 'Skirts', 'skirt/pleated'],
      ['Leopard Print Slip Dress', 'Dresses', 'dress/slip'],
      ['Brown Leather Loafers', 'Shoes', 'shoes/loafers'],
      ['Vintage Levi Jeans', 'Pants', 'trousers/jeans'],
      ['Oversized Wool Coat', 'Jackets', 'coat'],
      ['Beaded Evening Clutch', 'Accessories', 'bag/clutch'],
      ['Gingham Check Shirt', 'Shirts', 'shirt'],
      ['Rose Shirt Dress', 'Dresses', 'dress/shirt'],
      ['Knee High Leather Boots', 'Shoes', 'shoes/boots'],
      ['Silk Bow Blouse', 'Shirts', 'shirt/blouse'],
      ['Grey Quarter-Zip Pullover', 'Hoodies', 'hoodie/half-zip'],
      ['Linen Camp Collar Shirt', 'Shirts', 'shirt/camp'],
      ['Navy Pinstripe Suit', 'Work Outfit', 'jacket/blazer+trousers/tailored'],
      ['Velvet Pyjama Set', 'Sets', 'shirt+trousers/wide'],
      ['Something Lovely', 'Tops', 'top/tee'],
      ['Something Lovely', 'Accessories', 'bag/shoulder'],
    ];
    for (const [name, category, expected] of cases) {
      expect(signature(lookFor({ id: 1000, name, category, colour: 'black', look: null })), name).toBe(expected);
    }
    expect(
      lookFor({ id: 1000, name: 'Leopard Print Slip Dress', category: 'Dresses', colour: 'brown', look: null }).print,
    ).toBe('leopard');
    expect(
      lookFor({ id: 1000, name: 'Gingham Check Shirt', category: 'Shirts', colour: 'blue', look: null }).print,
    ).toBe('check');
  });

  it('draws a well-formed SVG of every view of every seeded item, with and without its descriptor', () => {
    for (const item of CATALOGUE) {
      for (const withLook of [true, false]) {
        for (const view of VIEWS) {
          const svg = renderPicture(subjectOf(item, withLook), view);
          expect(xmlProblem(svg), `${item.id} ${item.name} ${view}`).toBeNull();
          expect(svg).toContain(`<title>${item.name.replace(/'/g, '&#39;')}`);
          expect(svg.length).toBeLessThan(40_000);
        }
      }
    }
  });

  it('the check fails on broken SVG (it can fail)', () => {
    expect(xmlProblem('<svg a="1"><g></svg>')).toMatch(/closes nothing|unclosed/);
    expect(xmlProblem('<svg a="1"><path d="M0 0" fill="url(#nope)"/></svg>')).toMatch(/missing #nope/);
    expect(xmlProblem('<svg a="1">a & b</svg>')).toMatch(/bare &/);
    expect(xmlProblem('<svg a=1></svg>')).toMatch(/bad tag/);
    expect(xmlProblem('<svg a="1"><path d="MNaN 0"/></svg>')).toMatch(/unresolved/);
  });

  it('front, back and detail differ; the same item gives the same bytes; items differ', () => {
    const names = new Map<string, string>();
    for (const item of CATALOGUE) {
      const s = subjectOf(item);
      const [front, back, detail] = VIEWS.map((v) => renderPicture(s, v));
      const body = (svg: string) => svg.replace(/<title>.*?<\/title>|aria-label="[^"]*"/g, '');
      expect(body(front!), `${item.name} back`).not.toBe(body(back!));
      expect(body(front!), `${item.name} detail`).not.toBe(body(detail!));
      expect(body(back!)).not.toBe(body(detail!));
      expect(renderPicture(s, 'front')).toBe(front);
      const other = names.get(body(front!));
      expect(other, `${item.name} is drawn exactly like ${other}`).toBeUndefined();
      names.set(body(front!), item.name);
    }
  });

  it('versions a picture by what it is drawn from', () => {
    const item = CATALOGUE.find((i) => i.id === 57)!;
    const v = pictureVersion(subjectOf(item));
    expect(v.startsWith(`${GENERATOR_VERSION}-`)).toBe(true);
    expect(pictureVersion(subjectOf(item))).toBe(v);
    expect(pictureVersion({ ...subjectOf(item), colour: 'black' })).not.toBe(v);
    expect(pictureVersion({ ...subjectOf(item), look: null })).not.toBe(v);
    expect(pictureVersion({ ...subjectOf(item), id: 999 })).toBe(v);
  });

  it('colours the garment from the item and names what it shows in the title', () => {
    const dress = CATALOGUE.find((i) => i.id === 57)!;
    const svg = renderPicture(subjectOf(dress), 'front');
    expect(svg).toContain('Red Silk Slip Dress: illustration of the red dress, front view');
    const outfit = renderPicture(subjectOf(CATALOGUE.find((i) => i.id === 33)!), 'back');
    expect(outfit).toContain('illustration of the white shirt and black skirt, back view');
  });
});
