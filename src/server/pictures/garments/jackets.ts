/**
 * Jackets, by cut: the tailored ones (blazer, tuxedo, tweed), the biker, denim and field jackets;
 * the sport and padded cuts are drawn in sport-jackets.ts.
 */
import { shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import { BODY } from '../body';
import type { Piece } from '../look/schema';
import type { Kit, UpperSpec } from '../parts/kit';
import { button, metal, paint, seam, stitch, tones, zip } from '../fabric/paint';
import { buttonColour, flapPocket, fringe, hw, panelSeams, patchPocket, placket, waistBelt } from '../parts/trims';
import { f, pair, path, sym } from '../svg';
import { lapels, neckBand, pointCollar } from '../parts/collars';
import { upperBody } from '../parts/upper-body';
import { type Worn, type Focus, LONG } from './common';
import { drawSportJacket } from './sport-jackets';

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
