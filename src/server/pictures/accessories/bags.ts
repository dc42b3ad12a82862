/** Bags, by cut: standing with their strap or handles. */
import { shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import type { Piece } from '../look/schema';
import type { Kit } from '../parts/kit';
import { ellipse, f, path } from '../svg';
import { metal, paint, seam, solid, stitch, tones } from '../fabric/paint';
import { roundRect } from '../svg';
import { type Focus, hwKind } from './common';

export function drawBag(k: Kit, p: Piece): Focus {
  const cut = p.cut ?? 'shoulder';
  const m = metal(hwKind(k));
  const strap = (d: string, width: number, colour: string) => {
    k.cv.measure(d);
    k.cv.push(
      `<path d="${d}" fill="none" stroke="${shade(colour, 0.18)}" stroke-width="${f(width * 1.25)}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-linecap="round"/>`,
    );
  };
  switch (cut) {
    case 'clutch': {
      const chain = path([-15, 0], [['C', -14, -22, 14, -22, 15, 0]]);
      k.cv.measure(chain);
      k.cv.push(
        `<path d="${chain}" fill="none" stroke="${m.edge}" stroke-width="1.5" stroke-dasharray="1.3 0.5" stroke-linecap="round"/><path d="${chain}" fill="none" stroke="${m.fill}" stroke-width="1" stroke-dasharray="1.3 0.5" stroke-linecap="round"/>`,
      );
      const body = roundRect(-18, 0, 36, 15, 4.5);
      paint(k.cv, body, k.cloth, { light: 'round' });
      const frame = path(
        [-17.6, 2.8],
        [
          ['Q', -17.6, -0.6, -13.5, -0.6],
          ['L', 13.5, -0.6],
          ['Q', 17.6, -0.6, 17.6, 2.8],
          ['L', 17.6, 3.8],
          ['L', -17.6, 3.8],
        ],
        true,
      );
      paint(
        k.cv,
        frame,
        { ...k.cloth, fabric: 'metal', base: m.fill, print: 'none' },
        { light: 'flat', noShadow: true },
      );
      if (!k.back) {
        solid(k.cv, ellipse(0, -1.4, 2, 1.7), m.fill, m.edge, 0.5);
        k.cv.push(`<circle cx="-0.6" cy="-2" r="0.6" fill="#fff" opacity="0.7"/>`);
      } else seam(k.cv, path([-15, 3.8], [['L', 15, 3.8]]), m.fill, 0.8, 0.8);
      return [0, 4];
    }
    case 'basket': {
      strap(path([-8, 0], [['C', -8, -13, 8, -13, 8, 0]]), 1.8, k.c2);
      const body = path(
        [-19, 0],
        [
          ['L', 19, 0],
          ['L', 19.5, 20],
          ['Q', 19.5, 22, 17.5, 22],
          ['L', -17.5, 22],
          ['Q', -19.5, 22, -19.5, 20],
        ],
        true,
      );
      paint(k.cv, body, k.cloth, { light: 'round', folds: path([-19, 11], [['L', 19, 11]]) });
      const leather: Cloth = { ...k.cloth, base: k.c2, fabric: 'leather', print: 'none' };
      if (k.back) {
        // The back: the flap's hinge strip only.
        paint(
          k.cv,
          path(
            [-19.2, -0.4],
            [
              ['L', 19.2, -0.4],
              ['L', 19.2, 3],
              ['L', -19.2, 3],
            ],
            true,
          ),
          leather,
          { light: 'flat', noShadow: true },
        );
        return [0, 12];
      }
      const flap = path(
        [-19.2, -0.4],
        [
          ['L', 19.2, -0.4],
          ['L', 19.2, 7],
          ['Q', 19.2, 10, 16, 10],
          ['L', -16, 10],
          ['Q', -19.2, 10, -19.2, 7],
        ],
        true,
      );
      paint(k.cv, flap, leather, { light: 'flat', noShadow: true });
      stitch(
        k.cv,
        path(
          [-18.2, 0.6],
          [
            ['L', -18.2, 7],
            ['Q', -18.2, 9, -16, 9],
            ['L', 16, 9],
            ['Q', 18.2, 9, 18.2, 7],
            ['L', 18.2, 0.6],
          ],
        ),
        shade(k.c2, 0.25),
        0.5,
      );
      solid(k.cv, roundRect(-5, 4, 10, 3, 0.6), m.fill, m.edge, 0.4);
      k.cv.push(`<rect x="-4" y="5.1" width="8" height="0.5" fill="${m.edge}" opacity="0.6"/>`);
      return [0, 6];
    }
    case 'tote': {
      strap(path([-10, 0], [['C', -10, -16, -2, -16, -2, 0]]), 1.8, shade(k.c, 0.1));
      strap(path([2, 0], [['C', 2, -16, 10, -16, 10, 0]]), 1.8, shade(k.c, 0.1));
      const body = path(
        [-20, 0],
        [
          ['L', 20, 0],
          ['L', 23, 30],
          ['Q', 23, 32, 21, 32],
          ['L', -21, 32],
          ['Q', -23, 32, -23, 30],
        ],
        true,
      );
      paint(k.cv, body, k.cloth, {
        light: 'round',
        folds: path([-10, 4], [['Q', -11, 16, -12, 30]]) + path([10, 4], [['Q', 11, 16, 12, 30]]),
      });
      stitch(k.cv, path([-19.4, 2], [['L', 19.4, 2]]), tones(k.c).seam, 0.6);
      if (k.back) patchPocketFlat(k, -8, 8, 16, 12);
      return [0, 4];
    }
    case 'backpack': {
      strap(path([-6, 2], [['C', -6, -8, 6, -8, 6, 2]]), 1.6, shade(k.c, 0.1));
      const body = roundRect(-16, 0, 32, 40, 9);
      paint(k.cv, body, k.cloth, { light: 'round' });
      paint(k.cv, roundRect(-11, 20, 22, 16, 4), k.cloth, { light: 'flat', noShadow: true });
      seam(k.cv, path([-14, 8], [['Q', 0, 3, 14, 8]]), k.c, 1, 0.6);
      return [0, 22];
    }
    default: {
      // Shoulder or crossbody bag; the cassette is padded and woven.
      const padded = p.fabric === 'woven' || p.details?.includes('padded');
      strap(path([-18.5, 1.5], [['C', -17, -34, 17, -34, 18.5, 1.5]]), 1.2, shade(k.c, 0.06));
      const body = roundRect(-20, 0, 40, 24, padded ? 5 : 3.2);
      const cloth: Cloth = padded ? { ...k.cloth, fabric: 'woven' } : k.cloth;
      paint(k.cv, body, cloth, { light: 'round' });
      if (padded && k.back) {
        seam(k.cv, path([-20, 12], [['L', 20, 12]]), k.c, 0.8, 0.5);
      } else if (padded) {
        const g = k.cv.shared(
          'pad',
          (id) =>
            `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="url(#${id}r)"/><radialGradient id="${id}r" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient></pattern>`,
        );
        k.cv.push(`<path d="${body}" fill="url(#${g})"/>`);
      } else if (k.back) {
        patchPocketFlat(k, -9, 6, 18, 12);
      } else {
        const flap = path(
          [-20, 1.6],
          [
            ['Q', -20, 0, -18, 0],
            ['L', 18, 0],
            ['Q', 20, 0, 20, 1.6],
            ['L', 20, 11],
            ['Q', 0, 15, -20, 11],
          ],
          true,
        );
        paint(k.cv, flap, k.cloth, { light: 'flat', noShadow: true });
        solid(k.cv, roundRect(-2.6, 10.4, 5.2, 3.2, 0.8), m.fill, m.edge, 0.4);
      }
      return [0, 6];
    }
  }
}

/** A flat slip pocket on the back of a bag. */
function patchPocketFlat(k: Kit, x: number, y: number, w: number, h: number): void {
  paint(k.cv, roundRect(x, y, w, h, 1.2), k.cloth, { light: 'flat', noShadow: true });
  stitch(k.cv, path([x + 0.8, y + 0.8], [['L', x + w - 0.8, y + 0.8]]), tones(k.c).seam, 0.5);
}
