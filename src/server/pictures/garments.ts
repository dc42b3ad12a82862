/**
 * Garments: one drawing per type and cut, built from the parts on the shared figure. Each
 * returns the point a close-up (the detail view) should centre on.
 */
import { mix, shade } from './colour';
import type { Cloth } from './fabric';
import { BODY, HEM_Y } from './body';
import type { Piece } from './look';
import { butterflies, chestMark, chestStripes, ramen, sleeveStripes, wings } from './motifs';
import {
  type Kit,
  type SleeveSpec,
  type UpperSpec,
  backYoke,
  bow,
  button,
  buttonColour,
  campCollar,
  curve,
  ellipse,
  f,
  flapPocket,
  fringe,
  hangingFolds,
  hood,
  hw,
  lacing,
  lapels,
  metal,
  mirrorPath,
  neckBand,
  paint,
  pair,
  panelSeams,
  patchPocket,
  path,
  placket,
  pointCollar,
  poly,
  ribHem,
  rivet,
  seam,
  smocking,
  solid,
  standCollar,
  stitch,
  sym,
  tones,
  turtleNeck,
  upperBody,
  waistBelt,
  zip,
} from './parts';
import type { Pt, Seg } from './svg';

export type Focus = Pt;

/** How a piece is worn in an outfit. */
export interface Worn {
  /** Tucked into the bottom drawn over it: the hem stops just below the waist. */
  tucked?: boolean;
  /** Drawn over another top: no inside of the back shows through its neckline. */
  over?: boolean;
}

const has = (p: Piece, d: string) => p.details?.includes(d) ?? false;

const LONG = (over: Partial<SleeveSpec> = {}): SleeveSpec => ({
  len: 56,
  angle: 11,
  end: 7,
  shape: 'straight',
  cuff: 'none',
  ...over,
});
const SHORT = (over: Partial<SleeveSpec> = {}): SleeveSpec => ({
  len: 13,
  angle: 36,
  end: 10,
  shape: 'straight',
  cuff: 'none',
  ...over,
});

function sleeveFor(p: Piece, dflt: SleeveSpec | null): SleeveSpec | null {
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

// ---------------------------------------------------------------------------------------------
// Lower body

interface LegSpec {
  wy: number;
  ww: number;
  hipW: number;
  hemY: number;
  hemO: number;
  hemI: number;
  /** Half width of the leg at the knee (flares). */
  knee?: number;
}

function legsShape(l: LegSpec): string {
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

function legFolds(l: LegSpec, soft: boolean): { folds: string; highlights: string } {
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

function waistband(
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
function fly(k: Kit, wy: number, thread: string, len = 14): void {
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

export function drawTrousers(k: Kit, p: Piece, worn: Worn = {}): Focus {
  void worn;
  const cut = p.cut ?? 'straight';
  const hemY = p.length === 'ankle' ? HEM_Y.ankle : p.length === 'shorts' ? HEM_Y.shorts : HEM_Y.full;
  const L: LegSpec = { wy: 43, ww: 14.2, hipW: 19.6, hemY, hemO: 15.6, hemI: 3.4 };
  switch (cut) {
    case 'wide':
      Object.assign(L, { wy: 41, ww: 13.8, hipW: 20.4, hemO: 26.5, hemI: 0.5 });
      break;
    case 'pleated':
      Object.assign(L, { wy: 41, ww: 14, hipW: 20.5, hemO: 19.5, hemI: 1.5 });
      break;
    case 'slip':
      Object.assign(L, { wy: 43, ww: 14.5, hipW: 20, hemO: 19.5, hemI: 1.4 });
      break;
    case 'slim':
      Object.assign(L, { hemO: 12.6, hemI: 4.6 });
      break;
    case 'joggers':
      Object.assign(L, { hemO: 12.8, hemI: 4.6, hemY: hemY - 3 });
      break;
    case 'cargo':
      Object.assign(L, { hipW: 20.5, hemO: 15.8, hemI: 2.8 });
      break;
    case 'hiking':
      Object.assign(L, { hemO: 13.8, hemI: 4 });
      break;
    case 'flare':
      Object.assign(L, { hemO: 19.5, hemI: 1.6, knee: 9.5 });
      break;
    case 'tailored':
      Object.assign(L, { hemO: 15.8, hemI: 3.2 });
      break;
    case 'jeans':
      Object.assign(L, { wy: 42, hemO: 15.2, hemI: 3.8 });
      break;
    default:
      break;
  }
  const soft = cut === 'slip' || cut === 'wide' || cut === 'pleated';
  const { folds, highlights } = legFolds(L, soft);
  paint(k.cv, legsShape(L), k.cloth, {
    light: 'body',
    folds,
    highlights: cut === 'joggers' || cut === 'jeans' || cut === 'cargo' ? undefined : highlights,
  });
  const thread = p.fabric === 'denim' || cut === 'jeans' ? '#c48a3a' : tones(k.c).seam;
  if (cut === 'jeans') {
    // Whiskers and a faded seat.
    k.cv.push(
      `<path d="${pair([2, BODY.crotchY - 4], [['Q', 6, BODY.crotchY - 5, 10, BODY.crotchY - 9]]) + pair([2.5, BODY.crotchY - 1], [['Q', 7, BODY.crotchY - 2, 11, BODY.crotchY - 5]])}" fill="none" stroke="#fff" stroke-width="0.8" opacity="0.25"/>`,
    );
    k.cv.push(
      `<path d="${pair([(L.hemO + L.hemI) / 2 - 3, BODY.kneeY - 4], [['Q', (L.hemO + L.hemI) / 2, BODY.kneeY - 2, (L.hemO + L.hemI) / 2 + 3, BODY.kneeY - 4]])}" fill="none" stroke="#fff" stroke-width="2.4" opacity="0.12"/>`,
    );
  }
  // Side stripes (tuxedo, track).
  if (has(p, 'side-stripe')) {
    const stripe = pair(
      [L.hipW - 0.6, BODY.hipY - 6],
      [['C', L.hipW - 0.4, BODY.hipY + 25, L.hemO - 0.8, L.hemY - 40, L.hemO - 0.8, L.hemY - 0.5]],
    );
    k.cv.push(`<path d="${stripe}" fill="none" stroke="${k.c2}" stroke-width="1.3" opacity="0.9"/>`);
    k.cv.push(`<path d="${stripe}" fill="none" stroke="#fff" stroke-width="0.4" opacity="0.25"/>`);
  }
  // Waist.
  if (cut === 'joggers' || cut === 'slip') {
    waistband(k, L.wy, L.ww, { elastic: true, height: cut === 'slip' ? 2.2 : 4.2 });
    if (cut === 'joggers') waistBelt(k, L.wy + 2.4, L.ww, 'drawcord');
  } else if (cut === 'pleated' && has(p, 'paper-bag')) {
    const ruffle = sym(
      [0, L.wy - 4.5],
      [
        ['L', L.ww - 0.6, L.wy - 4.5],
        ['Q', L.ww + 1, L.wy - 2, L.ww + 0.3, L.wy],
        ['L', 0, L.wy],
      ],
    );
    paint(k.cv, ruffle, k.cloth, {
      light: 'body',
      noShadow: true,
      folds: pair([3, L.wy - 4], [['L', 3.3, L.wy]]) + pair([8, L.wy - 4], [['L', 8.4, L.wy]]),
    });
    waistband(k, L.wy, L.ww, { height: 3 });
    if (!k.back) waistBelt(k, L.wy + 1.5, L.ww, 'tie', { height: 1.6 });
  } else {
    waistband(k, L.wy, L.ww, {
      loops: cut !== 'tailored' || has(p, 'loops'),
      button: cut === 'jeans' || cut === 'straight' || cut === 'slim' || cut === 'cargo' || cut === 'hiking',
    });
  }
  const wy = L.wy;
  if (!k.back) {
    if (cut !== 'joggers' && cut !== 'slip') fly(k, wy, thread, cut === 'jeans' ? 13 : 15);
    if (cut === 'jeans') {
      stitch(k.cv, pair([L.ww - 6, wy + 3.8], [['Q', L.ww - 4.5, wy + 9.5, L.hipW - 0.2, wy + 11]]), thread, 0.7);
      seam(k.cv, pair([L.ww - 6.4, wy + 3.8], [['Q', L.ww - 5, wy + 10, L.hipW - 0.1, wy + 11.6]]), k.c, 0.8, 0.5);
      stitch(
        k.cv,
        path(
          [L.ww - 4.8, wy + 4.8],
          [
            ['L', L.ww - 1, wy + 4.8],
            ['L', L.ww - 1, wy + 8.4],
          ],
        ),
        thread,
        0.6,
      );
      rivet(k, L.ww - 5.8, wy + 4.5);
      rivet(k, -L.ww + 5.8, wy + 4.5);
      // Outer seams in contrast thread.
      stitch(
        k.cv,
        pair(
          [L.hipW - 0.8, BODY.hipY],
          [['C', L.hipW - 0.6, BODY.hipY + 25, L.hemO - 1, L.hemY - 40, L.hemO - 1, L.hemY - 0.6]],
        ),
        thread,
        0.55,
      );
      stitch(k.cv, pair([L.hemO - 0.6, L.hemY - 1.6], [['L', L.hemI + 0.6, L.hemY - 1.4]]), thread, 0.6);
    } else if (cut !== 'joggers') {
      seam(k.cv, pair([L.ww - 3.2, wy + 3.8], [['L', L.hipW - 0.6, wy + 13.5]]), k.c, 0.9, 0.55);
    } else {
      seam(k.cv, pair([L.ww - 2, wy + 5], [['Q', L.hipW - 2, wy + 9, L.hipW - 0.6, wy + 15]]), k.c, 0.8, 0.5);
    }
    if (cut === 'tailored' || cut === 'pleated' || cut === 'wide') {
      seam(
        k.cv,
        pair([5.8, wy + 3.8], [['L', 6.2, wy + 10.5]]) +
          (cut === 'pleated' ? pair([9.5, wy + 3.8], [['L', 9.8, wy + 9.5]]) : ''),
        k.c,
        0.7,
        0.45,
      );
    }
  } else {
    seam(k.cv, path([0, wy + 3.8], [['L', 0, BODY.crotchY - 1]]), k.c, 0.9, 0.6);
    if (cut === 'jeans') {
      stitch(k.cv, pair([0.5, wy + 9], [['L', L.hipW - 0.4, wy + 5]]), thread, 0.7);
      for (const s of [1, -1]) {
        const x = s * 10;
        const d = path(
          [x - 4.6 * s, wy + 10],
          [
            ['L', x + 4 * s, wy + 8.8],
            ['L', x + 3.6 * s, wy + 19.5],
            ['L', x - 0.2 * s, wy + 21.4],
            ['L', x - 4.2 * s, wy + 19.8],
          ],
          true,
        );
        paint(k.cv, d, k.cloth, { light: 'flat', noShadow: true });
        stitch(k.cv, path([x - 4 * s, wy + 10.8], [['L', x + 3.4 * s, wy + 9.6]]), thread, 0.6);
      }
    } else if (cut !== 'joggers' && cut !== 'slip') {
      seam(k.cv, pair([5, wy + 9], [['L', 11, wy + 9]]), k.c, 1, 0.6);
    }
  }
  // Cuffs, pockets, articulation.
  if (cut === 'joggers') {
    const cuff = pair([L.hemO + 0.4, L.hemY - 4.6], [['L', L.hemI - 0.4, L.hemY - 4.6]]);
    const band = sym([L.hemI - 0.3, L.hemY - 4.8], []);
    void band;
    for (const s of [1, -1]) {
      const d = path(
        [s * (L.hemO + 0.3), L.hemY - 4.8],
        [
          ['L', s * (L.hemI - 0.3), L.hemY - 4.8],
          ['L', s * (L.hemI + 0.4), L.hemY + 0.5],
          ['L', s * (L.hemO - 0.4), L.hemY + 0.5],
        ],
        true,
      );
      paint(k.cv, d, { ...k.cloth, fabric: 'rib', print: 'none' }, { light: 'body', noShadow: true });
    }
    seam(k.cv, cuff, k.c, 0.6, 0.3);
  }
  if (cut === 'cargo') {
    for (const s of [1, -1]) {
      const x = s * (L.hipW - 1);
      const d = path(
        [x, 88],
        [
          ['L', x - s * 9, 88.5],
          ['L', x - s * 9.2, 104],
          ['L', x - s * 0.4, 104.5],
        ],
        true,
      );
      paint(k.cv, d, k.cloth, {
        light: 'flat',
        noShadow: true,
        folds: path([x - s * 4.5, 90], [['L', x - s * 4.6, 103.5]]),
      });
      paint(
        k.cv,
        path(
          [x + s * 0.3, 86.2],
          [
            ['L', x - s * 9.6, 86.8],
            ['L', x - s * 9.6, 90.6],
            ['L', x + s * 0.3, 90.2],
          ],
          true,
        ),
        k.cloth,
        { light: 'flat', noShadow: true },
      );
      button(k.cv, x - s * 4.7, 88.8, 0.6, buttonColour(k));
    }
    k.cv.push(
      `<path d="${pair([L.hemI + 1, L.hemY - 1.2], [['L', L.hemO - 1, L.hemY - 1.2]])}" stroke="${tones(k.c).seam}" stroke-width="0.5" stroke-dasharray="0.5 0.5"/>`,
    );
  }
  if (cut === 'hiking') {
    seam(
      k.cv,
      pair(
        [L.hemI + 0.4, BODY.kneeY - 6],
        [['Q', (L.hemO + L.hemI) / 2, BODY.kneeY - 3, L.hemO - 0.2, BODY.kneeY - 7]],
      ) +
        pair(
          [L.hemI + 0.6, BODY.kneeY + 2],
          [['Q', (L.hemO + L.hemI) / 2, BODY.kneeY + 5, L.hemO - 0.3, BODY.kneeY + 1]],
        ),
      k.c,
      0.8,
      0.55,
    );
    if (has(p, 'zip-off'))
      zip(
        k.cv,
        pair(
          [L.hemI + 0.6, BODY.kneeY + 10],
          [['Q', (L.hemO + L.hemI) / 2, BODY.kneeY + 12.5, L.hemO - 0.4, BODY.kneeY + 9.5]],
        ),
        k.c,
        'gunmetal',
      );
  }
  return [6, wy + 8];
}

export function drawShorts(k: Kit, p: Piece): Focus {
  const L: LegSpec = { wy: 41, ww: 14, hipW: 20, hemY: HEM_Y.shorts - 2, hemO: 21.5, hemI: 3 };
  const folds = pair([1.4, BODY.crotchY], [['Q', 4, BODY.crotchY - 3.5, 7, BODY.crotchY - 6]]);
  paint(k.cv, legsShape(L), k.cloth, { light: 'body', folds });
  waistband(k, L.wy, L.ww, { loops: true, button: true, height: 4 });
  if (!k.back) {
    fly(k, L.wy, tones(k.c).seam, 13);
    seam(k.cv, pair([L.ww - 3.2, L.wy + 4], [['L', L.hipW - 0.5, L.wy + 13]]), k.c, 0.9, 0.55);
  }
  if (p.hem === 'scallop') {
    for (const s of [1, -1]) {
      let d = '';
      const n = 6;
      for (let i = 0; i < n; i++) {
        const x0 = s * (L.hemI + ((L.hemO - L.hemI) * i) / n);
        const x1 = s * (L.hemI + ((L.hemO - L.hemI) * (i + 1)) / n);
        d += `M${f(x0)} ${f(L.hemY - 1.6)}Q${f((x0 + x1) / 2)} ${f(L.hemY + 1.2)} ${f(x1)} ${f(L.hemY - 1.6)}`;
      }
      k.cv.push(`<path d="${d}" fill="none" stroke="${tones(k.c).seam}" stroke-width="0.55" opacity="0.7"/>`);
    }
  } else {
    seam(k.cv, pair([L.hemI + 0.5, L.hemY - 3.5], [['L', L.hemO - 0.3, L.hemY - 3.6]]), k.c, 0.8, 0.5);
  }
  return [6, L.wy + 8];
}

// ---------------------------------------------------------------------------------------------
// Skirts

export function drawSkirt(k: Kit, p: Piece, worn: Worn = {}): Focus {
  void worn;
  const cut = p.cut ?? 'a-line';
  const length = p.length ?? (cut === 'pencil' ? 'knee' : cut === 'pleated' || cut === 'slip' ? 'midi' : 'knee');
  const hemY = HEM_Y[length as keyof typeof HEM_Y] ?? HEM_Y.knee;
  const wy = BODY.waistY - 2;
  const ww = 14;
  const drop = hemY - BODY.hipY;
  let hemW: number;
  let waves = 0;
  let depth = 2;
  let hip = BODY.hipW;
  switch (cut) {
    case 'pencil':
      hemW = hip - 2.2;
      break;
    case 'pleated':
      hemW = hip + drop * 0.5;
      waves = 9;
      depth = 1.2;
      break;
    case 'slip':
      hemW = hip + drop * 0.24;
      waves = 3;
      depth = 1.6;
      break;
    case 'wrap':
      hemW = hip + drop * 0.45;
      waves = 4;
      depth = 2;
      break;
    default:
      hemW = hip + drop * (length === 'mini' ? 0.42 : 0.36);
      waves = length === 'mini' ? 0 : 3;
      depth = 1.6;
      hip = BODY.hipW + 0.5;
  }
  const segs: Seg[] = [
    ['L', ww, wy],
    ['C', ww + 1.4, wy + 8, hip, BODY.hipY - 9, hip, BODY.hipY],
    ['C', hip + (hemW - hip) * 0.3, BODY.hipY + drop * 0.4, hemW, hemY - drop * 0.3, hemW, hemY],
  ];
  if (waves) {
    const step = hemW / (waves - 0.5);
    let x = hemW;
    for (let i = 0; i < waves; i++) {
      const nx = i === waves - 1 ? 0 : x - step;
      segs.push(['Q', (x + nx) / 2, hemY + depth * 1.9, nx, hemY + (i === waves - 1 ? depth * 0.9 : 0.2)]);
      x = nx;
    }
  } else {
    segs.push(['Q', hemW * 0.5, hemY + 1, 0, hemY + 1]);
  }
  const shape = sym([0, wy], segs);
  let folds = '';
  if (cut === 'pleated') {
    const n = 9;
    for (let i = 1; i < n; i++) {
      const t = i / n;
      folds += path([ww * t, wy + 3.4], [['L', hemW * t + 0.4, hemY + 1]]);
    }
    folds += mirrorPath(folds);
  } else if (cut !== 'pencil') {
    folds = hangingFolds([hemW * 0.3, hemW * 0.7, -hemW * 0.35, -hemW * 0.72], BODY.hipY - 4, hemY, 1.5);
  } else {
    folds =
      pair([4, BODY.hipY + 6], [['Q', 8, BODY.hipY + 2, 12, BODY.hipY - 1]]) +
      pair([6, hemY - 10], [['Q', 9, hemY - 12, 14, hemY - 13]]);
  }
  paint(k.cv, shape, k.cloth, {
    light: 'body',
    folds,
    highlights: cut === 'slip' ? hangingFolds([hemW * 0.5, -hemW * 0.15], BODY.hipY, hemY, 1) : undefined,
  });
  if (cut === 'pleated') {
    // Pleats: light and shade alternate down the skirt.
    const n = 9;
    let light = '';
    for (let i = 0; i < n; i += 2) {
      const a = i / n;
      const b = (i + 1) / n;
      light += path(
        [ww * a, wy + 3.4],
        [
          ['L', ww * b, wy + 3.4],
          ['L', hemW * b, hemY + 0.6],
          ['L', hemW * a, hemY + 0.6],
        ],
        true,
      );
    }
    const clip = k.cv.id('c');
    k.cv.defs.push(`<clipPath id="${clip}"><path d="${shape}"/></clipPath>`);
    k.cv.push(`<g clip-path="url(#${clip})"><path d="${light + mirrorPath(light)}" fill="#fff" opacity="0.1"/></g>`);
  }
  // Waist.
  if (cut === 'slip') {
    seam(k.cv, path([-ww, wy + 2.4], [['Q', 0, wy + 3, ww, wy + 2.4]]), k.c, 0.7, 0.4);
  } else {
    const band = p.hem === 'scallop' && cut === 'pleated' ? 'scallop' : 'band';
    waistband(k, wy, ww, {
      height: 3.4,
      button: cut === 'a-line' && (p.closure === 'buttons' || p.fabric === 'denim'),
    });
    if (band === 'scallop') {
      let d = '';
      for (let x = -ww; x < ww - 0.1; x += 2.8) d += `M${f(x)} ${f(wy + 3.4)}q1.4 1.6 2.8 0`;
      k.cv.push(`<path d="${d}" fill="${k.c}" stroke="${tones(k.c).seam}" stroke-width="0.35"/>`);
    }
  }
  if (!k.back) {
    if (cut === 'wrap') {
      const edge = path(
        [ww * 0.55, wy + 3.4],
        [['C', ww * 0.2, BODY.hipY + 6, -hemW * 0.3, hemY - drop * 0.5, -hemW * 0.45, hemY + 1.5]],
      );
      seam(k.cv, edge, k.c, 1.1, 0.75);
      if (p.hem === 'ruffle' || has(p, 'ruffle')) {
        k.cv.push(
          `<path d="${edge}" fill="none" stroke="${shade(k.c, -0.08)}" stroke-width="2.4" stroke-dasharray="1.4 0.8" opacity="0.6"/>`,
        );
      }
      waistBelt(k, wy + 1.8, ww, 'tie', { height: 0.1 });
    }
    if (p.fabric === 'denim') {
      const thread = '#c48a3a';
      fly(k, wy, thread, 12);
      stitch(k.cv, pair([ww - 6, wy + 3.6], [['Q', ww - 4.4, wy + 9, BODY.hipW, wy + 10.5]]), thread, 0.7);
      rivet(k, ww - 5.8, wy + 4.3);
      rivet(k, -ww + 5.8, wy + 4.3);
      stitch(k.cv, path([-hemW + 1, hemY - 1.8], [['L', hemW - 1, hemY - 1.8]]), thread, 0.6);
    }
    if (p.closure === 'buttons' && p.fabric !== 'denim') {
      placket(k, wy + 3.4, hemY, { gap: 8, r: 0.9 });
    }
    if (p.pockets === 'patch') {
      patchPocket(k, 4.5, wy + 14, 8, 9.5);
      patchPocket(k, -12.5, wy + 14, 8, 9.5);
    }
    if (cut === 'pencil' && p.closure !== 'buttons') {
      seam(k.cv, pair([6, wy + 3.4], [['L', 6.4, wy + 11]]), k.c, 0.7, 0.45);
    }
  } else {
    seam(k.cv, path([0, wy + 3.4], [['L', 0, cut === 'pencil' ? hemY - 10 : hemY]]), k.c, 0.8, 0.55);
    zip(k.cv, path([0, wy + 3.6], [['L', 0, wy + 17]]), k.c, 'silver');
    if (cut === 'pencil') {
      // The back vent.
      paint(
        k.cv,
        path(
          [0, hemY - 10],
          [
            ['L', 2.2, hemY + 1],
            ['L', -2.2, hemY + 1],
          ],
          true,
        ),
        { ...k.cloth, print: 'none' },
        { light: 'flat', plain: true, dim: 0.3, noShadow: true },
      );
    }
  }
  if (p.hem === 'raw' || p.hem === 'frayed') {
    fringe(k, path([-hemW + 0.5, hemY + 0.6], [['Q', 0, hemY + 1.6, hemW - 0.5, hemY + 0.6]]), shade(k.c, -0.3), 1.2);
  }
  if (p.hem === 'scallop' && cut !== 'pleated') scallopHem(k, hemW, hemY);
  return cut === 'pleated' ? [6, wy + 10] : [4, wy + 6];
}

function scallopHem(k: Kit, hemW: number, hemY: number): void {
  let d = '';
  const n = Math.round(hemW / 1.6);
  for (let i = -n; i < n; i++) {
    const x0 = (i / n) * hemW;
    const x1 = ((i + 1) / n) * hemW;
    d += `M${f(x0)} ${f(hemY - 0.4)}Q${f((x0 + x1) / 2)} ${f(hemY + 2.2)} ${f(x1)} ${f(hemY - 0.4)}`;
  }
  k.cv.push(`<path d="${d}" fill="${k.c}" stroke="${tones(k.c).edge}" stroke-width="0.35"/>`);
}

// ---------------------------------------------------------------------------------------------
// Dresses and jumpsuits

export function drawDress(k: Kit, p: Piece): Focus {
  const cut = p.cut ?? 'fit-flare';
  const length =
    p.length ??
    (cut === 'column' ? 'gown' : cut === 'slip' ? 'midi' : cut === 'bodycon' || cut === 'shift' ? 'knee' : 'midi');
  const hemY = HEM_Y[length as keyof typeof HEM_Y] ?? HEM_Y.midi;
  const drop = hemY - BODY.waistY;
  const s: UpperSpec = {
    sw: 18.5,
    sy: 4,
    aw: 16.8,
    ay: 20.5,
    ww: 13.8,
    hemY,
    hemW: 20,
    hem: 'straight',
    neck: 'scoop',
    depth: 9,
    neckW: 7,
    sleeve: null,
  };
  let waistSeam = false;
  let folds = '';
  const sway = (xs: number[]) => hangingFolds(xs, BODY.waistY + 4, hemY, 1.6);
  switch (cut) {
    case 'slip':
      Object.assign(s, { neck: 'straps-v', depth: 15.5, ww: 15, hemW: 19.5 + drop * 0.1, waves: 3, waveDepth: 1.2 });
      folds =
        sway([6, 13, -4, -11]) +
        path([-5, 11], [['Q', 0, 16, 5, 11]]) +
        path([-3.5, 14.5], [['Q', 0, 17.5, 3.5, 14.5]]);
      break;
    case 'wrap':
      Object.assign(s, {
        neck: 'deep-v',
        depth: 21,
        neckW: 6,
        ww: 13.6,
        hemW: 15 + drop * 0.42,
        flare: 2.5,
        waves: 4,
        waveDepth: 1.8,
      });
      folds = sway([5, 12, -6, -13]);
      waistSeam = true;
      break;
    case 'shift':
      Object.assign(s, {
        neck: p.neckline === 'crew' ? 'crew' : 'boat',
        neckW: p.neckline === 'crew' ? 6.5 : 9,
        depth: p.neckline === 'crew' ? 5 : 3,
        ww: 17.2,
        hemW: 19.5,
      });
      folds = hangingFolds([8, -9], 30, hemY, 1);
      break;
    case 'bodycon':
      Object.assign(s, { ww: 14, hip: 18.6, hemW: 17.8 });
      folds = pair([6, BODY.waistY + 2], [['Q', 10, BODY.waistY - 1, 13, BODY.waistY - 3]]);
      break;
    case 'column':
      Object.assign(s, { neck: 'crew', depth: 5, neckW: 6.5, ww: 14.2, hip: 19.6, hemW: 21.5, sw: 18.8 });
      folds = hangingFolds([7, -8, 14, -14], BODY.hipY + 8, hemY, 0.8);
      break;
    case 'tiered':
      Object.assign(s, {
        neck: 'square',
        depth: 9,
        neckW: 7,
        ww: 13.6,
        hemW: 17 + drop * 0.52,
        flare: 3,
        waves: 6,
        waveDepth: 1.8,
      });
      folds = sway([4, 10, 16, -5, -11, -17]);
      waistSeam = true;
      break;
    case 'sundress':
      Object.assign(s, {
        neck: 'straps-straight',
        ww: 13.6,
        hemW: 16 + drop * 0.5,
        flare: 3.5,
        waves: 5,
        waveDepth: 2,
      });
      folds = sway([6, 15, -8, -15]);
      waistSeam = true;
      break;
    case 'a-line':
      Object.assign(s, { hemW: 15 + drop * 0.38, flare: 1.2, waves: 3, waveDepth: 1.2 });
      folds = sway([6, 13, -6, -13]);
      waistSeam = true;
      break;
    case 'shirt':
      Object.assign(s, {
        neck: 'crew',
        depth: 4.5,
        neckW: 6.5,
        sw: 20,
        sy: 3.6,
        aw: 18,
        ay: 22,
        ww: 15,
        hemW: 15 + drop * 0.36,
        flare: 1.5,
        waves: 3,
        waveDepth: 1.2,
      });
      folds = sway([6, 13, -6, -13]);
      waistSeam = true;
      break;
    default:
      // Fit and flare.
      Object.assign(s, { hemW: 15.5 + drop * 0.52, flare: 4, waves: 5, waveDepth: 2.2 });
      folds = sway([4, 10, 16, -5, -11, -16]);
      waistSeam = true;
  }
  if (p.neckline) {
    const map: Record<string, Partial<UpperSpec>> = {
      crew: { neck: 'crew', depth: 5, neckW: 6.5 },
      scoop: { neck: 'scoop', depth: 10, neckW: 7.5 },
      v: { neck: 'v', depth: 13, neckW: 6.5 },
      'deep-v': { neck: 'deep-v', depth: 21, neckW: 6 },
      square: { neck: 'square', depth: 9.5, neckW: 7.5 },
      sweetheart: { neck: 'sweetheart' },
      boat: { neck: 'boat', depth: 3, neckW: 9.5 },
      cowl: { neck: 'straps-v', depth: 14 },
      strapless: { neck: 'strapless' },
      halter: { neck: 'halter', depth: 12 },
    };
    if (cut !== 'slip' && cut !== 'sundress') Object.assign(s, map[p.neckline] ?? {});
  }
  const dflt: SleeveSpec | null =
    cut === 'shirt'
      ? LONG({ cuff: 'shirt' })
      : cut === 'column'
        ? LONG({ angle: 9, end: 5.5, shape: 'fitted' })
        : cut === 'wrap'
          ? LONG({ shape: 'blouson', cuff: 'band' })
          : cut === 'tiered'
            ? SHORT({ shape: 'puff', len: 11 })
            : null;
  s.sleeve = p.sleeves ? sleeveFor(p, dflt) : cut === 'slip' || cut === 'sundress' ? null : dflt;
  if (s.sleeve && s.neck !== 'straps-v' && s.neck !== 'straps-straight') {
    if (s.sleeve.shape === 'puff') s.sleeve = { ...s.sleeve, cuff: 'band' };
  } else if (!s.sleeve && ['scoop', 'crew', 'square', 'v', 'deep-v', 'boat'].includes(s.neck)) {
    s.sw = s.neckW + 4.5;
    s.sy = 1.5;
  }
  const straps = s.neck === 'straps-v' || s.neck === 'straps-straight';
  const { shapes } = upperBody(k, s, { folds });
  if (straps) {
    const x0 = s.neck === 'straps-v' ? 6.6 : 6.2;
    const y0 = s.neck === 'straps-v' ? 10.2 : 12;
    k.cv.push(
      `<path d="${pair([x0, y0 + 0.3], [['Q', x0 + 1, y0 * 0.5, 9, 1.2]])}" fill="none" stroke="${shade(k.c, 0.12)}" stroke-width="0.9" stroke-linecap="round"/>`,
    );
    k.cv.measure(`M9 1.2`);
  }
  if (cut === 'slip' && !k.back) {
    // The cowl's drape.
    k.cv.push(
      `<path d="${path([-7, 11], [['Q', 0, 19, 7, 11]])}" fill="none" stroke="${tones(k.c).fold}" stroke-width="0.9" opacity="0.22"/>`,
    );
  }
  if (waistSeam)
    seam(k.cv, path([-s.ww, BODY.waistY], [['Q', 0, BODY.waistY + 0.8, s.ww, BODY.waistY]]), k.c, 0.8, 0.6);
  if (cut === 'tiered') {
    for (const t of [0.33, 0.66]) {
      const y = BODY.waistY + drop * t;
      const w = s.ww + (s.hemW - s.ww) * (t + 0.06);
      seam(k.cv, path([-w, y], [['Q', 0, y + 1.5, w, y]]), k.c, 0.9, 0.6);
      let g = '';
      for (let x = -w + 2; x < w - 1; x += 2.4) g += `M${f(x)} ${f(y + 1)}l${f(x * 0.02)} 3`;
      k.cv.push(`<path d="${g}" stroke="${tones(k.c).fold}" stroke-width="0.4" opacity="0.25"/>`);
    }
  }
  if (cut === 'sundress') smocking(k, -14, 14, 14, BODY.waistY - 1.5, 2.2);
  if (cut === 'shirt') {
    pointCollar(k, s);
    if (!k.back) placket(k, 5.5, BODY.waistY + 14, { gap: 7.5, r: 0.65 });
    waistBelt(k, BODY.waistY, s.ww, 'tie', { height: 2.6 });
  }
  if (cut === 'wrap' && !k.back) {
    // The wrap's crossing edge and the tie at the waist.
    seam(
      k.cv,
      path(
        [s.ww * 0.5, BODY.waistY + 1],
        [['C', 2, BODY.hipY, -s.hemW * 0.35, hemY - drop * 0.5, -s.hemW * 0.55, hemY + 1.2]],
      ),
      k.c,
      1,
      0.7,
    );
    k.cv.push(
      `<path d="${pair([2, 24], [['Q', 6, 32, 12, 40]]) + pair([1, 30], [['Q', 5, 36, 10, 42]])}" fill="none" stroke="${tones(k.c).fold}" stroke-width="0.5" opacity="0.3"/>`,
    );
    waistBelt(k, BODY.waistY, s.ww, 'tie', { height: 2.4 });
  }
  if (p.belt && p.belt !== 'none' && cut !== 'wrap')
    waistBelt(k, BODY.waistY, s.ww, p.belt === 'buckle' ? 'buckle' : 'tie', {
      height: 2.6,
      ...(p.colour2 ? { cloth: { ...k.cloth, base: k.c2, fabric: 'satin', print: 'none' } } : {}),
    });
  if (p.hem === 'scallop') scallopHem(k, s.hemW, hemY);
  if (k.back) {
    if (cut === 'column' && has(p, 'open-back')) {
      paint(
        k.cv,
        path(
          [0, 40],
          [
            ['C', 3, 30, 7, 14, 6.6, 0.6],
            ['Q', 0, -1, -6.6, 0.6],
            ['C', -7, 14, -3, 30, 0, 40],
          ],
          true,
        ),
        { ...k.cloth, print: 'none' },
        { light: 'flat', plain: true, dim: 0.35, noShadow: true },
      );
    } else if (cut !== 'slip' && !straps) zip(k.cv, path([0, 1], [['L', 0, BODY.waistY + 10]]), k.c, 'silver');
    if (cut === 'tiered' || cut === 'sundress' || has(p, 'tie-back')) bow(k, [0, BODY.waistY - 14], 0.8);
  }
  if (p.motifs?.length) drawMotifs(k, p, s, shapes);
  return cut === 'slip' ? [0, 14] : cut === 'tiered' ? [0, BODY.waistY + 4] : [0, 12];
}

export function drawJumpsuit(k: Kit, p: Piece): Focus {
  const cut = p.cut ?? 'utility';
  const L: LegSpec =
    cut === 'tuxedo'
      ? { wy: 42, ww: 14, hipW: 20.2, hemY: HEM_Y.full, hemO: 22, hemI: 0.8 }
      : cut === 'ski'
        ? { wy: 42, ww: 15, hipW: 20.5, hemY: HEM_Y.full - 2, hemO: 15.5, hemI: 3.2 }
        : { wy: 42, ww: 14.5, hipW: 20, hemY: HEM_Y.full - 2, hemO: 16, hemI: 3 };
  const lf = legFolds(L, cut === 'tuxedo');
  paint(k.cv, legsShape(L), k.cloth, {
    light: 'body',
    folds: lf.folds,
    highlights: cut === 'tuxedo' ? lf.highlights : undefined,
  });
  if (cut === 'ski') {
    // Knee patches and gaiter cuffs.
    for (const s of [1, -1]) {
      const x = s * ((L.hemO + L.hemI) / 2 + 0.6);
      paint(
        k.cv,
        path(
          [x - 4.6, BODY.kneeY - 8],
          [
            ['L', x + 4.6, BODY.kneeY - 8.5],
            ['L', x + 4.4, BODY.kneeY + 6],
            ['L', x - 4.4, BODY.kneeY + 6.4],
          ],
          true,
        ),
        { ...k.cloth, fabric: 'ripstop', base: shade(k.c, 0.08) },
        { light: 'flat', noShadow: true },
      );
    }
    if (!k.back) zip(k.cv, pair([L.hipW - 2, 70], [['L', L.hipW - 2.8, 92]]), k.c, 'gunmetal');
  }
  const s: UpperSpec =
    cut === 'tuxedo'
      ? {
          sw: 19.5,
          sy: 3.2,
          aw: 17.4,
          ay: 21,
          ww: 14,
          hemY: 49,
          hemW: 15.6,
          hem: 'straight',
          neck: 'open',
          depth: 26,
          neckW: 6.5,
          sleeve: LONG({ angle: 9, end: 6.8 }),
        }
      : {
          sw: 21,
          sy: 4,
          aw: 18.6,
          ay: 23,
          ww: 15.5,
          hemY: 49,
          hemW: 16.5,
          hem: 'straight',
          neck: cut === 'ski' ? 'crew' : 'v',
          depth: cut === 'ski' ? 4 : 12,
          neckW: 7,
          sleeve: LONG({ angle: 12, end: 7.5, cuff: cut === 'ski' ? 'band' : 'shirt' }),
        };
  const folds = path([-9, 28], [['Q', -6, 36, -9, 44]]) + path([9, 28], [['Q', 6, 36, 9, 44]]);
  upperBody(k, s, { folds });
  if (cut === 'tuxedo') {
    lapels(k, s, 'peak', { satin: true, breakY: 26 });
    if (!k.back) seam(k.cv, path([0.4, 26], [['L', 0.4, 42]]), k.c, 0.8, 0.5);
    if (!k.back) {
      paint(
        k.cv,
        path(
          [L.hipW - 0.5, BODY.hipY - 6],
          [
            ['C', L.hipW, BODY.hipY + 25, L.hemO - 0.6, L.hemY - 40, L.hemO - 0.6, L.hemY - 0.6],
            ['L', L.hemO - 2, L.hemY - 0.6],
            ['C', L.hemO - 2.2, L.hemY - 40, L.hipW - 1.4, BODY.hipY + 25, L.hipW - 2, BODY.hipY - 6],
          ],
          true,
        ),
        { ...k.cloth, fabric: 'satin' },
        { light: 'flat', noShadow: true, edge: false },
      );
    }
    waistBelt(k, BODY.waistY - 0.5, 14.2, 'buckle', { height: 3.4, cloth: { ...k.cloth, fabric: 'satin' } });
    return [5, 16];
  }
  if (cut === 'ski') {
    standCollar(k, s, 5, { zip: true });
    if (!k.back) {
      zip(k.cv, path([0, 1.5], [['L', 0, BODY.crotchY - 6]]), k.c, 'gunmetal', [0.4, 1.2]);
      zip(k.cv, path([5, 18], [['L', 12, 14]]), k.c, 'gunmetal');
      zip(k.cv, path([-5, 18], [['L', -12, 14]]), k.c, 'gunmetal');
    }
    waistBelt(k, BODY.waistY - 0.5, 15.2, 'buckle', { height: 3 });
    return [0, 10];
  }
  pointCollar(k, s, { open: true });
  if (!k.back) placket(k, 10, BODY.crotchY - 8, { gap: 8 });
  waistBelt(k, BODY.waistY - 0.5, 15.4, 'tie', { height: 3 });
  patchPocket(k, 4.5, 18, 7, 7.5, { flap: true, button: true });
  return [5, 18];
}

// ---------------------------------------------------------------------------------------------
// Tops, shirts, knits, hoodies

function topSpec(p: Piece, worn: Worn): UpperSpec {
  const cut = p.cut ?? 'tee';
  const relaxed = p.fit === 'relaxed' || p.fit === 'oversized' || p.fit === 'boxy';
  const s: UpperSpec = relaxed
    ? {
        sw: 22.5,
        sy: 5.5,
        aw: 20,
        ay: 24,
        ww: 19.5,
        hemY: 70,
        hemW: 20,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.8,
        sleeve: SHORT({ len: 12, angle: 30, end: 11 }),
      }
    : {
        sw: 19.5,
        sy: 3.6,
        aw: 17.6,
        ay: 21,
        ww: 16,
        hemY: 66,
        hemW: 17.4,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.5,
        sleeve: SHORT(),
      };
  if (cut === 'tank')
    Object.assign(s, {
      neck: 'scoop',
      depth: 11,
      neckW: 6.5,
      sw: 11.5,
      sy: 1.4,
      aw: 16.2,
      ay: 19.5,
      ww: 14,
      hemW: 16,
      hemY: 64,
      sleeve: null,
    });
  if (cut === 'cami')
    Object.assign(s, { neck: 'straps-v', depth: 14.5, aw: 16.4, ay: 20, ww: 15.5, hemW: 17, hemY: 60, sleeve: null });
  if (cut === 'corset')
    Object.assign(s, {
      neck: p.neckline === 'strapless' ? 'strapless' : 'sweetheart',
      aw: 16.2,
      ay: 20,
      ww: 12.8,
      hemW: 14.6,
      hemY: 52,
      hem: 'point',
      sleeve: null,
    });
  if (cut === 'polo') Object.assign(s, { neck: 'crew', depth: 4.5 });
  if (p.length === 'crop') Object.assign(s, { hemY: 42, hemW: s.ww + 1 });
  if (p.neckline === 'v') Object.assign(s, { neck: 'v', depth: 12 });
  if (p.neckline === 'scoop') Object.assign(s, { neck: 'scoop', depth: 10 });
  if (p.sleeves) s.sleeve = sleeveFor(p, s.sleeve);
  if (worn.tucked) Object.assign(s, { hemY: BODY.waistY + 8, hemW: s.ww + 1 });
  return s;
}

export function drawTop(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'tee';
  const s = topSpec(p, worn);
  const folds =
    cut === 'corset'
      ? undefined
      : path([9, s.ay + 8], [['Q', 6, s.ay + 16, 8, s.hemY - 14]]) +
        path([-4, s.hemY - 9], [['Q', -6, s.hemY - 4, -7, s.hemY]]);
  const { sleeve, shapes } = upperBody(k, s, { folds, inside: !worn.over });
  if (cut === 'tee' || cut === 'polo') {
    if (cut === 'polo') {
      pointCollar(k, s, { spread: 5, cloth: { ...k.cloth, fabric: 'rib' } });
      if (!k.back) {
        placket(k, 4.5, 15, { gap: 4.2, r: 0.6 });
      }
    } else neckBand(k, s, 1.8);
    if (s.sleeve && s.sleeve.len < 20) {
      // A turned hem on each sleeve.
      const g = sleeve!;
      seam(
        k.cv,
        path([g.o1[0] - 1.7 * Math.sin(0.6), g.o1[1] - 2], [['L', g.i1[0] - 1.2, g.i1[1] - 1.8]]),
        k.c,
        0.6,
        0.45,
      );
    }
    seam(k.cv, path([-s.hemW + 0.4, s.hemY - 2], [['L', s.hemW - 0.4, s.hemY - 2]]), k.c, 0.6, 0.4);
  }
  if (cut === 'tank') {
    const edge = path(
      [-s.neckW, 0.1],
      [
        ['C', -s.neckW * 0.72, s.depth * 0.45, -s.neckW * 0.72, s.depth, 0, s.depth],
        ['C', s.neckW * 0.72, s.depth, s.neckW, s.depth * 0.45, s.neckW, 0.1],
      ],
    );
    k.cv.push(
      `<path d="${edge}" fill="none" stroke="${tones(k.c).seam}" stroke-width="0.5" opacity="0.6" transform="translate(0 1)"/>`,
    );
  }
  if (cut === 'cami') {
    k.cv.push(
      `<path d="${pair([6.4, 10.4], [['Q', 7.4, 5, 9, 1.6]])}" fill="none" stroke="${shade(k.c, 0.2)}" stroke-width="0.8" stroke-linecap="round"/>`,
    );
    k.cv.measure('M9 1.6');
  }
  if (cut === 'corset') {
    // Boning: curved seams from the bust to the point.
    const lines =
      pair([4, 13.5], [['Q', 3.2, 34, 3.6, s.hemY + 2]]) +
      pair([9.5, 12], [['Q', 7.6, 34, 8.6, s.hemY + 0.6]]) +
      pair([14.5, 15], [['Q', 12, 34, 13.2, s.hemY]]);
    seam(k.cv, lines, k.c, 0.9, 0.65);
    k.cv.push(
      `<path d="${lines}" fill="none" stroke="#fff" stroke-width="0.5" opacity="0.15" transform="translate(0.7 0)"/>`,
    );
    if (p.sleeves === 'straps') {
      k.cv.push(
        `<path d="${pair([7, 11.6], [['Q', 7.6, 6, 9, 2.6]])}" fill="none" stroke="${k.c}" stroke-width="0.9" stroke-linecap="round"/>`,
      );
      k.cv.measure('M9 2.2M-9 2.2');
    }
    if (k.back) lacing(k, 16, s.hemY - 3);
  }
  if (p.fabric === 'sequin' && !k.back) {
    // Catching the light: a few bright glints.
    const glints = [
      [-6, 24],
      [5, 33],
      [-2, 45],
      [9, 50],
      [-10, 40],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y! - 1.4}L${x! + 0.3} ${y! - 0.3}L${x! + 1.4} ${y}L${x! + 0.3} ${y! + 0.3}L${x} ${y! + 1.4}L${x! - 0.3} ${y! + 0.3}L${x! - 1.4} ${y}L${x! - 0.3} ${y! - 0.3}Z" fill="#fffbea" opacity="0.9"/>`,
      )
      .join('');
    k.cv.push(glints);
  }
  if (p.motifs?.length) drawMotifs(k, p, s, shapes, sleeve);
  return cut === 'corset' ? [0, 20] : cut === 'polo' ? [0, 8] : [0, 14];
}

export function drawShirt(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'classic';
  const over = p.fit === 'oversized' || p.fit === 'relaxed' || p.fit === 'boxy';
  const s: UpperSpec = over
    ? {
        sw: 23.5,
        sy: 6.5,
        aw: 21,
        ay: 26,
        ww: 20,
        hemY: 78,
        hemW: 21,
        hem: 'curved',
        neck: 'crew',
        depth: 4.5,
        neckW: 6.6,
        sleeve: LONG({ len: 50, angle: 13, end: 8, cuff: 'shirt' }),
      }
    : {
        sw: 20,
        sy: 3.6,
        aw: 18,
        ay: 22,
        ww: 16.2,
        hemY: 72,
        hemW: 17.8,
        hem: 'curved',
        neck: 'crew',
        depth: 4.5,
        neckW: 6.5,
        sleeve: LONG({ len: 56, angle: 11, end: 7, cuff: 'shirt' }),
      };
  if (cut === 'camp')
    Object.assign(s, {
      neck: 'v',
      depth: 15,
      sw: 21,
      sy: 4.2,
      aw: 19.4,
      ay: 23,
      ww: 19,
      hemW: 19.6,
      hemY: 68,
      hem: 'straight',
      sleeve: SHORT({ len: 14, angle: 30, end: 11 }),
    });
  if (cut === 'blouse')
    Object.assign(s, {
      neck: 'v',
      depth: 12,
      ww: 16.5,
      hemW: 18,
      hemY: 66,
      hem: 'rounded',
      sleeve: LONG({ shape: 'blouson', cuff: 'button', end: 6 }),
    });
  if (p.sleeves) s.sleeve = sleeveFor(p, s.sleeve);
  if (worn.tucked) Object.assign(s, { hemY: BODY.waistY + 8, hemW: s.ww + 1.2, hem: 'straight' });
  const folds =
    path([8, 30], [['Q', 10, 42, 8.5, 54]]) +
    path([-11, 40], [['Q', -9, 50, -11, 60]]) +
    (over ? path([14, 32], [['Q', 16, 50, 15, 68]]) : '');
  const { sleeve, shapes } = upperBody(k, s, { folds, inside: cut === 'camp' || cut === 'blouse' });
  const thread = cut === 'western' ? k.c2 : tones(k.c).seam;
  if (k.back) {
    if (cut === 'western') {
      seam(
        k.cv,
        path(
          [-s.sw + 1, 8],
          [
            ['L', -5, 8],
            ['L', 0, 13],
            ['L', 5, 8],
            ['L', s.sw - 1, 8],
          ],
        ),
        k.c,
        1,
        0.7,
      );
      k.cv.push(
        `<path d="${path(
          [-s.sw + 1, 8.6],
          [
            ['L', -5, 8.6],
            ['L', 0, 13.6],
            ['L', 5, 8.6],
            ['L', s.sw - 1, 8.6],
          ],
        )}" fill="none" stroke="${k.c2}" stroke-width="0.45"/>`,
      );
    } else backYoke(k, s, 9);
  }
  if (cut === 'camp') campCollar(k, s);
  else if (cut === 'blouse') {
    if (!k.back) {
      placket(k, s.depth + 1, s.hemY - 1, { gap: 7, hidden: false, r: 0.6 });
      bow(k, [0, 3], 0.9);
    } else neckBand(k, s, 1.6, k.cloth);
  } else {
    pointCollar(k, s, {
      long: cut === 'silk' || (p.collar === 'point' && p.fabric === 'silk'),
      buttonDown: p.collar === 'button-down',
      spread: cut === 'silk' ? 6 : 5.5,
    });
  }
  if (!k.back && cut !== 'blouse') {
    if (cut === 'camp') placket(k, s.depth + 1, s.hemY - 1, { gap: 9, hidden: false });
    else
      placket(k, 5.5, s.hemY + (worn.tucked ? -2 : 3), {
        gap: 8,
        hidden: p.closure === 'hidden',
        snaps: p.closure === 'snaps' || cut === 'western',
        r: 0.65,
      });
    if (cut === 'western') {
      // Pointed yokes, piped, and flap pockets with pointed flaps.
      const yoke = pair(
        [s.sw - 1.2, 8],
        [
          ['L', 12, 11],
          ['L', 9, 14.5],
          ['L', 6, 11],
          ['L', 1.8, 11.5],
        ],
      );
      seam(k.cv, yoke, k.c, 0.9, 0.7);
      k.cv.push(`<path d="${yoke}" fill="none" stroke="${k.c2}" stroke-width="0.45" transform="translate(0 0.6)"/>`);
      patchPocket(k, 5, 18, 7.5, 7.5, { flap: true, point: true, thread });
      patchPocket(k, -12.5, 18, 7.5, 7.5, { flap: true, point: true, thread });
    } else if (
      p.pockets !== 'none' &&
      (p.pockets === 'chest' || p.pockets === 'patch' || cut === 'classic' || cut === 'oxford')
    ) {
      patchPocket(k, 4.2, 19, 6.8, 7.8);
    }
  }
  if (p.motifs?.length) drawMotifs(k, p, s, shapes, sleeve);
  return cut === 'blouse' ? [0, 6] : [3, 10];
}

export function drawKnit(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'crew';
  const crop = p.length === 'crop';
  const s: UpperSpec = {
    sw: 20.2,
    sy: 4.2,
    aw: 18.2,
    ay: 23,
    ww: 17,
    hemY: crop ? 46 : 67,
    hemW: crop ? 16.5 : 16.6,
    hem: 'straight',
    neck: 'crew',
    depth: 5,
    neckW: 6.4,
    sleeve: LONG({ len: 57, angle: 11, end: 6.2, cuff: 'rib' }),
  };
  if (cut === 'cardigan') Object.assign(s, { neck: 'v', depth: crop ? 17 : 22, neckW: 6.2 });
  if (p.neckline === 'turtle') Object.assign(s, { depth: 3.5 });
  if (p.sleeves) s.sleeve = sleeveFor(p, s.sleeve);
  if (worn.tucked) Object.assign(s, { hemY: BODY.waistY + 8 });
  const folds = path([9, 32], [['Q', 11, 44, 9, s.hemY - 8]]) + path([-7, 40], [['Q', -5, 48, -7, s.hemY - 7]]);
  upperBody(k, s, { folds, inside: !worn.over });
  ribHem(k, s, crop ? 4 : 5);
  if (cut === 'cardigan') {
    if (!k.back) {
      const band = pair(
        [s.neckW, 0.1],
        [
          ['Q', s.neckW * 0.55, s.depth * 0.45, 0.2, s.depth],
          ['L', 0.2, s.hemY],
        ],
      );
      k.cv.push(`<path d="${band}" fill="none" stroke="${shade(k.c, 0.12)}" stroke-width="2.6"/>`);
      k.cv.push(
        `<path d="${band}" fill="none" stroke="${shade(k.c, 0.25)}" stroke-width="0.3" stroke-dasharray="0.5 0.5"/>`,
      );
      if (p.colour2)
        k.cv.push(`<path d="${band}" fill="none" stroke="${k.c2}" stroke-width="0.5" transform="translate(0 0.2)"/>`);
      for (let y = s.depth + 3; y < s.hemY - 2; y += crop ? 6.5 : 8) button(k.cv, 0, y, 0.7, buttonColour(k));
    } else neckBand(k, s, 2.2);
  } else if (p.neckline === 'turtle') turtleNeck(k, s);
  else neckBand(k, s, 2.4);
  return [0, 30];
}

export function drawHoodie(k: Kit, p: Piece, worn: Worn = {}): Focus {
  void worn;
  const cut = p.cut ?? (p.collar === 'hood' ? 'pullover' : 'crew');
  const crop = p.length === 'crop';
  const relaxed = p.fit === 'oversized' || p.fit === 'boxy' || p.fit === 'relaxed';
  const s: UpperSpec = relaxed
    ? {
        sw: 23.5,
        sy: 6.5,
        aw: 21,
        ay: 26.5,
        ww: 19.5,
        hemY: crop ? 48 : 70,
        hemW: 18.6,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.8,
        sleeve: LONG({ len: 52, angle: 13, end: 6.8, cuff: 'rib' }),
      }
    : {
        sw: 21,
        sy: 4.6,
        aw: 19,
        ay: 24,
        ww: 18,
        hemY: crop ? 47 : 68,
        hemW: 17.2,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.6,
        sleeve: LONG({ len: 56, angle: 11.5, end: 6.4, cuff: 'rib' }),
      };
  if (crop) s.hemW = s.ww + 0.4;
  const closure = p.closure ?? (cut === 'zip' ? 'zip' : cut === 'half-zip' ? 'half-zip' : 'none');
  const hooded = p.collar === 'hood' || cut === 'pullover' || cut === 'zip';
  const folds = path([10, 32], [['Q', 12, 44, 10.5, s.hemY - 8]]) + path([-6, 40], [['Q', -4, 48, -7, s.hemY - 7]]);
  if (hooded && !k.back) hood(k, s, { cords: true });
  const { sleeve, shapes } = upperBody(k, s, { folds, inside: !hooded });
  ribHem(k, s, crop ? 5.5 : 4.6);
  // Contrast nylon trims (a chest pocket, binding) on pile fleeces and technical overlays.
  const trim = p.colour2 && (p.fabric === 'sherpa' || has(p, 'overlays')) ? k.c2 : null;
  if (hooded && k.back) hood(k, s);
  if (!hooded) {
    if (closure === 'half-zip' || p.collar === 'stand') {
      standCollar(k, s, 5, { zip: closure === 'half-zip', ...(trim && p.fabric === 'sherpa' ? {} : {}) });
      if (closure === 'half-zip' && !k.back) {
        zip(k.cv, path([0, -3.5], [['L', 0, 17]]), k.c, hw(k), [0.2, -3.6]);
        k.cv.push(
          `<path d="M-2 -4V17.5M2 -4V17.5" stroke="${trim ?? tones(k.c).seam}" stroke-width="${trim ? 1.4 : 0.5}" opacity="${trim ? 0.85 : 0.45}"/>`,
        );
      }
    } else neckBand(k, s, 2.4);
  }
  if (!k.back) {
    if (closure === 'zip') {
      zip(k.cv, path([0, 6], [['L', 0, s.hemY + 0.6]]), k.c, hw(k), [0.3, 6.5]);
    }
    const pockets = p.pockets ?? (hooded ? (closure === 'zip' ? 'split' : 'kangaroo') : 'none');
    if (pockets === 'kangaroo') {
      const y0 = s.hemY - 22;
      const y1 = s.hemY - 4.6;
      const d = sym(
        [0, y0],
        [
          ['L', 8.5, y0],
          ['Q', 10.5, y0 + 7, 13.5, y1 - 5],
          ['L', 13.5, y1],
          ['L', 0, y1],
        ],
      );
      paint(k.cv, d, k.cloth, {
        light: 'flat',
        noShadow: true,
        folds: path([-6, y0 + 3], [['Q', 0, y0 + 5, 6, y0 + 3]]),
      });
      stitch(k.cv, pair([8.2, y0 + 1], [['Q', 10, y0 + 7, 12.8, y1 - 5.4]]), tones(k.c).seam, 0.6);
    } else if (pockets === 'split') {
      seam(k.cv, pair([4.5, s.hemY - 18], [['Q', 7, s.hemY - 10, 12.5, s.hemY - 6]]), k.c, 1, 0.6);
    } else if (pockets === 'chest' || trim) {
      const d = path(
        [4.5, 17],
        [
          ['L', 11.5, 17],
          ['L', 11.5, 26],
          ['L', 4.5, 26],
        ],
        true,
      );
      paint(k.cv, d, trim ? { ...k.cloth, base: k.c2, fabric: 'nylon', print: 'none' } : k.cloth, {
        light: 'flat',
        noShadow: true,
      });
      if (!trim) zip(k.cv, path([5, 17.6], [['L', 11, 17.6]]), k.c, hw(k));
    }
  }
  if (trim) {
    // Contrast binding on a fleece.
    k.cv.push(`<path d="${path([-s.hemW, s.hemY], [['L', s.hemW, s.hemY]])}" stroke="${k.c2}" stroke-width="1.6"/>`);
  }
  if (p.motifs?.length) drawMotifs(k, p, s, shapes, sleeve);
  const m = p.motifs ?? [];
  if (m.includes('ramen') || m.includes('butterflies'))
    return k.back && m.includes('ramen') ? [0, 30] : m.includes('ramen') ? [8, 22] : [0, 34];
  if (m.includes('wings')) return k.back ? [0, 24] : [0, 8];
  return closure === 'half-zip' ? [0, 4] : hooded ? [0, 2] : [0, 30];
}

/** Motifs of a top: chest marks, prints, stripes. */
function drawMotifs(
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

// ---------------------------------------------------------------------------------------------
// Jackets and coats

export function drawJacket(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'blazer';
  const base: UpperSpec = {
    sw: 20.6,
    sy: 3,
    aw: 18.4,
    ay: 22.5,
    ww: 16.4,
    hemY: 72,
    hemW: 19,
    hem: 'straight',
    neck: 'open',
    depth: 30,
    neckW: 6.6,
    sleeve: LONG({ len: 57, angle: 10, end: 7.4 }),
  };
  const s: UpperSpec = { ...base };
  const inside = !worn.over;
  const m = metal(hw(k));
  switch (cut) {
    case 'blazer':
    case 'tuxedo': {
      const dbl = p.closure === 'double';
      if (p.length === 'crop') Object.assign(s, { hemY: 58, hemW: 17.5 });
      if (dbl) s.depth = 28;
      const folds = pair([10, 30], [['Q', 12, 44, 11, s.hemY - 6]]);
      upperBody(k, s, { folds, inside });
      panelSeams(k, s, 9.5);
      if (!k.back) {
        const lapel = p.collar === 'peak' || dbl ? 'peak' : p.collar === 'shawl' ? 'shawl' : 'notch';
        lapels(k, s, lapel, { satin: p.details?.includes('satin-lapels'), breakY: s.depth });
        if (dbl) {
          seam(
            k.cv,
            path(
              [0.6, s.depth],
              [
                ['L', -5.6, s.depth + 3],
                ['L', -5.6, s.hemY + 0.4],
              ],
            ),
            k.c,
            1,
            0.7,
          );
          for (const y of [s.depth + 5, s.depth + 12.5, s.depth + 20]) {
            button(k.cv, 4.2, y, 1, buttonColour(k));
            button(k.cv, -3.2, y, 1, buttonColour(k));
          }
        } else {
          seam(
            k.cv,
            path(
              [0.6, s.depth],
              [
                ['L', 0.6, s.hemY - 9],
                ['Q', 1, s.hemY - 2, 6, s.hemY + 0.4],
              ],
            ),
            k.c,
            1,
            0.7,
          );
          button(k.cv, 0.6, s.depth + 3, 1, buttonColour(k));
          if (p.length !== 'crop') button(k.cv, 0.6, s.depth + 11, 1, buttonColour(k));
        }
        flapPocket(k, 6.5, s.hemY - 15, 9.5);
        flapPocket(k, -16, s.hemY - 15, 9.5);
        flapPocket(k, 6.5, 25.5, 6, { welt: true, slant: 0.8 });
      } else {
        lapels(k, s, 'notch');
        seam(k.cv, path([0, 2], [['L', 0, s.hemY - 10]]), k.c, 0.9, 0.55);
        paint(
          k.cv,
          path(
            [0, s.hemY - 10],
            [
              ['L', 1.2, s.hemY + 0.5],
              ['L', -1.2, s.hemY + 0.5],
            ],
            true,
          ),
          { ...k.cloth, print: 'none' },
          { light: 'flat', plain: true, dim: 0.3, noShadow: true },
        );
      }
      cuffButtons(k, s);
      return [5, s.depth - 6];
    }
    case 'tweed': {
      Object.assign(s, { neck: 'crew', depth: 7, neckW: 7, ww: 18, hemW: 18.6, hemY: 54, sw: 20.2, sy: 4, aw: 18.6 });
      upperBody(k, s, { folds: pair([10, 28], [['Q', 11, 40, 10, 52]]), inside });
      const trim = k.c2;
      if (!k.back) {
        const front = path([0, s.depth], [['L', 0, s.hemY + 0.6]]);
        fringe(
          k,
          path(
            [-s.neckW, 0.1],
            [
              ['C', -s.neckW * 0.6, s.depth, 0, s.depth, 0, s.depth],
              ['C', 0, s.depth, s.neckW * 0.6, s.depth, s.neckW, 0.1],
            ],
          ),
          trim,
          1.4,
        );
        fringe(k, front, trim, 1.4);
        for (let y = s.depth + 5; y < s.hemY - 3; y += 9) button(k.cv, 1.6, y, 1.1, '#f4efe6');
        patchPocket(k, 4.5, 38, 8, 8);
        patchPocket(k, -12.5, 38, 8, 8);
        fringe(k, path([4.5, 38.3], [['L', 12.5, 38.3]]) + path([-12.5, 38.3], [['L', -4.5, 38.3]]), trim, 1.1);
        patchPocket(k, 5, 18, 6.5, 6);
        patchPocket(k, -11.5, 18, 6.5, 6);
      } else neckBand(k, s, 1.4, k.cloth);
      fringe(k, path([-s.hemW, s.hemY + 0.2], [['Q', 0, s.hemY + 0.9, s.hemW, s.hemY + 0.2]]), trim, 1.4);
      return [1.6, s.depth + 6];
    }
    case 'biker': {
      Object.assign(s, {
        neck: 'open',
        depth: 20,
        ww: 15.4,
        hemW: 16,
        hemY: 57,
        aw: 18,
        sw: 20.2,
        sleeve: LONG({ len: 56, angle: 10, end: 6.8 }),
      });
      const g = upperBody(k, s, { folds: pair([9, 26], [['Q', 10, 38, 9, 50]]), inside }).sleeve;
      waistBelt(k, s.hemY - 2, s.hemW, 'buckle', { height: 3.4 });
      if (!k.back) {
        lapels(k, s, 'wide-notch', { breakY: 20, width: 7.5 });
        zip(k.cv, path([7.5, 12], [['C', 5, 24, -1, 36, -3.5, s.hemY - 3.6]]), k.c, 'silver', [7.6, 12]);
        zip(k.cv, path([10, 19], [['L', 14.6, 31]]), k.c, 'silver');
        zip(k.cv, path([-13.5, 41], [['L', -8, 49]]), k.c, 'silver');
        for (const x of [1, -1])
          k.cv.push(
            `<path d="M${f(x * 9)} 1.6L${f(x * 18)} 3.4L${f(x * 18)} 6L${f(x * 9)} 4.2Z" fill="${shade(k.c, -0.06)}" stroke="${tones(k.c).edge}" stroke-width="0.3"/><circle cx="${f(x * 10.5)}" cy="3" r="0.7" fill="${m.fill}"/>`,
          );
      } else lapels(k, s, 'notch');
      if (g) {
        const sx = g.o1[0] - 1.2;
        zip(
          k.cv,
          path([sx, g.o1[1] - 8], [['L', sx + 0.4, g.o1[1] - 0.4]]) +
            path([-sx, g.o1[1] - 8], [['L', -sx - 0.4, g.o1[1] - 0.4]]),
          k.c,
          'silver',
        );
      }
      return [6, 14];
    }
    case 'denim': {
      Object.assign(s, {
        neck: 'crew',
        depth: 5,
        ww: 17.6,
        hemW: 17.6,
        hemY: 60,
        sw: 20.8,
        aw: 18.8,
        sleeve: LONG({ len: 56, angle: 11, end: 7.2, cuff: 'button' }),
      });
      const thread = '#c48a3a';
      upperBody(k, s, { folds: pair([10, 30], [['Q', 11, 44, 10, 54]]), inside });
      const band = sym(
        [0, s.hemY - 4.4],
        [
          ['L', s.hemW, s.hemY - 4.4],
          ['L', s.hemW, s.hemY + 0.6],
          ['L', 0, s.hemY + 0.6],
        ],
      );
      paint(k.cv, band, k.cloth, { light: 'body', noShadow: true });
      stitch(
        k.cv,
        path([-s.hemW + 0.6, s.hemY - 3.6], [['L', s.hemW - 0.6, s.hemY - 3.6]]) +
          path([-s.hemW + 0.6, s.hemY - 0.2], [['L', s.hemW - 0.6, s.hemY - 0.2]]),
        thread,
        0.6,
      );
      pointCollar(k, s, { spread: 6.5, cloth: k.cloth });
      if (!k.back) {
        placket(k, 5, s.hemY, { gap: 8.5, r: 0.95 });
        stitch(k.cv, pair([2.6, 5], [['L', 2.6, s.hemY - 4.4]]), thread, 0.6);
        stitch(
          k.cv,
          pair([7.6, 26], [['L', 7.6, s.hemY - 4.4]]) + pair([13.2, 26], [['L', 13.8, s.hemY - 4.4]]),
          thread,
          0.6,
        );
        seam(
          k.cv,
          pair(
            [s.sw - 1.4, 10.5],
            [
              ['L', 11, 13],
              ['L', 3.8, 13],
            ],
          ),
          k.c,
          0.8,
          0.6,
        );
        stitch(
          k.cv,
          pair(
            [s.sw - 1.6, 11.3],
            [
              ['L', 11, 13.8],
              ['L', 3.8, 13.8],
            ],
          ),
          thread,
          0.55,
        );
        patchPocket(k, 4.6, 17.5, 7.4, 7.6, { flap: true, point: true, button: true, thread });
        patchPocket(k, -12, 17.5, 7.4, 7.6, { flap: true, point: true, button: true, thread });
        seam(k.cv, pair([9, 42], [['L', 12.5, 52]]), k.c, 1, 0.55);
      } else {
        seam(
          k.cv,
          path(
            [-s.sw + 1.5, 12],
            [
              ['L', -5, 14],
              ['L', 0, 17],
              ['L', 5, 14],
              ['L', s.sw - 1.5, 12],
            ],
          ),
          k.c,
          1,
          0.6,
        );
        stitch(k.cv, pair([7, 15], [['L', 7.6, s.hemY - 4.4]]), thread, 0.6);
      }
      return [7.5, 20];
    }
    case 'quilted':
    case 'field':
    case 'shirt': {
      const field = cut === 'field';
      Object.assign(s, {
        neck: 'crew',
        depth: 5,
        ww: 17.4,
        hemW: 18.2,
        hemY: field ? 70 : 66,
        sw: 20.6,
        aw: 18.8,
        sleeve: LONG({ len: 56, angle: 11, end: 7.2, cuff: field ? 'button' : 'band' }),
      });
      upperBody(k, s, { folds: pair([10, 30], [['Q', 11, 44, 10, s.hemY - 8]]), inside });
      const collarCloth: Cloth =
        p.collar === 'corduroy' || cut === 'quilted'
          ? { ...k.cloth, base: k.c2, fabric: 'corduroy', print: 'none' }
          : k.cloth;
      pointCollar(k, s, { spread: 6, cloth: collarCloth });
      if (cut === 'quilted') {
        k.cv.push(
          `<path d="${path([-s.hemW, s.hemY + 0.1], [['L', s.hemW, s.hemY + 0.1]])}" stroke="${k.c2}" stroke-width="1.4"/>`,
        );
      }
      if (!k.back) {
        placket(k, 5.5, s.hemY, { gap: 8, snaps: cut === 'quilted', r: 0.9 });
        if (cut === 'quilted') {
          k.cv.push(`<path d="M0.6 5.5V${f(s.hemY)}" stroke="${k.c2}" stroke-width="1.2"/>`);
          flapPocket(k, 6, s.hemY - 16, 8, { welt: true, slant: 2 });
          flapPocket(k, -14, s.hemY - 18, 8, { welt: true, slant: -2 });
        } else {
          patchPocket(k, 4.4, 17, 7.6, 8, { flap: true, button: true });
          patchPocket(k, -12, 17, 7.6, 8, { flap: true, button: true });
          patchPocket(k, 4.2, 45, 9.2, 10.5, { flap: true, button: true });
          patchPocket(k, -13.4, 45, 9.2, 10.5, { flap: true, button: true });
          waistBelt(k, BODY.waistY - 2, s.ww, 'drawcord');
        }
      }
      return cut === 'quilted' ? [4, 6] : [8, 20];
    }
    case 'shell':
    case 'wind':
    case 'down':
    case 'puffer':
    case 'fleece':
    case 'track':
    case 'bomber':
    case 'gilet':
      return drawSportJacket(k, p, s, cut);
    default: {
      upperBody(k, s, { inside });
      lapels(k, s, 'notch', { breakY: s.depth });
      return [5, 20];
    }
  }
}

/**
 * The sport and padded jackets (shell, windbreaker, down, puffer, fleece, track, bomber, gilet):
 * the dispatch of drawJacket hands them the spec it started from.
 */
function drawSportJacket(k: Kit, p: Piece, s: UpperSpec, cut: string): Focus {
  const puffy = cut === 'down' || cut === 'puffer' || cut === 'gilet';
  Object.assign(s, {
    neck: 'crew',
    depth: 4.5,
    ww: puffy ? 18.6 : 17.6,
    hemW: puffy ? 18.4 : 18,
    hemY: cut === 'shell' || cut === 'wind' ? 70 : cut === 'fleece' ? 66 : 63,
    sw: puffy ? 21.5 : 21,
    aw: puffy ? 19.6 : 19,
    ay: 23.5,
    sleeve:
      cut === 'gilet'
        ? null
        : LONG({
            len: 56,
            angle: 11.5,
            end: puffy ? 8.4 : 7.4,
            cuff: cut === 'track' || cut === 'bomber' ? 'rib' : 'band',
          }),
  });
  const cloth: Cloth = puffy ? { ...k.cloth, fabric: 'puffer' } : k.cloth;
  const hooded = p.collar === 'hood' || cut === 'shell' || cut === 'wind';
  if (hooded && !k.back) hood({ ...k, cloth }, s, { cords: false });
  const { sleeve } = upperBody({ ...k, cloth }, s, {
    folds: pair([10, 28], [['Q', 11, 42, 10, s.hemY - 8]]),
    inside: false,
    cloth,
  });
  if (hooded && k.back) hood({ ...k, cloth }, s);
  if (cut === 'track' || cut === 'bomber') ribHem(k, s, 4.4);
  if (!hooded)
    standCollar({ ...k, cloth }, s, cut === 'fleece' || cut === 'track' ? 4.6 : 5.4, {
      cloth: cut === 'track' || cut === 'bomber' ? { ...k.cloth, fabric: 'rib' } : cloth,
    });
  if (!k.back) {
    if (cut === 'shell' || cut === 'wind') {
      // Storm flap over the zip, chest zips.
      paint(
        k.cv,
        path(
          [-1.6, 2.5],
          [
            ['L', 2.2, 2.5],
            ['L', 2.2, s.hemY + 0.4],
            ['L', -1.6, s.hemY + 0.4],
          ],
          true,
        ),
        cloth,
        { light: 'flat', noShadow: true },
      );
      zip(k.cv, path([5, 24], [['L', 12.5, 18]]), k.c, 'gunmetal');
      zip(k.cv, path([-5, 24], [['L', -12.5, 18]]), k.c, 'gunmetal');
      zip(k.cv, path([11, 50], [['L', 15, 60]]) + path([-11, 50], [['L', -15, 60]]), k.c, 'gunmetal');
      waistBelt(k, s.hemY - 3, s.hemW - 1, 'drawcord');
    } else {
      zip(
        k.cv,
        path([0, cut === 'fleece' || cut === 'track' ? -3.6 : -4.4], [['L', 0, s.hemY + 0.4]]),
        k.c,
        cut === 'fleece' ? 'gunmetal' : hw(k),
        [0.3, -3.8],
      );
      if (cut === 'fleece') {
        const d = path(
          [4, 16],
          [
            ['L', 11.5, 16],
            ['L', 11.5, 25],
            ['L', 4, 25],
          ],
          true,
        );
        paint(k.cv, d, { ...k.cloth, base: k.c2, fabric: 'nylon', print: 'none' }, { light: 'flat', noShadow: true });
        zip(k.cv, path([4.6, 16.8], [['L', 10.8, 16.8]]), k.c2, 'gunmetal');
        k.cv.push(
          `<path d="M-0.2 -3.4V${f(s.hemY)}M${f(-s.hemW)} ${f(s.hemY)}H${f(s.hemW)}" stroke="${k.c2}" stroke-width="1.5"/>`,
        );
      } else {
        seam(k.cv, pair([6, s.hemY - 18], [['L', 10, s.hemY - 8]]), k.c, 1, 0.6);
      }
    }
  } else if (!hooded && cut !== 'track') {
    seam(k.cv, path([-s.sw + 1, 10], [['Q', 0, 12, s.sw - 1, 10]]), k.c, 0.8, 0.4);
  }
  if (cut === 'track' && sleeve) sleeveStripes(k, sleeve, k.c2);
  if (cut === 'shell' || cut === 'wind') {
    // Taped seams: a faint seam over the shoulder and round the elbow.
    seam(k.cv, pair([s.neckW + 1, 0.6], [['L', s.aw - 1, s.ay - 2]]), k.c, 0.8, 0.45);
  }
  return cut === 'fleece' ? [7, 20] : hooded ? [0, 0] : [0, 8];
}

function cuffButtons(k: Kit, s: UpperSpec): void {
  const sl = s.sleeve;
  if (!sl) return;
  const a = (sl.angle * Math.PI) / 180;
  const ox = s.sw - 0.4 + Math.sin(a) * sl.len;
  const oy = s.sy + Math.cos(a) * sl.len;
  for (let i = 0; i < 3; i++) {
    const x = ox - Math.cos(a) * 1.3 - Math.sin(a) * (2.2 + i * 1.4);
    const y = oy + Math.sin(a) * 1.3 - Math.cos(a) * (2.2 + i * 1.4);
    button(k.cv, x, y, 0.5, buttonColour(k));
    button(k.cv, -x, y, 0.5, buttonColour(k));
  }
}

export function drawCoat(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'overcoat';
  const hemY = p.length === 'hip' ? 72 : p.length === 'midi' ? 124 : 112;
  const s: UpperSpec = {
    sw: 21,
    sy: 3.5,
    aw: 18.8,
    ay: 23,
    ww: 17.4,
    hemY,
    hemW: 23,
    hem: 'straight',
    neck: 'open',
    depth: 30,
    neckW: 6.6,
    sleeve: LONG({ len: 58, angle: 10, end: 8 }),
  };
  const folds = hangingFolds([10, 17, -10, -17], 60, hemY, 1.2) + pair([10, 28], [['Q', 12, 40, 11, 52]]);
  const inside = !worn.over;
  switch (cut) {
    case 'wrap': {
      Object.assign(s, {
        sw: 23.5,
        sy: 6.5,
        aw: 21,
        ay: 27,
        ww: 18.6,
        hemW: 24.5,
        depth: 38,
        neckW: 6.4,
        sleeve: LONG({ len: 54, angle: 11, end: 9, cuff: 'band' }),
      });
      upperBody(k, s, { folds, inside });
      if (!k.back) {
        seam(k.cv, path([0.8, 38], [['C', -1, 60, -4, 90, -5.5, hemY + 0.6]]), k.c, 1.2, 0.75);
        lapels(k, s, 'shawl', { breakY: 38, width: 10 });
        patchPocket(k, 8, 64, 10, 12);
        patchPocket(k, -18, 64, 10, 12);
        waistBelt(k, BODY.waistY + 2, s.ww, 'tie', { height: 3.4 });
      } else {
        lapels(k, s, 'shawl');
        waistBelt(k, BODY.waistY + 2, s.ww, 'self', { height: 3.4 });
      }
      return [6, 38];
    }
    case 'trench': {
      Object.assign(s, { depth: 24, sleeve: LONG({ len: 57, angle: 10, end: 8.4 }) });
      upperBody(k, s, { folds, inside });
      if (!k.back) {
        lapels(k, s, 'wide-notch', { breakY: 24, width: 8 });
        paint(
          k.cv,
          path(
            [7, 6],
            [
              ['L', s.sw - 1, 4.5],
              ['L', s.aw + 0.4, 19],
              ['L', 9, 21.5],
            ],
            true,
          ),
          k.cloth,
          { light: 'flat', noShadow: true },
        );
        seam(
          k.cv,
          path(
            [0.6, 24],
            [
              ['L', -6, 27],
              ['L', -6, hemY + 0.5],
            ],
          ),
          k.c,
          1.1,
          0.7,
        );
        for (const y of [29, 36, 52, 60]) {
          button(k.cv, 4.5, y, 1, buttonColour(k));
          button(k.cv, -3.6, y, 1, buttonColour(k));
        }
        flapPocket(k, 8, 62, 8, { slant: -4 });
        flapPocket(k, -16, 58, 8, { slant: 4 });
      } else {
        lapels(k, s, 'notch');
        paint(
          k.cv,
          path(
            [-s.sw + 0.6, 3.6],
            [
              ['Q', 0, 0, s.sw - 0.6, 3.6],
              ['L', s.aw, 26],
              ['Q', 0, 30, -s.aw, 26],
            ],
            true,
          ),
          k.cloth,
          { light: 'body', noShadow: true },
        );
        seam(k.cv, path([0, 40], [['L', 0, hemY - 20]]), k.c, 0.9, 0.5);
      }
      for (const x of [1, -1])
        k.cv.push(
          `<path d="M${f(x * 9)} 1.4L${f(x * 19.5)} 3.4L${f(x * 19.5)} 6L${f(x * 9)} 4Z" fill="${shade(k.c, -0.05)}" stroke="${tones(k.c).edge}" stroke-width="0.3"/>`,
        );
      waistBelt(k, BODY.waistY, s.ww, 'buckle', { height: 3.6 });
      return [4, 30];
    }
    case 'puffer':
    case 'parka': {
      const puffer = cut === 'puffer';
      Object.assign(s, {
        neck: 'crew',
        depth: 4.5,
        sw: 22,
        sy: 5,
        aw: 20,
        ay: 24.5,
        ww: 19.5,
        hemW: 21.5,
        hemY: p.length === 'hip' ? 72 : 96,
        sleeve: LONG({ len: 56, angle: 12, end: 8.6, cuff: 'band' }),
      });
      const cloth: Cloth = puffer ? { ...k.cloth, fabric: 'puffer' } : k.cloth;
      if (!k.back) hood({ ...k, cloth }, s, { trim: cut === 'parka' ? '#cbb79a' : undefined });
      upperBody({ ...k, cloth }, s, { folds, cloth, inside: false });
      if (k.back) hood({ ...k, cloth }, s);
      if (!k.back) {
        zip(k.cv, path([0, 3], [['L', 0, s.hemY]]), k.c, 'gunmetal', [0.3, 3.4]);
        if (!puffer) {
          placket(k, 3, s.hemY, { snaps: true, gap: 9, x: 2.6 });
          patchPocket(k, 4.8, 22, 8, 9, { flap: true });
          patchPocket(k, -12.8, 22, 8, 9, { flap: true });
          patchPocket(k, 5, 58, 10, 12, { flap: true });
          patchPocket(k, -15, 58, 10, 12, { flap: true });
          waistBelt(k, BODY.waistY + 2, s.ww, 'drawcord');
        }
      }
      return [0, 0];
    }
    default: {
      upperBody(k, s, { folds, inside });
      if (!k.back) {
        lapels(k, s, p.collar === 'peak' ? 'peak' : 'notch', { breakY: 30 });
        seam(k.cv, path([0.6, 30], [['L', 0.6, hemY]]), k.c, 1, 0.7);
        for (const y of [34, 46, 58]) button(k.cv, 0.6, y, 1.1, buttonColour(k));
        flapPocket(k, 8, 62, 9.5);
        flapPocket(k, -17.5, 62, 9.5);
      } else lapels(k, s, 'notch');
      return [5, 28];
    }
  }
}

/** A tie knotted at a collar (worn over a shirt). */
export function drawTie(k: Kit, p: Piece): Focus {
  const knit = p.fabric === 'knit';
  const d = path(
    [-1.6, 4.8],
    [
      ['L', 1.6, 4.8],
      ['L', 1.2, 8],
      ['L', 3.2, 36],
      ['L', 0, 39.5],
      ['L', -3.2, 36],
      ['L', -1.2, 8],
    ],
    true,
  );
  const cloth: Cloth = { ...k.cloth, fabric: knit ? 'knit' : 'silk' };
  paint(
    k.cv,
    path(
      [-1.2, 8],
      [['L', 1.2, 8], knit ? ['L', 3, 37] : ['L', 3.2, 36], knit ? ['L', -3, 37] : ['L', 0, 39.5], ['L', -3.2, 36]],
      true,
    ),
    cloth,
    { light: 'body', noShadow: true },
  );
  void d;
  paint(
    k.cv,
    path(
      [-2, 4],
      [
        ['L', 2, 4],
        ['L', 1.3, 8.4],
        ['L', -1.3, 8.4],
      ],
      true,
    ),
    cloth,
    { light: 'round', noShadow: true },
  );
  return [0, 8];
}

export const UPPER_TYPES = new Set(['top', 'shirt', 'knit', 'hoodie']);
export const OUTER_TYPES = new Set(['jacket', 'coat']);
export const LOWER_TYPES = new Set(['trousers', 'shorts', 'skirt']);

export function colourMix(a: string, b: string, t: number): string {
  return mix(a, b, t);
}

export { ellipse, poly, solid, curve };
