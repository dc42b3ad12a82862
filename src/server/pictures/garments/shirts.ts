/** Shirts (collars, plackets, cuffs) and the tie knotted at a shirt's collar. */
import type { Cloth } from '../fabric/cloth';
import { BODY } from '../body';
import type { Piece } from '../look/schema';
import type { Kit, UpperSpec } from '../parts/kit';
import { backYoke, bow, patchPocket, placket } from '../parts/trims';
import { campCollar, neckBand, pointCollar } from '../parts/collars';
import { paint, seam, tones } from '../fabric/paint';
import { pair, path } from '../svg';
import { upperBody } from '../parts/upper-body';
import { type Worn, type Focus, LONG, SHORT, sleeveFor, drawMotifs } from './common';

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
