/**
 * Closures, pockets, belts, seams and trims: buttons and their colour, plackets, pockets, the
 * waist belt, yokes and panel seams, smocking, folds, rivets, fringe, lacing and the bow.
 */
import { mix, shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import { button, metal, paint, seam, solid, stitch, tones } from '../fabric/paint';
import { BODY } from '../body';
import { type Pt, type Seg, curve, ellipse, f, pair, path } from '../svg';
import type { Kit, UpperSpec } from './kit';

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
