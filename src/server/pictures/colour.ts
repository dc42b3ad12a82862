/**
 * Colours of the generated pictures: the named swatches an item's colour field or name may use,
 * and the mixing the shading is built from. Tones are a little softened, as a studio photograph
 * renders cloth, so the grid reads as one collection.
 */

export const SWATCHES: Record<string, string> = {
  peach: '#eab195',
  apricot: '#eaa57e',
  cream: '#eee5d1',
  ivory: '#f3eee2',
  white: '#f5f3ee',
  ecru: '#e9e0cc',
  oatmeal: '#ddd0b8',
  black: '#262321',
  charcoal: '#3f3c3a',
  grey: '#a09c98',
  gray: '#a09c98',
  heather: '#a8a5a1',
  taupe: '#8f8172',
  mushroom: '#a39482',
  stone: '#bfb5a5',
  camel: '#bf9566',
  tan: '#b58a5e',
  sand: '#d6c4a3',
  straw: '#d9c08f',
  khaki: '#ac9f78',
  brown: '#6f4b33',
  chocolate: '#4e3426',
  cognac: '#9a5a30',
  tortoiseshell: '#7a4a26',
  rust: '#ad5530',
  terracotta: '#b8654a',
  orange: '#de7434',
  red: '#ae2a2d',
  scarlet: '#c0302c',
  burgundy: '#65202f',
  wine: '#5c1d2b',
  pink: '#e6a7b5',
  rose: '#d88c9a',
  blush: '#e8c2ba',
  lilac: '#b8a5cf',
  lavender: '#c2b5dc',
  purple: '#5f3f78',
  navy: '#263149',
  blue: '#5d7fac',
  'light blue': '#a9c1dc',
  sky: '#a9c1dc',
  denim: '#5b7596',
  indigo: '#313d66',
  teal: '#2c7271',
  emerald: '#236348',
  green: '#4c7a52',
  sage: '#9aab8e',
  mint: '#b7d3c0',
  olive: '#6a6a3d',
  forest: '#2f4a36',
  yellow: '#e6c454',
  mustard: '#c9a13a',
  gold: '#c7a257',
  silver: '#c3c5c7',
};

export const FALLBACK_SWATCH = '#b5a898';
const INK = '#1c1917';
const WHITE = '#ffffff';

/** A colour word or a #rrggbb value as #rrggbb (unknown words: the fallback). */
export function hexOf(colour: string | undefined, fallback = FALLBACK_SWATCH): string {
  if (!colour) return fallback;
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  return SWATCHES[colour.toLowerCase()] ?? fallback;
}

/** The swatch for an item: its colour field, else the first colour word in its name. */
export function swatchFor(colour: string, name: string): { word: string; hex: string } {
  const c = colour.toLowerCase().trim();
  if (SWATCHES[c]) return { word: c, hex: SWATCHES[c] };
  for (const word of name.toLowerCase().split(/[^a-z]+/)) {
    if (SWATCHES[word]) return { word, hex: SWATCHES[word] };
  }
  return { word: c || 'neutral', hex: FALLBACK_SWATCH };
}

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** `hex` moved towards `other` by t (0..1). */
export function mix(hex: string, other: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Darker (t > 0) towards ink, lighter (t < 0) towards white. */
export function shade(hex: string, t: number): string {
  return t >= 0 ? mix(hex, INK, t) : mix(hex, WHITE, -t);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => v / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** True for colours so light that white highlights would vanish on them. */
export const isLight = (hex: string) => luminance(hex) > 0.7;
/** True for colours so dark that shadows would vanish on them. */
export const isDark = (hex: string) => luminance(hex) < 0.12;
