import { createHash } from 'node:crypto';

/**
 * Generated item pictures: an SVG illustration per item (a silhouette for its category, in the
 * colour named by the item), so the catalogue needs no photos and no network. Square 400x400.
 */

/** Colour words we recognise in an item's colour field or name, and the swatch each draws. */
export const COLOUR_SWATCHES: Record<string, string> = {
  peach: '#f2b8a0',
  cream: '#efe6d2',
  ivory: '#f4efe4',
  white: '#f6f4ef',
  black: '#26221f',
  charcoal: '#3d3a38',
  grey: '#9a9794',
  gray: '#9a9794',
  taupe: '#8f8072',
  camel: '#c19a6b',
  sand: '#d8c7a8',
  khaki: '#b5a67e',
  brown: '#7a5238',
  rust: '#b5572f',
  orange: '#e0793a',
  red: '#b83232',
  burgundy: '#6e2233',
  pink: '#e8a9b8',
  blush: '#e9c3bd',
  lilac: '#b9a6d0',
  navy: '#27324f',
  blue: '#5b7fae',
  denim: '#5c7594',
  indigo: '#34406b',
  teal: '#2f7a78',
  emerald: '#2e6b4f',
  sage: '#9aab8e',
  olive: '#6f6d3e',
  yellow: '#e8c75a',
  gold: '#c9a45a',
  silver: '#c4c6c8',
};
const FALLBACK = '#b8ab9c';

/** The swatch for an item: its colour field, else the first colour word in its name. */
export function swatchFor(colour: string, name: string): { word: string; hex: string } {
  const c = colour.toLowerCase();
  if (COLOUR_SWATCHES[c]) return { word: c, hex: COLOUR_SWATCHES[c] };
  for (const word of name.toLowerCase().split(/[^a-z]+/)) {
    if (COLOUR_SWATCHES[word]) return { word, hex: COLOUR_SWATCHES[word] };
  }
  return { word: c || 'neutral', hex: FALLBACK };
}

function mix(hex: string, other: string, t: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const a = p(hex);
  const b = p(other);
  return `#${a.map((v, i) => Math.round(v + (b[i]! - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const LONG_SLEEVE_BODY = 'M150 100 Q200 88 250 100 L300 122 Q322 134 328 165 L350 300 L312 308 L290 196 L288 332 L112 332 L110 196 L88 308 L50 300 L72 165 Q78 134 100 122 Z';

/** Silhouettes: `fill` paths take the swatch, `line` paths are drawn as seams in a darker tone. */
const SHAPES: Record<string, { fill: string[]; line?: string[]; shade?: string[] }> = {
  Hoodies: {
    fill: [LONG_SLEEVE_BODY],
    shade: ['M158 112 Q160 56 200 50 Q240 56 242 112 Q222 128 200 128 Q178 128 158 112 Z'],
    line: ['M148 262 L252 262 L264 312 L136 312 Z', 'M190 128 L186 176', 'M210 128 L214 176', 'M112 316 L288 316'],
  },
  Jackets: {
    fill: [LONG_SLEEVE_BODY],
    line: ['M200 104 L200 332', 'M168 98 L200 190 L232 98', 'M168 98 L150 150 L182 160', 'M232 98 L250 150 L218 160', 'M130 250 L170 250', 'M230 250 L270 250'],
  },
  Shirts: {
    fill: [LONG_SLEEVE_BODY],
    line: ['M200 112 L200 332', 'M170 98 L200 124 L230 98', 'M170 98 L184 130 L200 124 L216 130 L230 98', 'M290 280 L312 282', 'M110 280 L88 282'],
    shade: ['M196 150 h8 v8 h-8 z', 'M196 200 h8 v8 h-8 z', 'M196 250 h8 v8 h-8 z'],
  },
  Tops: {
    fill: ['M148 92 L178 82 Q200 104 222 82 L252 92 L318 140 L292 178 L268 162 L270 322 L130 322 L132 162 L108 178 L82 140 Z'],
    line: ['M178 82 Q200 112 222 82', 'M130 306 L270 306'],
  },
  Pants: {
    fill: ['M138 70 L262 70 L282 340 L218 340 L200 150 L182 340 L118 340 Z'],
    line: ['M138 92 L262 92', 'M200 92 L200 150', 'M150 92 Q158 120 176 124', 'M250 92 Q242 120 224 124'],
  },
  Skirts: {
    fill: ['M148 96 L252 96 L306 312 Q200 334 94 312 Z'],
    line: ['M148 118 L252 118', 'M178 118 L160 318', 'M222 118 L240 318', 'M200 118 L200 322'],
  },
  Dresses: {
    fill: ['M166 56 L184 56 Q200 78 216 56 L234 56 L242 132 Q238 152 230 166 L304 334 Q200 354 96 334 L170 166 Q162 152 158 132 Z'],
    line: ['M164 166 L236 166', 'M184 56 Q200 92 216 56'],
  },
  Shoes: {
    fill: ['M70 262 Q76 206 128 200 L184 194 Q214 238 292 250 Q336 258 336 288 L336 298 L70 298 Z'],
    shade: ['M66 298 L340 298 L340 316 L66 316 Z'],
    line: ['M128 200 Q140 236 184 242', 'M150 214 L170 208', 'M156 228 L178 222'],
  },
  Accessories: {
    fill: ['M112 168 h176 a12 12 0 0 1 12 12 v132 a12 12 0 0 1 -12 12 h-176 a12 12 0 0 1 -12 -12 v-132 a12 12 0 0 1 12 -12 z'],
    line: ['M148 168 Q148 96 200 96 Q252 96 252 168', 'M100 214 L300 214'],
    shade: ['M188 206 h24 v18 h-24 z'],
  },
  Sets: {
    fill: [
      'M96 96 L118 88 Q136 104 154 88 L176 96 L214 128 L198 152 L182 142 L184 236 L88 236 L90 142 L74 152 L58 128 Z',
      'M226 170 L338 170 L346 330 L292 330 L282 250 L272 330 L218 330 Z',
    ],
    line: ['M118 88 Q136 112 154 88', 'M226 188 L338 188'],
  },
  'Work Outfit': {
    fill: [LONG_SLEEVE_BODY],
    shade: ['M192 112 L208 112 L214 124 L206 210 L200 222 L194 210 L186 124 Z'],
    line: ['M166 98 L196 200', 'M234 98 L204 200', 'M166 98 L148 152 L180 162', 'M234 98 L252 152 L220 162', 'M200 230 L200 332', 'M128 262 L166 262'],
  },
  'Mountain Outfit': {
    fill: [LONG_SLEEVE_BODY],
    line: ['M200 104 L200 332', 'M100 170 L300 170', 'M96 220 L304 220', 'M106 270 L294 270', 'M160 98 Q200 80 240 98'],
  },
};

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface ItemImageInput {
  id: number;
  name: string;
  category: string;
  colour: string;
}

/** The SVG of an item and its ETag (a hash of the SVG, so any change to the drawing changes it). */
export function renderItemSvg(item: ItemImageInput): { svg: string; etag: string } {
  const { hex } = swatchFor(item.colour, item.name);
  const shape = SHAPES[item.category] ?? SHAPES.Tops!;
  const light = luminance(hex) > 0.72;
  const bg = light ? '#e7ded2' : mix(hex, '#fcfaf7', 0.82);
  const seam = light ? '#8c8278' : mix(hex, '#1c1917', 0.45);
  const shade = mix(hex, '#1c1917', 0.22);
  const mountain =
    item.category === 'Mountain Outfit'
      ? `<path d="M0 320 L110 170 L170 240 L260 120 L400 320 Z" fill="${mix(bg, '#1c1917', 0.08)}"/>`
      : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(item.name)}">` +
    `<title>${escapeXml(item.name)}</title>` +
    `<rect width="400" height="400" fill="${bg}"/>` +
    mountain +
    `<ellipse cx="200" cy="352" rx="150" ry="14" fill="#1c1917" opacity="0.08"/>` +
    `<g stroke="${seam}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round">` +
    shape.fill.map((d) => `<path d="${d}" fill="${hex}"/>`).join('') +
    (shape.shade ?? []).map((d) => `<path d="${d}" fill="${shade}"/>`).join('') +
    (shape.line ?? []).map((d) => `<path d="${d}" fill="none"/>`).join('') +
    `</g></svg>`;
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
  return { svg, etag };
}
