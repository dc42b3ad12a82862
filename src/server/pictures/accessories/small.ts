/** The small accessories: a belt coiled, a scarf hanging, sunglasses from the front, hats and jewellery. */
import { shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import type { Piece } from '../look/schema';
import type { Kit } from '../parts/kit';
import { curve, ellipse, f, path } from '../svg';
import { fringe, hangingFolds, mirrorAbout } from '../parts/trims';
import { metal, paint, solid, stitch } from '../fabric/paint';
import { roundRect } from '../svg';
import { type Focus, hwKind } from './common';

export function drawBelt(k: Kit, p: Piece): Focus {
  const m = metal(hwKind(k));
  const ring = (cy: number, dim: number) => {
    const outer = ellipse(0, cy, 29, 14.5);
    const inner = ellipse(0, cy + 0.8, 25.4, 11.4);
    paint(k.cv, outer + inner, k.cloth, { light: 'round', dim: dim || undefined, evenodd: true });
  };
  ring(-4, 0.22);
  ring(0, k.back ? 0.08 : 0);
  // The tail end running through the buckle.
  const tail = path(
    [-2, 12.6],
    [
      ['Q', 10, 13.2, 20, 10.6],
      ['L', 23, 11.4],
      ['L', 20.6, 14.2],
      ['Q', 10, 16.6, -2, 15.8],
    ],
    true,
  );
  paint(k.cv, tail, k.cloth, { light: 'flat', noShadow: true });
  for (const x of [8, 12, 16])
    k.cv.push(`<ellipse cx="${x}" cy="${f(14 - (x - 8) * 0.08)}" rx="0.5" ry="0.4" fill="${shade(k.c, 0.55)}"/>`);
  stitch(k.cv, path([-1, 13.4], [['Q', 10, 14, 19.6, 11.6]]), shade(k.c, -0.2), 0.4);
  if (p.details?.includes('horsebit') || k.hardware === 'gold') {
    k.cv.push(
      `<circle cx="-6.5" cy="14.2" r="3.2" fill="none" stroke="${m.edge}" stroke-width="1.6"/><circle cx="-6.5" cy="14.2" r="3.2" fill="none" stroke="${m.fill}" stroke-width="1.1"/>`,
    );
    k.cv.push(
      `<circle cx="2.5" cy="14.2" r="3.2" fill="none" stroke="${m.edge}" stroke-width="1.6"/><circle cx="2.5" cy="14.2" r="3.2" fill="none" stroke="${m.fill}" stroke-width="1.1"/>`,
    );
    k.cv.push(
      `<rect x="-4" y="13.2" width="4" height="2" rx="1" fill="${m.fill}" stroke="${m.edge}" stroke-width="0.3"/><path d="M-8.4 12.2a2.4 2.4 0 0 1 2 -0.8M0.6 12.2a2.4 2.4 0 0 1 2 -0.8" stroke="#fff" stroke-width="0.5" opacity="0.7" fill="none"/>`,
    );
  } else {
    solid(k.cv, roundRect(-4, 11, 7, 6.6, 1.2), 'none', m.fill, 1.2);
  }
  return [-2, 13];
}

export function drawScarf(k: Kit, p: Piece): Focus {
  void p;
  const cloth = k.cloth;
  // Draped over an invisible rail: a back panel, then the front one, with fringe at the ends.
  const back = path(
    [-3, 0],
    [
      ['C', -1, 20, 2, 45, 3, 66],
      ['L', 18, 66.5],
      ['C', 17, 45, 14, 20, 12, -1],
    ],
    true,
  );
  const front = path(
    [-13, -1],
    [
      ['C', -13.5, 22, -15, 50, -15.5, 76],
      ['L', -0.5, 76.6],
      ['C', 0, 50, 1, 22, 2.5, 0],
    ],
    true,
  );
  const top = path(
    [-13, -1],
    [
      ['C', -10, -6.5, 9, -6.5, 12, -1],
      ['L', 2.5, 0],
      ['Q', -5, -2.6, -13, -1],
    ],
    true,
  );
  paint(k.cv, back, cloth, { light: 'body', dim: 0.1, folds: hangingFolds([6, 12], 4, 66, 0.8) });
  paint(k.cv, front, cloth, { light: 'body', folds: hangingFolds([-10, -4], 3, 76, 1) });
  paint(k.cv, top, cloth, { light: 'round', noShadow: true });
  if (k.back) solid(k.cv, roundRect(-10, 60, 5, 3, 0.4), '#f4efe6', shade(k.c, 0.3), 0.4);
  const fr = shade(k.c, 0.05);
  k.cv.push(`<path d="M3.2 66.6V70.6M18 67V71M-15.5 76.6V81M-0.5 77V81.4" stroke="none"/>`);
  fringe(k, path([3.4, 68.4], [['L', 17.8, 68.8]]), fr, 3.8);
  fringe(k, path([-15.3, 78.6], [['L', -0.7, 79]]), fr, 4.2);
  k.cv.measure('M-16 82M19 -6');
  return [-7, 40];
}

export function drawSunglasses(k: Kit, p: Piece): Focus {
  const frame: Cloth = {
    ...k.cloth,
    fabric: p.print === 'tortoise' || k.cloth.print === 'tortoise' ? 'acetate' : 'leather',
    print: 'none',
  };
  const lensShape = path(
    [3.2, -3],
    [
      ['C', 8, -7, 17, -8.5, 24.5, -11],
      ['C', 25.5, -6, 24, 2, 19, 5.4],
      ['C', 14, 8, 6.6, 7, 4, 2.6],
      ['Q', 3, 0, 3.2, -3],
    ],
    true,
  );
  const inner = path(
    [5, -2.2],
    [
      ['C', 9, -5.2, 16.5, -6.4, 22.6, -8.4],
      ['C', 23, -4.8, 21.8, 1.4, 18, 3.8],
      ['C', 13.6, 6, 7.6, 5.2, 5.6, 2],
      ['Q', 4.8, 0, 5, -2.2],
    ],
    true,
  );
  // Temples: folded behind the frame (front), or opened towards us (back).
  if (k.back) {
    paint(
      k.cv,
      path(
        [22.6, -9.6],
        [
          ['L', 34, 6],
          ['Q', 35, 9, 33, 10],
          ['L', 31.4, 9.6],
          ['L', 21.6, -6.8],
        ],
        true,
      ),
      frame,
      { light: 'flat' },
    );
    paint(
      k.cv,
      path(
        [-22.6, -9.6],
        [
          ['L', -34, 6],
          ['Q', -35, 9, -33, 10],
          ['L', -31.4, 9.6],
          ['L', -21.6, -6.8],
        ],
        true,
      ),
      frame,
      { light: 'flat' },
    );
  } else
    k.cv.push(
      `<path d="M24 -9.5L31 -7.6L30.4 -5.8L23.6 -7.4Z" fill="${shade(k.c, 0.25)}"/><path d="M-24 -9.5L-31 -7.6L-30.4 -5.8L-23.6 -7.4Z" fill="${shade(k.c, 0.25)}"/>`,
    );
  for (const side of [1, -1]) {
    const outer = side === 1 ? lensShape : mirrorAbout(lensShape, 0);
    const lens = side === 1 ? inner : mirrorAbout(inner, 0);
    paint(k.cv, outer + lens, frame, { light: 'round', evenodd: true });
    const g = k.cv.shared(
      'lens',
      (id) =>
        `<linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#2d1f16" stop-opacity="0.92"/><stop offset="1" stop-color="#8a6a4f" stop-opacity="0.55"/></linearGradient>`,
    );
    k.cv.push(`<path d="${lens}" fill="url(#${g})"/>`);
    k.cv.push(
      `<path d="${side === 1 ? 'M8 -3Q12 -5 16 -5.2' : 'M-16 -5.2Q-12 -5 -8 -3'}" stroke="#fff" stroke-width="0.9" opacity="0.35" fill="none" stroke-linecap="round"/>`,
    );
  }
  const bridge = path(
    [-3.6, -2.6],
    [
      ['Q', 0, -5.2, 3.6, -2.6],
      ['L', 3.4, -0.6],
      ['Q', 0, -3, -3.4, -0.6],
    ],
    true,
  );
  paint(k.cv, bridge, frame, { light: 'flat', noShadow: true });
  const m = metal('gold');
  k.cv.push(
    `<circle cx="22.5" cy="-9" r="0.6" fill="${m.fill}"/><circle cx="-22.5" cy="-9" r="0.6" fill="${m.fill}"/>`,
  );
  k.cv.measure('M-31 -12M31 8');
  return [18, -4];
}

export function drawHat(k: Kit, p: Piece): Focus {
  void p;
  const brim = ellipse(0, 0, 32, 8);
  paint(k.cv, brim, k.cloth, { light: 'round' });
  const crown = path(
    [-15, 0.5],
    [
      ['C', -15.5, -8, -14, -16, -11, -18.5],
      ['Q', -6, -16.6, 0, -17.6],
      ['Q', 6, -16.6, 11, -18.5],
      ['C', 14, -16, 15.5, -8, 15, 0.5],
      ['Q', 0, 3.6, -15, 0.5],
    ],
    true,
  );
  paint(k.cv, crown, k.cloth, { light: 'body', folds: path([0, -17], [['Q', 0.6, -12, 0, -8]]) });
  const band = path(
    [-15.2, -3.6],
    [
      ['Q', 0, -1, 15.2, -3.6],
      ['L', 15.1, 0.2],
      ['Q', 0, 3, -15.1, 0.2],
    ],
    true,
  );
  paint(k.cv, band, { ...k.cloth, base: k.c2, fabric: 'satin', print: 'none' }, { light: 'body', noShadow: true });
  if (k.back)
    paint(
      k.cv,
      ellipse(9, -1.6, 2.4, 1.6),
      { ...k.cloth, base: k.c2, fabric: 'satin', print: 'none' },
      { light: 'round', noShadow: true },
    );
  return [8, -2];
}

export function drawJewellery(k: Kit, p: Piece): Focus {
  void p;
  const m = metal(hwKind(k) === 'silver' ? 'silver' : 'gold');
  const chain = curve(
    [
      [-18, -20],
      [-16, 2],
      [0, 12],
      [16, 2],
      [18, -20],
    ],
    1,
  );
  k.cv.measure(chain);
  k.cv.push(
    `<path d="${chain}" fill="none" stroke="${m.edge}" stroke-width="1.2" stroke-dasharray="1 0.5"/><path d="${chain}" fill="none" stroke="${m.fill}" stroke-width="0.8" stroke-dasharray="1 0.5"/>`,
  );
  const drop = path(
    [0, 12],
    [
      ['C', 3.5, 15, 3.5, 20, 0, 23],
      ['C', -3.5, 20, -3.5, 15, 0, 12],
    ],
    true,
  );
  paint(k.cv, drop, { ...k.cloth, base: m.fill, fabric: 'metal', print: 'none' }, { light: 'round' });
  if (!k.back) solid(k.cv, ellipse(0, 17.5, 1.6, 2.2), k.c2);
  else solid(k.cv, ellipse(0, 17.5, 1.2, 1.6), m.edge);
  return [0, 16];
}
