/**
 * What the parts garments are built from share: the kit a part draws with (canvas, cloth,
 * colours) and the specs of an upper body and its sleeves.
 */
import type { Cloth } from '../fabric/cloth';
import type { Canvas, Pt } from '../svg';

/** What a part needs: the canvas, the cloth, and the piece's colours. */
export interface Kit {
  cv: Canvas;
  cloth: Cloth;
  /** Main colour. */
  c: string;
  /** Accent colour (trims, lapels, print). */
  c2: string;
  hardware: 'gold' | 'silver' | 'gunmetal' | 'tonal' | 'pearl' | 'horn';
  back: boolean;
}

export type NeckKind =
  | 'crew'
  | 'scoop'
  | 'v'
  | 'deep-v'
  | 'square'
  | 'sweetheart'
  | 'boat'
  | 'cowl'
  | 'strapless'
  | 'halter'
  | 'straps-v'
  | 'straps-straight'
  | 'open';

export interface SleeveSpec {
  /** Length along the arm from the shoulder point. */
  len: number;
  /** Angle from hanging straight down, in degrees. */
  angle: number;
  /** Width at the end. */
  end: number;
  shape: 'straight' | 'puff' | 'blouson' | 'bell' | 'fitted';
  cuff: 'none' | 'band' | 'rib' | 'shirt' | 'button';
}

export interface UpperSpec {
  sw: number;
  sy: number;
  aw: number;
  ay: number;
  ww: number;
  hemY: number;
  hemW: number;
  hem: 'straight' | 'curved' | 'point' | 'rounded';
  neck: NeckKind;
  /** Front neck depth at the centre (for v, scoop, open: where the neckline meets the centre). */
  depth: number;
  /** Half width of the neck opening. */
  neckW: number;
  sleeve: SleeveSpec | null;
  /** Half width at the hip line, for garments that follow the hip (bodycon, pencil). */
  hip?: number;
  /** How far the side springs out just below the waist (flared skirts). */
  flare?: number;
  /** Waves along the hem (flared skirts), per half. */
  waves?: number;
  /** Depth of the waves. */
  waveDepth?: number;
}

export interface SleeveGeom {
  o0: Pt;
  o1: Pt;
  i0: Pt;
  i1: Pt;
  d: string;
}
