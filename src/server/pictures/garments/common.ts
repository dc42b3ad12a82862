/**
 * What the garments share: the focus a drawing returns, how a piece is worn in an outfit, the
 * sleeve presets and the sleeve a piece's words ask for, the motifs of a top, and the families
 * of types the scene layers (tops under jackets, bottoms under tops).
 */
import type { Piece } from '../look/schema';
import { butterflies, chestMark, chestStripes, ramen, sleeveStripes, wings } from '../motifs';
import type { Kit, SleeveSpec, UpperSpec } from '../parts/kit';
import type { upperBody } from '../parts/upper-body';
import type { Pt } from '../svg';

export type Focus = Pt;

/** How a piece is worn in an outfit. */
export interface Worn {
  /** Tucked into the bottom drawn over it: the hem stops just below the waist. */
  tucked?: boolean;
  /** Drawn over another top: no inside of the back shows through its neckline. */
  over?: boolean;
}

export const has = (p: Piece, d: string) => p.details?.includes(d) ?? false;

export const LONG = (over: Partial<SleeveSpec> = {}): SleeveSpec => ({
  len: 56,
  angle: 11,
  end: 7,
  shape: 'straight',
  cuff: 'none',
  ...over,
});
export const SHORT = (over: Partial<SleeveSpec> = {}): SleeveSpec => ({
  len: 13,
  angle: 36,
  end: 10,
  shape: 'straight',
  cuff: 'none',
  ...over,
});

export function sleeveFor(p: Piece, dflt: SleeveSpec | null): SleeveSpec | null {
  const shape =
    p.sleeveShape === 'puff' || p.sleeveShape === 'blouson' || p.sleeveShape === 'bell' ? p.sleeveShape : undefined;
  switch (p.sleeves) {
    case 'none':
    case 'straps':
      return null;
    case 'cap':
      return { len: 6, angle: 48, end: 10.5, shape: 'straight', cuff: 'none' };
    case 'short':
      return SHORT({
        ...(dflt && dflt.len < 20 ? dflt : {}),
        ...(shape ? { shape, len: shape === 'puff' ? 11 : 13 } : {}),
      });
    case 'elbow':
      return { len: 30, angle: 16, end: 8.5, shape: shape ?? 'straight', cuff: 'none' };
    case 'long':
      return { ...LONG(), ...(dflt && dflt.len > 40 ? dflt : {}), ...(shape ? { shape } : {}) };
    default:
      return dflt && shape ? { ...dflt, shape } : dflt;
  }
}

/** Motifs of a top: chest marks, prints, stripes. */
export function drawMotifs(
  k: Kit,
  p: Piece,
  s: UpperSpec,
  shapes: string[],
  sleeve: ReturnType<typeof upperBody>['sleeve'] = null,
): void {
  for (const m of p.motifs ?? []) {
    switch (m) {
      case 'ramen':
        if (k.back) ramen(k, 0, 30, 24, true);
        else ramen(k, 8.5, 20, 7, false);
        break;
      case 'butterflies':
        if (!k.back) butterflies(k, -12, 18, 12, 52, 7);
        else butterflies(k, -8, 26, 10, 44, 3);
        break;
      case 'wings':
        if (k.back) wings(k, 0, 26, 34);
        else wings(k, 9, 20, 6);
        break;
      case 'chest-stripes':
        chestStripes(k, 22, shapes);
        break;
      case 'three-stripes':
        if (sleeve) sleeveStripes(k, sleeve, k.c2);
        break;
      default:
        if (!k.back) chestMark(k, m, 9, 18);
    }
  }
  void s;
}

export const UPPER_TYPES = new Set(['top', 'shirt', 'knit', 'hoodie']);
export const OUTER_TYPES = new Set(['jacket', 'coat']);
export const LOWER_TYPES = new Set(['trousers', 'shorts', 'skirt']);
