/**
 * Cloth: how a shape is painted so it reads as fabric rather than a flat fill. A base colour,
 * a texture for the weave or surface (rib, denim twill, fleece pile, quilting, sequins...), an
 * optional print (stripes, check, floral, leopard...), and light: a cylinder gradient that
 * rounds the body, a sheen for satin, silk and leather, soft fold lines and highlights, and a
 * fine edge. Every definition is shared within one picture. This file names the fabrics.
 */

export type Fabric =
  | 'plain'
  | 'cotton'
  | 'poplin'
  | 'jersey'
  | 'linen'
  | 'wool'
  | 'flannel'
  | 'crepe'
  | 'twill'
  | 'knit'
  | 'rib'
  | 'cable'
  | 'fleece'
  | 'sherpa'
  | 'quilted'
  | 'puffer'
  | 'denim'
  | 'leather'
  | 'suede'
  | 'satin'
  | 'silk'
  | 'velvet'
  | 'lace'
  | 'sequin'
  | 'tweed'
  | 'nylon'
  | 'ripstop'
  | 'corduroy'
  | 'raffia'
  | 'woven'
  | 'crystal'
  | 'acetate'
  | 'cashmere'
  | 'metal';

export type Print =
  'none' | 'stripes' | 'pinstripe' | 'breton' | 'check' | 'floral' | 'leopard' | 'tortoise' | 'butterfly' | 'grid';

export interface Cloth {
  base: string;
  fabric: Fabric;
  print: Print;
  /** Trims, print and contrast colour. */
  accent: string;
  seed: number;
}

/** How the light falls on a shape. */
export type Light = 'body' | 'sleeve' | 'flat' | 'round' | 'none';
