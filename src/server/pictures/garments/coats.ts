/** Coats, by cut: overcoat, trench, parka and the rest. */
import { shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import { BODY } from '../body';
import type { Piece } from '../look/schema';
import type { Kit, UpperSpec } from '../parts/kit';
import { button, paint, seam, tones, zip } from '../fabric/paint';
import { buttonColour, flapPocket, hangingFolds, patchPocket, placket, waistBelt } from '../parts/trims';
import { f, pair, path } from '../svg';
import { hood, lapels } from '../parts/collars';
import { upperBody } from '../parts/upper-body';
import { type Worn, type Focus, LONG } from './common';

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
