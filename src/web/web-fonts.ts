import cormorant400Ext from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-400-normal.woff2?url';
import cormorant400ItalicExt from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-400-italic.woff2?url';
import cormorant400Italic from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-italic.woff2?url';
import cormorant400 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2?url';
import cormorant500Ext from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-500-normal.woff2?url';
import cormorant500 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url';
import cormorant600Ext from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff2?url';
import cormorant600 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url';
import interExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/*
 * The web fonts (Cormorant Garamond for display, Inter for text), as fonts.css declares them for a
 * page without JavaScript: fontsource's files, its "latin" and "latin-ext" subsets.
 */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

interface Face {
  family: string;
  weight: string;
  style: 'normal' | 'italic';
  latin: string;
  latinExt: string;
}

const FACES: Face[] = [
  { family: 'Cormorant Garamond', weight: '400', style: 'normal', latin: cormorant400, latinExt: cormorant400Ext },
  { family: 'Cormorant Garamond', weight: '500', style: 'normal', latin: cormorant500, latinExt: cormorant500Ext },
  { family: 'Cormorant Garamond', weight: '600', style: 'normal', latin: cormorant600, latinExt: cormorant600Ext },
  {
    family: 'Cormorant Garamond',
    weight: '400',
    style: 'italic',
    latin: cormorant400Italic,
    latinExt: cormorant400ItalicExt,
  },
  { family: 'Inter Variable', weight: '100 900', style: 'normal', latin: inter, latinExt: interExt },
];

function face(f: Face, url: string, unicodeRange: string): FontFace {
  return new FontFace(f.family, `url(${url}) format('woff2')`, {
    weight: f.weight,
    style: f.style,
    display: 'swap',
    unicodeRange,
  });
}

/**
 * Puts the web fonts into use together, once every face of the Latin subset has arrived: the page
 * is laid out again once, not once per face as each arrives (a stylesheet's faces swap in one by
 * one: three to five layouts of the whole page, the longest tasks after its first paint, decision
 * 0078). The page painted first with the local faces resized to these fonts' metrics (styles.css),
 * so nothing moves. The latin-ext faces are declared without being fetched: the browser asks for
 * one only when a page has a letter in its range (a designer's name), as with a stylesheet.
 */
export async function loadWebFonts(): Promise<void> {
  const latin = FACES.map((f) => face(f, f.latin, LATIN));
  const loaded = await Promise.allSettled(latin.map((f) => f.load()));
  for (const [i, result] of loaded.entries()) if (result.status === 'fulfilled') document.fonts.add(latin[i]!);
  for (const f of FACES) document.fonts.add(face(f, f.latinExt, LATIN_EXT));
}
