/**
 * The upper body: necklines, shoulders, side seams and hems, the sleeves, and the ribbed hem.
 * Each draws itself on the canvas in a cloth; the garments choose and place them.
 */
import { mix } from '../colour';
import type { Cloth } from '../fabric/cloth';
import { type PaintOptions, button, paint } from '../fabric/paint';
import { BODY } from '../body';
import { type Pt, type Seg, mirrorPath, path, poly, sym } from '../svg';
import type { UpperSpec, SleeveSpec, SleeveGeom, Kit } from './kit';
import { buttonColour } from './trims';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The right half of an upper body, from the centre of the front neck to the centre of the hem. */
export function upperHalf(s: UpperSpec, back: boolean): { start: Pt; segs: Seg[] } {
  const { sw, sy, aw, ay, ww, hemY, hemW } = s;
  const nw = s.neckW;
  const segs: Seg[] = [];
  let start: Pt;
  const neck =
    back && !['strapless', 'halter', 'straps-v', 'straps-straight', 'sweetheart'].includes(s.neck) ? 'back' : s.neck;
  switch (neck) {
    case 'back':
      start = [0, -1.2];
      segs.push(['Q', nw * 0.7, -1.2, nw, 0.1]);
      break;
    case 'crew':
    case 'cowl':
      start = [0, s.depth];
      segs.push(['C', nw * 0.6, s.depth, nw, s.depth * 0.5, nw, 0.1]);
      break;
    case 'scoop':
      start = [0, s.depth];
      segs.push(['C', nw * 0.72, s.depth, nw, s.depth * 0.45, nw, 0.1]);
      break;
    case 'v':
    case 'deep-v':
    case 'open':
      start = [0, s.depth];
      segs.push(['Q', nw * 0.55, s.depth * 0.45, nw, 0.1]);
      break;
    case 'square':
      start = [0, s.depth];
      segs.push(['L', nw - 0.6, s.depth], ['L', nw, 0.1]);
      break;
    case 'boat':
      start = [0, s.depth];
      segs.push(['Q', nw * 0.55, s.depth, nw, 0.6]);
      break;
    case 'halter':
      start = [0, s.depth];
      segs.push(['L', 3.2, -0.5], ['L', 5.2, -0.5], ['C', 6, 8, aw - 5, ay - 6, aw - 0.5, ay + 1]);
      break;
    case 'strapless':
      start = [0, 14.5];
      segs.push(['Q', 8, 13.6, aw - 0.3, ay - 5]);
      break;
    case 'sweetheart':
      start = [0, 15.5];
      segs.push(['Q', 1.8, 11.6, 6.5, 11.4], ['Q', 12.5, 11.2, aw - 0.4, ay - 4.5]);
      break;
    case 'straps-v':
      start = [0, s.depth];
      segs.push(['L', 6.2, 10.2], ['Q', 11, 9.4, aw - 0.3, ay - 3]);
      break;
    case 'straps-straight':
      start = [0, 12.4];
      segs.push(['Q', 7, 11.6, aw - 0.3, ay - 3]);
      break;
    default:
      start = [0, s.depth];
  }
  const shouldered = !['halter', 'strapless', 'sweetheart', 'straps-v', 'straps-straight'].includes(s.neck);
  if (shouldered) {
    segs.push(['L', sw, sy]);
    if (s.sleeve) segs.push(['Q', sw - 1.3, (sy + ay) / 2 + 2, aw, ay]);
    else segs.push(['C', sw - 0.8, sy + 8, aw - 2.8, ay - 3, aw, ay + 1]);
  }
  const wy = BODY.waistY;
  if (hemY > wy + 5) {
    segs.push(['C', aw + 0.2, ay + 9, ww, wy - 8, ww, wy]);
    if (s.hip !== undefined && hemY > BODY.hipY + 4) {
      segs.push(['C', ww, wy + 7, s.hip, BODY.hipY - 8, s.hip, BODY.hipY]);
      segs.push(['C', s.hip, BODY.hipY + (hemY - BODY.hipY) * 0.4, hemW, hemY - (hemY - BODY.hipY) * 0.4, hemW, hemY]);
    } else {
      const fl = s.flare ?? 0;
      segs.push(['C', ww + fl, wy + 7, hemW, hemY - Math.min(12, (hemY - wy) * 0.6), hemW, hemY]);
    }
  } else {
    segs.push(['C', aw + 0.1, ay + (hemY - ay) * 0.45, hemW, hemY - (hemY - ay) * 0.35, hemW, hemY]);
  }
  if (s.waves) {
    segs.push(...waveHem(hemW, hemY, s.waves, s.waveDepth ?? 2.5));
    return { start, segs };
  }
  if (s.hem === 'curved') segs.push(['C', hemW * 0.85, hemY + 3.4, hemW * 0.4, hemY + 4.2, 0, hemY + 4.2]);
  else if (s.hem === 'point') segs.push(['Q', hemW * 0.5, hemY + 1, 0, hemY + 4.5]);
  else if (s.hem === 'rounded') segs.push(['Q', hemW * 0.9, hemY + 1.6, 0, hemY + 1.6]);
  else segs.push(['Q', hemW * 0.5, hemY + 0.6, 0, hemY + 0.6]);
  return { start, segs };
}

/** A hem that ripples: scallops from the side (hemW, hemY) to the centre, dipping by `depth`. */
export function waveHem(hemW: number, hemY: number, n: number, depth: number): Seg[] {
  const out: Seg[] = [];
  const step = hemW / (n - 0.5);
  let x = hemW;
  for (let i = 0; i < n; i++) {
    const last = i === n - 1;
    const nx = last ? 0 : x - step;
    const lift = i % 2 === 0 ? 0 : depth * 0.35;
    out.push(['Q', (x + nx) / 2, hemY + depth * 1.9 - lift, nx, hemY + (last ? depth * 0.9 : 0.3)]);
    x = nx;
  }
  return out;
}

/** The outline of a sleeve on the right side (mirror it for the left). */
export function sleeveGeom(s: UpperSpec, sl: SleeveSpec): SleeveGeom {
  const a = rad(sl.angle);
  const d: Pt = [Math.sin(a), Math.cos(a)];
  const n: Pt = [-Math.cos(a), Math.sin(a)];
  const o0: Pt = [s.sw - 0.4, s.sy - 0.2];
  const i0: Pt = [s.aw - 0.6, s.ay - 0.5];
  const o1: Pt = [o0[0] + d[0] * sl.len, o0[1] + d[1] * sl.len];
  const i1: Pt = [o1[0] + n[0] * sl.end, o1[1] + n[1] * sl.end];
  const mid = (p: Pt, q: Pt, t: number): Pt => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
  let segs: Seg[];
  if (sl.shape === 'puff') {
    const bulge = 4.5;
    const m = mid(o0, o1, 0.45);
    const mi = mid(i0, i1, 0.6);
    segs = [
      [
        'C',
        o0[0] + 3,
        o0[1] - 3.2,
        m[0] - n[0] * bulge,
        m[1] - n[1] * bulge - 1,
        o1[0] - n[0] * 1.4,
        o1[1] - n[1] * 1.4,
      ],
      ['Q', (o1[0] + i1[0]) / 2 + d[0] * 1.6, (o1[1] + i1[1]) / 2 + d[1] * 1.6, i1[0] + n[0] * 0.6, i1[1] + n[1] * 0.6],
      ['Q', mi[0] + n[0] * 1.2, mi[1] + n[1] * 1.2, i0[0], i0[1]],
    ];
  } else if (sl.shape === 'blouson') {
    const m = mid(o0, o1, 0.6);
    const mi = mid(i0, i1, 0.6);
    segs = [
      [
        'C',
        o0[0] + d[0] * 10,
        o0[1] + d[1] * 10,
        m[0] - n[0] * 4.5,
        m[1] - n[1] * 4.5,
        o1[0] - n[0] * 1.2 - d[0] * 3,
        o1[1] - n[1] * 1.2 - d[1] * 3,
      ],
      ['L', o1[0], o1[1]],
      ['L', i1[0], i1[1]],
      ['L', i1[0] - d[0] * 3 + n[0] * 1.2, i1[1] - d[1] * 3 + n[1] * 1.2],
      ['Q', mi[0] + n[0] * 3.5, mi[1] + n[1] * 3.5, i0[0], i0[1]],
    ];
  } else if (sl.shape === 'bell') {
    const flare = 3.5;
    segs = [
      ['Q', (o0[0] + o1[0]) / 2, (o0[1] + o1[1]) / 2, o1[0] - n[0] * flare, o1[1] - n[1] * flare],
      [
        'Q',
        (o1[0] + i1[0]) / 2 + d[0] * 1.4,
        (o1[1] + i1[1]) / 2 + d[1] * 1.4,
        i1[0] + n[0] * flare * 0.6,
        i1[1] + n[1] * flare * 0.6,
      ],
      ['L', i0[0], i0[1]],
    ];
  } else {
    const t = sl.shape === 'fitted' ? 0.4 : 0.8;
    segs = [
      ['Q', (o0[0] + o1[0]) / 2 - n[0] * t, (o0[1] + o1[1]) / 2 - n[1] * t, o1[0], o1[1]],
      ['Q', (o1[0] + i1[0]) / 2 + d[0] * 0.5, (o1[1] + i1[1]) / 2 + d[1] * 0.5, i1[0], i1[1]],
      ['Q', (i0[0] + i1[0]) / 2 + n[0] * t * 0.5, (i0[1] + i1[1]) / 2 + n[1] * t * 0.5, i0[0], i0[1]],
    ];
  }
  return { o0, o1, i0, i1, d: path(o0, segs, true) };
}

/** Both sleeves with folds and cuffs; returns the right sleeve's geometry. */
export function sleeves(k: Kit, s: UpperSpec, opts: PaintOptions = {}): SleeveGeom | null {
  const sl = s.sleeve;
  if (!sl) return null;
  const g = sleeveGeom(s, sl);
  const a = rad(sl.angle);
  const d: Pt = [Math.sin(a), Math.cos(a)];
  const n: Pt = [-Math.cos(a), Math.sin(a)];
  const at = (t: number, w: number): Pt => [
    g.o0[0] + d[0] * sl.len * t + n[0] * w,
    g.o0[1] + d[1] * sl.len * t + n[1] * w,
  ];
  let folds = '';
  if (sl.len > 30) {
    const e1 = at(0.5, 1),
      e2 = at(0.56, sl.end * 0.8);
    const e3 = at(0.62, 1.5),
      e4 = at(0.66, sl.end * 0.7);
    const e5 = at(0.84, 0.8),
      e6 = at(0.88, sl.end * 0.75);
    folds =
      path(e1, [['Q', (e1[0] + e2[0]) / 2 + d[0] * 2, (e1[1] + e2[1]) / 2 + d[1] * 2, e2[0], e2[1]]]) +
      path(e3, [['Q', (e3[0] + e4[0]) / 2 - d[0] * 1.5, (e3[1] + e4[1]) / 2 - d[1] * 1.5, e4[0], e4[1]]]) +
      path(e5, [['Q', (e5[0] + e6[0]) / 2 + d[0] * 1.2, (e5[1] + e6[1]) / 2 + d[1] * 1.2, e6[0], e6[1]]]);
  } else if (sl.len > 8) {
    const e1 = at(0.35, 1.5),
      e2 = at(0.7, sl.end * 0.9);
    folds = path(e1, [['Q', (e1[0] + e2[0]) / 2 + d[0] * 2, (e1[1] + e2[1]) / 2 + d[1] * 2, e2[0], e2[1]]]);
  }
  const hl = sl.len > 8 ? path(at(0.1, 2.2), [['L', ...at(0.9, 2)]]) : undefined;
  for (const side of [1, -1]) {
    const dd = side === 1 ? g.d : mirrorPath(g.d);
    paint(k.cv, dd, k.cloth, {
      light: 'sleeve',
      folds: side === 1 ? folds : mirrorPath(folds),
      highlights: hl && (side === 1 ? hl : mirrorPath(hl)),
      ...opts,
    });
  }
  // Cuffs.
  if (sl.cuff !== 'none') {
    const len = sl.cuff === 'rib' ? 4 : sl.cuff === 'band' ? 2.2 : 4.5;
    const c0: Pt = [g.o1[0] - d[0] * len, g.o1[1] - d[1] * len];
    const c1: Pt = [g.i1[0] - d[0] * len, g.i1[1] - d[1] * len];
    const pull = sl.cuff === 'rib' ? 0.6 : 0;
    const cuff = poly([
      [c0[0] + n[0] * pull, c0[1] + n[1] * pull],
      g.o1,
      g.i1,
      [c1[0] - n[0] * pull, c1[1] - n[1] * pull],
    ]);
    const cuffCloth: Cloth = sl.cuff === 'rib' ? { ...k.cloth, fabric: 'rib', print: 'none' } : k.cloth;
    for (const side of [1, -1]) {
      const dd = side === 1 ? cuff : mirrorPath(cuff);
      paint(k.cv, dd, cuffCloth, { light: 'sleeve', noShadow: true });
    }
    if (sl.cuff === 'shirt' || sl.cuff === 'button') {
      const b: Pt = [(c0[0] + g.o1[0]) / 2 + n[0] * 1.4, (c0[1] + g.o1[1]) / 2 + n[1] * 1.4];
      button(k.cv, b[0], b[1], 0.55, buttonColour(k));
      button(k.cv, -b[0], b[1], 0.55, buttonColour(k));
    }
  }
  return g;
}

/** The upper body: the inside of the back neck, both sleeves, then the front. */
export function upperBody(
  k: Kit,
  s: UpperSpec,
  opts: { folds?: string; highlights?: string; inside?: boolean; cloth?: Cloth } = {},
): { sleeve: SleeveGeom | null; shapes: string[] } {
  const { cv } = k;
  const cloth = opts.cloth ?? k.cloth;
  if (
    opts.inside !== false &&
    !k.back &&
    ['crew', 'scoop', 'v', 'deep-v', 'square', 'boat', 'cowl', 'open'].includes(s.neck)
  ) {
    // The inside of the back, seen through the front neckline.
    const nw = s.neckW;
    const inside = path(
      [-nw - 0.1, 0.3],
      [
        ['Q', 0, -1.8, nw + 0.1, 0.3],
        ['L', nw, s.depth + 2],
        ['L', -nw, s.depth + 2],
      ],
      true,
    );
    paint(
      cv,
      inside,
      { ...k.cloth, print: 'none', base: mix(k.c, '#1c1917', 0.16) },
      { light: 'round', plain: true, noShadow: true },
    );
  }
  const g = sleeves({ ...k, cloth }, s);
  const half = upperHalf(s, k.back);
  const body = sym(half.start, half.segs);
  paint(cv, body, cloth, { light: 'body', folds: opts.folds, highlights: opts.highlights });
  return { sleeve: g, shapes: g ? [body, g.d, mirrorPath(g.d)] : [body] };
}

/** Ribbed band along the bottom of an upper body (sweatshirts, bombers, knits). */
export function ribHem(k: Kit, s: UpperSpec, height = 4): void {
  const y0 = s.hemY - height;
  const w0 = s.hemW + 0.2;
  const w1 = s.hemW - 0.8;
  const d = sym(
    [0, y0],
    [
      ['L', w0, y0],
      ['L', w1, s.hemY + 0.3],
      ['Q', w1 * 0.5, s.hemY + 0.8, 0, s.hemY + 0.8],
    ],
  );
  paint(k.cv, d, { ...k.cloth, fabric: 'rib', print: 'none' }, { light: 'body', noShadow: true });
}
