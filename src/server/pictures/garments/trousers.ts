/** Trousers and shorts, by cut. Each returns the point a close-up should centre on. */
import { BODY, HEM_Y } from '../body';
import type { Piece } from '../look/schema';
import type { Kit } from '../parts/kit';
import { button, paint, seam, stitch, tones, zip } from '../fabric/paint';
import { buttonColour, rivet, waistBelt } from '../parts/trims';
import { f, pair, path, sym } from '../svg';
import { type Worn, type Focus, has } from './common';
import { type LegSpec, legFolds, legsShape, waistband, fly } from './legs';

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
