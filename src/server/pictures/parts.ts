/**
 * The parts garments are built from: the upper body (necklines, shoulders, side seams, hems),
 * sleeves, collars and lapels, closures, pockets, ribbed bands and belts. Each draws itself on
 * the canvas in a cloth; the garments (garments.ts) choose and place them.
 */
import { isDark, isLight, mix, shade } from './colour';
import { type Cloth, type PaintOptions, button, metal, paint, seam, solid, stitch, tones, zip } from './fabric';
import { BODY } from './body';
import { type Canvas, type Pt, type Seg, curve, ellipse, f, mirrorPath, pair, path, poly, sym } from './svg';

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

/** The colour of a piece's buttons. */
export function buttonColour(k: Kit): string {
  switch (k.hardware) {
    case 'gold':
      return '#c9a25a';
    case 'silver':
      return '#cfd1d3';
    case 'pearl':
      return '#f4efe6';
    case 'horn':
      return '#5a4636';
    case 'gunmetal':
      return '#55585c';
    default:
      return shade(k.c, k.c === '#f5f3ee' ? 0.06 : 0.12);
  }
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

/** A neck band: crew rib, polo or shirt band, seen from the front or back. */
export function neckBand(k: Kit, s: UpperSpec, width = 2.2, cloth?: Cloth): void {
  const nw = s.neckW;
  const dep = k.back ? -1.2 : s.depth;
  const inner = k.back ? -1.2 - width * 0.2 : dep - width;
  const outerHalf: Seg[] = k.back ? [['Q', nw * 0.7, -1.2, nw, 0.1]] : [['C', nw * 0.6, dep, nw, dep * 0.5, nw, 0.1]];
  const d = path(
    [0, dep],
    [
      ...outerHalf,
      ['L', nw - width * 0.9, -0.6],
      ['C', (nw - width) * 0.8, inner * 0.4, (nw - width) * 0.6, inner, 0, inner],
    ],
    true,
  );
  const band = path(
    [0, dep],
    [
      ['C', -nw * 0.6, dep, -nw, dep * 0.5, -nw, 0.1],
      ['L', -nw + width * 0.9, -0.6],
      ['C', -(nw - width) * 0.8, inner * 0.4, -(nw - width) * 0.6, inner, 0, inner],
    ],
    true,
  );
  const c = cloth ?? { ...k.cloth, fabric: 'rib' as const, print: 'none' as const };
  paint(k.cv, d, c, { light: 'flat', noShadow: true });
  paint(k.cv, band, c, { light: 'flat', noShadow: true });
}

/** A shirt's point collar (with its band behind the neck). */
export function pointCollar(
  k: Kit,
  s: UpperSpec,
  opts: { spread?: number; long?: boolean; buttonDown?: boolean; cloth?: Cloth; open?: boolean } = {},
): void {
  const cloth = opts.cloth ?? {
    ...k.cloth,
    print: k.cloth.print === 'check' || k.cloth.print === 'floral' ? k.cloth.print : k.cloth.print,
  };
  const nw = s.neckW;
  const len = opts.long ? 12.5 : 10;
  const spread = opts.spread ?? 5.5;
  if (k.back) {
    const band = path(
      [-nw - 1, 0.6],
      [
        ['Q', 0, -2.2, nw + 1, 0.6],
        ['L', nw + 1.4, -1.6],
        ['Q', 0, -5.4, -nw - 1.4, -1.6],
      ],
      true,
    );
    paint(k.cv, band, cloth, { light: 'flat', noShadow: true });
    const fall = path(
      [-nw - 2.2, 2.2],
      [
        ['Q', 0, -0.6, nw + 2.2, 2.2],
        ['L', nw + 1.4, -1.6],
        ['Q', 0, -5.4, -nw - 1.4, -1.6],
      ],
      true,
    );
    paint(k.cv, fall, cloth, { light: 'flat', noShadow: true });
    return;
  }
  // The band behind the neck.
  const band = path(
    [-nw - 0.6, 1],
    [
      ['Q', -nw, -4, 0, -4.4],
      ['Q', nw, -4, nw + 0.6, 1],
      ['Q', 0, -1.8, -nw - 0.6, 1],
    ],
    true,
  );
  paint(k.cv, band, cloth, { light: 'flat', plain: true, dim: 0.12, noShadow: true });
  const tip: Pt = [spread, len + (opts.open ? 2 : 0)];
  const right = path(
    [0.2, opts.open ? 9 : 4.6],
    [
      ['L', nw + 0.6, -2.6],
      ['Q', nw + 2.2, 1, nw + 2.6, 2.5],
      ['L', tip[0] + 1.2, tip[1]],
      ['Q', tip[0] - 2, tip[1] - 1.4, 0.2, opts.open ? 9 : 4.6],
    ],
    true,
  );
  paint(k.cv, right, cloth, { light: 'flat', noShadow: true });
  paint(k.cv, mirrorPath(right), cloth, { light: 'flat', noShadow: true });
  stitch(
    k.cv,
    path([1, opts.open ? 9 : 5], [['L', tip[0] + 0.4, tip[1] - 1.1]]) +
      path([-1, opts.open ? 9 : 5], [['L', -tip[0] - 0.4, tip[1] - 1.1]]),
    tones(k.c).seam,
    0.6,
  );
  if (opts.buttonDown) {
    button(k.cv, tip[0] - 0.2, tip[1] - 2, 0.45, buttonColour(k));
    button(k.cv, -tip[0] + 0.2, tip[1] - 2, 0.45, buttonColour(k));
  }
  k.cv.measure(right);
}

/** A camp (revere) collar lying open. */
export function campCollar(k: Kit, s: UpperSpec): void {
  const nw = s.neckW;
  if (k.back) {
    paint(
      k.cv,
      path(
        [-nw - 3.5, 3.2],
        [
          ['Q', 0, 0.4, nw + 3.5, 3.2],
          ['L', nw + 0.8, -1],
          ['Q', 0, -3.6, -nw - 0.8, -1],
        ],
        true,
      ),
      k.cloth,
      { light: 'flat', noShadow: true },
    );
    return;
  }
  const right = poly([
    [nw - 0.6, -0.8],
    [nw + 4.8, 3],
    [nw + 1.2, 11],
    [1.4, s.depth - 0.5],
    [nw - 1.6, 2.4],
  ]);
  paint(
    k.cv,
    path(
      [-nw, 0.8],
      [
        ['Q', 0, -3.4, nw, 0.8],
        ['L', nw - 1.4, 2.4],
        ['Q', 0, -0.6, -nw + 1.4, 2.4],
      ],
      true,
    ),
    k.cloth,
    { light: 'flat', plain: true, dim: 0.1, noShadow: true },
  );
  paint(k.cv, right, k.cloth, { light: 'flat', noShadow: true });
  paint(k.cv, mirrorPath(right), k.cloth, { light: 'flat', noShadow: true });
}

/** Lapels of a tailored jacket or coat: notch, peak or shawl; `satin` faces them in the accent. */
export function lapels(
  k: Kit,
  s: UpperSpec,
  kind: 'notch' | 'peak' | 'shawl' | 'wide-notch',
  opts: { satin?: boolean; breakY?: number; width?: number } = {},
): void {
  const nw = s.neckW;
  const by = opts.breakY ?? s.depth;
  const w = opts.width ?? 6.5;
  const cloth: Cloth = opts.satin ? { ...k.cloth, base: k.c2, fabric: 'satin', print: 'none' } : { ...k.cloth };
  if (k.back) {
    const collar = path(
      [-nw - 2.8, 2.4],
      [
        ['Q', 0, 0.2, nw + 2.8, 2.4],
        ['L', nw + 0.4, -1.6],
        ['Q', 0, -3.6, -nw - 0.4, -1.6],
      ],
      true,
    );
    paint(k.cv, collar, { ...k.cloth }, { light: 'flat', noShadow: true });
    return;
  }
  let right: string;
  if (kind === 'shawl') {
    right = path(
      [nw - 1, -1.2],
      [
        ['C', nw + w, 1, nw + w + 1.2, by * 0.55, 0.6, by],
        ['L', 0.6, by - 1.5],
        ['C', nw - 1, by * 0.6, nw - 2.2, 6, nw - 2.4, 1.2],
      ],
      true,
    );
  } else {
    const notchY = kind === 'wide-notch' ? 11 : 9;
    const peak = kind === 'peak';
    const wide = kind === 'wide-notch' ? 2.5 : 0;
    right = path(
      [nw - 1, -1.2],
      [
        ['L', nw + 3.6 + wide, 2.4],
        ['L', nw + 3.2 + wide, notchY - 0.6],
        ['L', nw + 1.6 + wide, notchY + (peak ? 0.8 : 0.6)],
        peak ? ['L', nw + w + 2.2 + wide, notchY - 2.6] : ['L', nw + w + wide, notchY + 2],
        ['Q', nw + w - 0.6 + wide, by * 0.72, 0.6, by],
        ['L', 0.6, by - 1.5],
        ['C', nw - 1.2, by * 0.62, nw - 2.2, 6, nw - 2.4, 1.2],
      ],
      true,
    );
  }
  paint(k.cv, right, cloth, {
    light: 'flat',
    noShadow: true,
    highlights: path([nw + 1, 4], [['Q', nw + 2.5, by * 0.5, 2.5, by - 3]]),
  });
  paint(k.cv, mirrorPath(right), cloth, { light: 'flat', noShadow: true });
  // The roll line: a soft shadow where the lapel turns.
  seam(k.cv, pair([nw - 2.2, 1.6], [['C', nw - 2.2, 8, 3, by * 0.7, 0.8, by - 1]]), k.c, 0.8, 0.35);
}

/** A stand or funnel collar (and the zip through it when asked). */
export function standCollar(
  k: Kit,
  s: UpperSpec,
  height = 4,
  opts: { cloth?: Cloth; zip?: boolean; open?: boolean } = {},
): void {
  const nw = s.neckW + 0.4;
  const cloth = opts.cloth ?? k.cloth;
  const top = -height;
  const d = path(
    [-nw, 1.2],
    [
      ['Q', -nw - 0.4, top * 0.4, -nw + 0.6, top],
      ['Q', 0, top - 1.6, nw - 0.6, top],
      ['Q', nw + 0.4, top * 0.4, nw, 1.2],
      ['Q', 0, k.back ? 0 : 2.8, -nw, 1.2],
    ],
    true,
  );
  if (!k.back) {
    // Its inside, seen over the front edge.
    paint(
      k.cv,
      path(
        [-nw + 0.6, top],
        [
          ['Q', 0, top - 1.6, nw - 0.6, top],
          ['Q', 0, top + 1.6, -nw + 0.6, top],
        ],
        true,
      ),
      cloth,
      { light: 'flat', plain: true, dim: 0.3, noShadow: true },
    );
  }
  paint(k.cv, d, cloth, { light: 'body', noShadow: true });
  if (!k.back)
    paint(
      k.cv,
      path(
        [-nw + 0.6, top],
        [
          ['Q', 0, top + 1.8, nw - 0.6, top],
          ['Q', 0, top + 0.6, -nw + 0.6, top],
        ],
        true,
      ),
      cloth,
      { light: 'flat', plain: true, dim: 0.35, noShadow: true },
    );
  if (opts.zip && !k.back) zip(k.cv, path([0, top + 1], [['L', 0, 2.5]]), k.c, hw(k));
}

/** A knitted turtle or roll neck. */
export function turtleNeck(k: Kit, s: UpperSpec): void {
  const nw = s.neckW + 0.8;
  const d = path(
    [-nw, 2],
    [
      ['C', -nw - 1, -2, -nw + 0.5, -6.5, 0, -6.8],
      ['C', nw - 0.5, -6.5, nw + 1, -2, nw, 2],
      ['Q', 0, 4.5, -nw, 2],
    ],
    true,
  );
  paint(
    k.cv,
    d,
    { ...k.cloth, fabric: 'rib', print: 'none' },
    { light: 'body', noShadow: true, folds: path([-nw + 1, -1], [['Q', 0, 1.5, nw - 1, -1]]) },
  );
}

/** A pussy-bow at the neck. */
export function bow(k: Kit, at: Pt, size = 1): void {
  const [x, y] = at;
  const s = size;
  const loopR = path(
    [x, y],
    [
      ['C', x + 3 * s, y - 4 * s, x + 8 * s, y - 3 * s, x + 7 * s, y + 1.2 * s],
      ['C', x + 6 * s, y + 3 * s, x + 2.5 * s, y + 1.6 * s, x, y],
    ],
    true,
  );
  const tailR = path(
    [x + 0.4, y + 0.6],
    [
      ['C', x + 2 * s, y + 6 * s, x + 4.5 * s, y + 11 * s, x + 5.5 * s, y + 17 * s],
      ['L', x + 2.8 * s, y + 17.6 * s],
      ['C', x + 2 * s, y + 11 * s, x + 0.6 * s, y + 6 * s, x - 0.6, y + 1],
    ],
    true,
  );
  for (const d of [tailR, mirrorAbout(tailR, x), loopR, mirrorAbout(loopR, x)])
    paint(k.cv, d, k.cloth, { light: 'flat', noShadow: true, folds: undefined });
  paint(k.cv, ellipse(x, y + 0.4, 1.8 * s, 1.5 * s), k.cloth, { light: 'round', noShadow: true });
}

/** Mirrors a path about the vertical line x = cx. */
export function mirrorAbout(d: string, cx: number): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (n) => (i++ % 2 === 0 ? f(2 * cx - Number(n)) : n));
}

/** A hood standing up behind the neck (front), or lying on the back. */
export function hood(k: Kit, s: UpperSpec, opts: { cords?: boolean; trim?: string; lining?: string } = {}): void {
  const nw = s.neckW;
  if (k.back) {
    const d = path(
      [-nw - 3, -0.5],
      [
        ['C', -nw - 5, 8, -6, 19, 0, 21.5],
        ['C', 6, 19, nw + 5, 8, nw + 3, -0.5],
        ['Q', 0, -3.5, -nw - 3, -0.5],
      ],
      true,
    );
    paint(k.cv, d, k.cloth, {
      light: 'body',
      noShadow: true,
      folds: path([0, 0], [['L', 0, 21]]) + path([-5, 6], [['Q', -3, 12, -1, 17]]),
    });
    seam(k.cv, path([0, -1.8], [['L', 0, 21]]), k.c, 0.9, 0.55);
    return;
  }
  const outer = path(
    [-nw - 3, 3.5],
    [
      ['C', -nw - 5.6, -6, -9.4, -18.5, 0, -19.5],
      ['C', 9.4, -18.5, nw + 5.6, -6, nw + 3, 3.5],
    ],
    true,
  );
  paint(k.cv, outer, k.cloth, { light: 'round', folds: path([-nw - 1.4, -5], [['Q', -7, -13, -2, -17]]) });
  const lining = opts.lining ?? mix(k.c, '#1c1917', isLight(k.c) ? 0.12 : 0.2);
  const inner = path(
    [-4.6, 5.5],
    [
      ['C', -7.6, -1, -6, -13.2, 0, -14.6],
      ['C', 6, -13.2, 7.6, -1, 4.6, 5.5],
      ['L', 0, 8.5],
    ],
    true,
  );
  paint(k.cv, inner, { ...k.cloth, base: lining, print: 'none' }, { light: 'round', plain: true, noShadow: true });
  k.cv.push(`<path d="${inner}" fill="#1c1917" opacity="0.12"/>`);
  // The hood's edge: a soft band round the opening, crossing at the neck.
  const edge = path(
    [-4.6, 5.5],
    [
      ['C', -7.6, -1, -6, -13.2, 0, -14.6],
      ['C', 6, -13.2, 7.6, -1, 4.6, 5.5],
    ],
  );
  k.cv.push(
    `<path d="${edge}" fill="none" stroke="${opts.trim ?? shade(k.c, isDark(k.c) ? -0.08 : -0.05)}" stroke-width="${f(opts.trim ? 3.4 : 2.2)}" stroke-linecap="round"/>`,
  );
  if (opts.trim)
    k.cv.push(
      `<path d="${edge}" fill="none" stroke="${shade(opts.trim, -0.3)}" stroke-width="1.2" stroke-dasharray="0.5 0.7" stroke-linecap="round" opacity="0.8"/>`,
    );
  k.cv.push(
    `<path d="${edge}" fill="none" stroke="${tones(k.c).seam}" stroke-width="${k.cv.px(1)}" opacity="0.5" transform="translate(0 1)"/>`,
  );
  if (opts.cords) {
    const cord = (x: number, len: number) =>
      `<path d="M${f(x)} 4.5Q${f(x * 1.2)} ${f(4.5 + len / 2)} ${f(x * 0.9)} ${f(4.5 + len)}" fill="none" stroke="${shade(k.c, k.c === '#262321' ? -0.5 : 0.12)}" stroke-width="0.9" stroke-linecap="round"/>` +
      `<rect x="${f(x * 0.9 - 0.55)}" y="${f(4.5 + len - 0.2)}" width="1.1" height="2.6" rx="0.4" fill="${shade(k.c, 0.35)}"/>` +
      `<circle cx="${f(x)}" cy="4.5" r="0.7" fill="${metal('silver').fill}" stroke="${metal('silver').edge}" stroke-width="0.25"/>`;
    k.cv.push(cord(2.6, 13) + cord(-2.6, 15));
  }
}

/** Which metal a piece's hardware is drawn in. */
export function hw(k: Kit): 'gold' | 'silver' | 'gunmetal' {
  return k.hardware === 'gold' ? 'gold' : k.hardware === 'gunmetal' || k.hardware === 'horn' ? 'gunmetal' : 'silver';
}

/** A button placket down the centre front with buttons every `gap`. */
export function placket(
  k: Kit,
  from: number,
  to: number,
  opts: { gap?: number; hidden?: boolean; snaps?: boolean; x?: number; r?: number } = {},
): void {
  const x = opts.x ?? 0;
  seam(k.cv, path([x + 1.4, from], [['L', x + 1.4, to]]), k.c, 0.8, 0.55);
  seam(k.cv, path([x - 1.4, from], [['L', x - 1.4, to]]), k.c, 0.6, 0.3);
  if (opts.hidden) return;
  const gap = opts.gap ?? 7.5;
  for (let y = from + 2.5; y < to - 2; y += gap) {
    if (opts.snaps) {
      const m = metal(hw(k) === 'gold' ? 'gold' : 'silver');
      k.cv.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="0.95" fill="${m.fill}" stroke="${m.edge}" stroke-width="0.3"/><circle cx="${f(x - 0.25)}" cy="${f(y - 0.25)}" r="0.3" fill="#fff" opacity="0.7"/>`,
      );
    } else button(k.cv, x, y, opts.r ?? 0.75, buttonColour(k));
  }
}

/** A patch pocket (square, rounded or pointed at the bottom), with topstitching. */
export function patchPocket(
  k: Kit,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { point?: boolean; flap?: boolean; button?: boolean; cloth?: Cloth; thread?: string } = {},
): void {
  const cloth = opts.cloth ?? k.cloth;
  const bottom: Seg[] = opts.point
    ? [
        ['L', x + w, y + h - 1.6],
        ['L', x + w / 2, y + h],
        ['L', x, y + h - 1.6],
      ]
    : [
        ['L', x + w, y + h - 0.8],
        ['Q', x + w, y + h, x + w - 0.8, y + h],
        ['L', x + 0.8, y + h],
        ['Q', x, y + h, x, y + h - 0.8],
      ];
  const d = path([x, y], [['L', x + w, y], ...bottom], true);
  paint(k.cv, d, cloth, { light: 'flat', noShadow: true });
  stitch(
    k.cv,
    path(
      [x + 0.6, y + 0.6],
      [
        ['L', x + 0.6, y + h - 1.2],
        ['L', x + w - 0.6, y + h - 1.2],
        ['L', x + w - 0.6, y + 0.6],
      ],
    ),
    opts.thread ?? tones(k.c).seam,
    0.6,
  );
  if (opts.flap) {
    const flap = path(
      [x - 0.4, y - 0.6],
      [
        ['L', x + w + 0.4, y - 0.6],
        ['L', x + w + 0.4, y + 3],
        ['L', x + w / 2, y + (opts.point ? 4.6 : 3.2)],
        ['L', x - 0.4, y + 3],
      ],
      true,
    );
    paint(k.cv, flap, cloth, { light: 'flat', noShadow: true });
    if (opts.button) button(k.cv, x + w / 2, y + 2.3, 0.65, buttonColour(k));
  }
}

/** A jetted or flap hip pocket on a tailored jacket. */
export function flapPocket(
  k: Kit,
  x: number,
  y: number,
  w: number,
  opts: { slant?: number; welt?: boolean } = {},
): void {
  const sl = opts.slant ?? 0;
  if (opts.welt) {
    seam(k.cv, path([x, y], [['L', x + w, y - sl]]), k.c, 1.2, 0.7);
    return;
  }
  const d = path(
    [x, y],
    [
      ['L', x + w, y - sl],
      ['L', x + w + 0.2, y - sl + 3.6],
      ['L', x + 0.2, y + 3.6],
    ],
    true,
  );
  paint(k.cv, d, k.cloth, { light: 'flat', noShadow: true });
}

/** A belt round the waist: self-tie, buckle or drawcord. */
export function waistBelt(
  k: Kit,
  y: number,
  halfW: number,
  kind: 'self' | 'tie' | 'buckle' | 'drawcord',
  opts: { cloth?: Cloth; height?: number } = {},
): void {
  const h = opts.height ?? 3.4;
  const cloth = opts.cloth ?? k.cloth;
  if (kind === 'drawcord') {
    seam(k.cv, path([-halfW, y], [['Q', 0, y + 1.5, halfW, y]]), k.c, 0.8, 0.6);
    if (!k.back) {
      const c = shade(k.c, 0.3);
      k.cv.push(
        `<path d="M-2 ${f(y + 0.8)}q-1.2 4 -0.6 8M2 ${f(y + 0.8)}q1.4 3.6 0.8 7.4" fill="none" stroke="${c}" stroke-width="0.7" stroke-linecap="round"/>`,
      );
    }
    return;
  }
  const band = path(
    [-halfW - 0.6, y - h / 2],
    [
      ['Q', 0, y - h / 2 + 1, halfW + 0.6, y - h / 2],
      ['L', halfW + 0.6, y + h / 2],
      ['Q', 0, y + h / 2 + 1, -halfW - 0.6, y + h / 2],
    ],
    true,
  );
  paint(k.cv, band, cloth, { light: 'body', noShadow: true });
  if (k.back) return;
  if (kind === 'buckle') {
    const m = metal(hw(k));
    k.cv.push(
      `<rect x="-3" y="${f(y - h / 2 - 0.6)}" width="6" height="${f(h + 1.2)}" rx="0.8" fill="none" stroke="${m.fill}" stroke-width="1"/><rect x="-3" y="${f(y - h / 2 - 0.6)}" width="6" height="${f(h + 1.2)}" rx="0.8" fill="none" stroke="${m.edge}" stroke-width="0.25"/>` +
        `<path d="M0 ${f(y - h / 2)}V${f(y + h / 2)}" stroke="${m.fill}" stroke-width="0.7"/>`,
    );
  } else {
    // A tied knot with two falling ends.
    const knot = ellipse(1.6, y + 0.3, 2.4, 2);
    const end1 = path(
      [1, y + 1.4],
      [
        ['C', 2, y + 6, 0.5, y + 10, 1.5, y + 15],
        ['L', 4.2, y + 14.6],
        ['C', 3.4, y + 10, 4.6, y + 6, 3.4, y + 1.2],
      ],
      true,
    );
    const end2 = path(
      [2.8, y + 1.4],
      [
        ['C', 5, y + 5, 6.5, y + 8, 8.4, y + 12],
        ['L', 10.4, y + 10.8],
        ['C', 8, y + 7, 6.4, y + 4, 4.2, y + 0.6],
      ],
      true,
    );
    paint(k.cv, end2, cloth, { light: 'sleeve', noShadow: true });
    paint(k.cv, end1, cloth, { light: 'sleeve', noShadow: true });
    paint(k.cv, knot, cloth, { light: 'round', noShadow: true });
  }
}

/** Shirt-yoke seam across the back, and a box pleat. */
export function backYoke(k: Kit, s: UpperSpec, y = 9): void {
  seam(k.cv, path([-s.sw + 1, y - 1], [['Q', 0, y + 1.2, s.sw - 1, y - 1]]), k.c, 0.9, 0.6);
  seam(k.cv, path([-1.6, y + 0.6], [['L', -1.4, y + 7]]) + path([1.6, y + 0.6], [['L', 1.4, y + 7]]), k.c, 0.7, 0.45);
}

/** Princess seams or side panels of a tailored front or back. */
export function panelSeams(k: Kit, s: UpperSpec, x = 8.5): void {
  seam(
    k.cv,
    pair(
      [x + 2, s.sy + 6],
      [
        ['C', x, s.ay + 6, x - 1.5, BODY.waistY - 4, x - 1, BODY.waistY],
        ['C', x - 0.6, BODY.waistY + 6, x + 0.6, s.hemY - 6, x + 1, s.hemY],
      ],
    ),
    k.c,
    0.8,
    0.45,
  );
}

/** A smocked panel: rows of gathers. */
export function smocking(k: Kit, x0: number, x1: number, y0: number, y1: number, gap = 1.6): void {
  let d = '';
  for (let y = y0; y <= y1; y += gap) d += path([x0, y], [['Q', (x0 + x1) / 2, y + 0.5, x1, y]]);
  seam(k.cv, d, k.c, 0.5, 0.5);
}

/** Fold lines hanging from points (a skirt's flare, a coat's drape), staggered like cloth. */
export function hangingFolds(xs: number[], y0: number, y1: number, sway = 1.5): string {
  return xs
    .map((x, i) => {
      const top = y0 + (i % 3) * (y1 - y0) * 0.12;
      const end = y1 - 1 - (i % 2) * 2.5;
      const mid = (top + end) / 2;
      return curve([
        [x * 0.55, top],
        [x * 0.78 + (i % 2 ? sway : -sway) * 0.6, mid],
        [x * 0.95 - (i % 2 ? sway : -sway) * 0.3, (mid + end) / 2],
        [x, end],
      ]);
    })
    .join('');
}

/** Rivets and a small bar tack (jeans). */
export function rivet(k: Kit, x: number, y: number): void {
  const m = metal(k.hardware === 'silver' ? 'silver' : 'gold');
  solid(k.cv, ellipse(x, y, 0.55, 0.55), m.fill, m.edge, 0.4);
}

/** A contrasting fringe along a line (tweed trims, scarves). */
export function fringe(k: Kit, d: string, colour: string, width = 1.6): void {
  k.cv.push(
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-dasharray="0.35 0.3" opacity="0.9"/>`,
  );
  k.cv.push(
    `<path d="${d}" fill="none" stroke="${mix(colour, '#1c1917', 0.3)}" stroke-width="${f(width * 0.35)}" opacity="0.5"/>`,
  );
}

/** Lacing at a centre back (corsets). */
export function lacing(k: Kit, y0: number, y1: number): void {
  let d = '';
  for (let y = y0; y < y1; y += 3) d += `M-1.4 ${f(y)}L1.4 ${f(y + 3)}M1.4 ${f(y)}L-1.4 ${f(y + 3)}`;
  k.cv.push(`<path d="${d}" fill="none" stroke="${shade(k.c, -0.3)}" stroke-width="0.5"/>`);
  for (let y = y0; y <= y1; y += 3) {
    k.cv.push(
      `<circle cx="-1.6" cy="${f(y)}" r="0.4" fill="${metal('silver').fill}"/><circle cx="1.6" cy="${f(y)}" r="0.4" fill="${metal('silver').fill}"/>`,
    );
  }
}

export { button, metal, paint, seam, solid, stitch, tones, zip, poly, path, pair, sym, ellipse, curve, mirrorPath, f };
