/**
 * The lower body the trousers and shorts are built from: the legs' outline and folds, the
 * waistband and the fly.
 */
import { shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import { BODY } from '../body';
import type { Kit } from '../parts/kit';
import { button, paint, seam, stitch, tones } from '../fabric/paint';
import { buttonColour } from '../parts/trims';
import { curve, f, mirrorPath, path, sym } from '../svg';
import type { Seg } from '../svg';

export interface LegSpec {
  wy: number;
  ww: number;
  hipW: number;
  hemY: number;
  hemO: number;
  hemI: number;
  /** Half width of the leg at the knee (flares). */
  knee?: number;
}

export function legsShape(l: LegSpec): string {
  const cy = BODY.crotchY;
  const kneeY = BODY.kneeY;
  const outer: Seg = l.knee
    ? ['C', l.hipW, BODY.hipY + 30, l.knee + 8, kneeY - 10, l.hemO, l.hemY]
    : ['C', l.hipW + (l.hemO - l.hipW) * 0.15, BODY.hipY + 25, l.hemO, l.hemY - 40, l.hemO, l.hemY];
  const inner: Seg = l.knee
    ? ['C', l.hemI + 2, kneeY, 1.6, cy + 14, 0.9, cy]
    : ['C', l.hemI + (l.hemY > 100 ? 0.3 : 0.8), l.hemY - 35, 1.3, cy + 12, 0.9, cy];
  return sym(
    [0, l.wy],
    [
      ['L', l.ww, l.wy],
      ['C', l.ww + 1.4, l.wy + 8, l.hipW, BODY.hipY - 9, l.hipW, BODY.hipY],
      outer,
      ['Q', (l.hemO + l.hemI) / 2, l.hemY + 0.9, l.hemI, l.hemY],
      inner,
      ['L', 0, cy - 1.2],
    ],
  );
}

export function legFolds(l: LegSpec, soft: boolean): { folds: string; highlights: string } {
  const mid = (l.hemO + l.hemI) / 2;
  const hipMid = l.hipW * 0.5;
  const crease = curve([
    [hipMid, BODY.hipY],
    [(hipMid + mid) / 2 + 0.4, (BODY.hipY + l.hemY) / 2],
    [mid, l.hemY - 1],
  ]);
  let folds = path([1.2, BODY.crotchY + 1], [['Q', 3, BODY.crotchY - 1.4, 5.4, BODY.crotchY - 3.6]]);
  if (l.hemY > 120) {
    folds += path([l.hemI + 1, l.hemY - 9], [['Q', mid, l.hemY - 6, l.hemO - 1.2, l.hemY - 11]]);
  }
  if (soft)
    folds += curve([
      [l.hipW - 3, BODY.hipY + 6],
      [l.hemO - 3, (BODY.hipY + l.hemY) / 2],
      [l.hemO - 2.4, l.hemY - 3],
    ]);
  const highlights = crease;
  return { folds: folds + mirrorPath(folds), highlights: highlights + mirrorPath(highlights) };
}

export function waistband(
  k: Kit,
  wy: number,
  ww: number,
  opts: { loops?: boolean; button?: boolean; elastic?: boolean; height?: number; cloth?: Cloth } = {},
): void {
  const h = opts.height ?? 3.6;
  const d = sym(
    [0, wy],
    [
      ['L', ww, wy],
      ['L', ww + 0.5, wy + h],
      ['Q', ww * 0.5, wy + h + 0.4, 0, wy + h + 0.4],
    ],
  );
  paint(k.cv, d, opts.cloth ?? k.cloth, { light: 'body', noShadow: true });
  if (opts.elastic) {
    let g = '';
    for (let x = -ww + 1; x < ww; x += 1.6) g += `M${f(x)} ${f(wy + 0.6)}l0.3 ${f(h - 1.2)}`;
    k.cv.push(`<path d="${g}" stroke="${tones(k.c).seam}" stroke-width="0.3" opacity="0.55"/>`);
  }
  if (opts.loops) {
    for (const x of k.back ? [-ww + 2, -3, 3, ww - 2] : [-ww + 2.5, -ww * 0.45, ww * 0.45, ww - 2.5]) {
      k.cv.push(
        `<rect x="${f(x - 0.55)}" y="${f(wy - 0.3)}" width="1.1" height="${f(h + 1)}" rx="0.3" fill="${shade(k.c, -0.04)}" stroke="${tones(k.c).seam}" stroke-width="0.25"/>`,
      );
    }
  }
  if (opts.button && !k.back) button(k.cv, 0, wy + h / 2, 0.9, buttonColour(k));
}

/** The centre front fly, stitched in a J. */
export function fly(k: Kit, wy: number, thread: string, len = 14): void {
  stitch(
    k.cv,
    path(
      [3, wy + 3.8],
      [
        ['L', 3, wy + len - 3],
        ['Q', 3, wy + len, 0.3, wy + len + 0.5],
      ],
    ),
    thread,
    0.7,
  );
  seam(k.cv, path([0, wy + 3.8], [['L', 0, wy + len + 0.5]]), k.c, 0.8, 0.6);
}
