/** A pair of shoes in profile, one behind the other, by cut. */
import { isDark, mix, shade } from '../colour';
import type { Piece } from '../look/schema';
import type { Kit } from '../parts/kit';
import { metal, paint, seam, stitch, tones } from '../fabric/paint';
import { path } from '../svg';
import type { Focus } from './common';

function shoeOutline(cut: string): { upper: string; sole: string; heel?: string; lining?: string; toe?: string } {
  switch (cut) {
    case 'boots':
      return {
        upper: path(
          [31, -1.5],
          [
            ['Q', 31.6, -8, 24, -9.6],
            ['C', 16, -11, 8, -13, 3, -18],
            ['C', 0.4, -21, -0.6, -27, -0.4, -33.4],
            ['Q', -12, -34.6, -23.4, -33],
            ['C', -24.6, -26, -25.4, -18, -27.4, -11],
            ['Q', -29, -6, -28.4, -1.5],
          ],
          true,
        ),
        sole: path(
          [-28.8, -1.8],
          [
            ['L', 31.6, -1.8],
            ['Q', 33.6, -1.2, 32.6, 1.2],
            ['L', 31.4, 2.6],
            ['L', -19, 2.6],
            ['L', -19, 3.4],
            ['L', -28.6, 3.4],
          ],
          true,
        ),
        lining: path(
          [-0.4, -33.4],
          [
            ['Q', -12, -34.6, -23.4, -33],
            ['Q', -12, -32.4, -0.4, -33.4],
          ],
          true,
        ),
      };
    case 'sneakers':
      return {
        upper: path(
          [31, -1.6],
          [
            ['Q', 30.5, -6.5, 23, -8.4],
            ['C', 15, -10.4, 8, -12.4, 3, -14.4],
            ['L', -10, -15.2],
            ['Q', -18, -16.8, -22.6, -13.6],
            ['Q', -27, -12, -28, -6.6],
            ['L', -28.2, -1.6],
          ],
          true,
        ),
        sole: path(
          [-29, -3],
          [
            ['L', 31.4, -3],
            ['Q', 33.6, -2.2, 32.6, 0.4],
            ['L', 31.6, 1.4],
            ['L', -28.2, 1.4],
            ['Q', -29.6, 0, -29, -3],
          ],
          true,
        ),
        lining: path(
          [3, -14.4],
          [
            ['L', -10, -15.2],
            ['Q', -18, -16.8, -22.6, -13.6],
            ['Q', -14, -13.2, 3, -14.4],
          ],
          true,
        ),
        toe: path(
          [31, -1.6],
          [
            ['Q', 30.5, -6.5, 23, -8.4],
            ['L', 17.5, -9.6],
            ['Q', 16, -6, 18, -3],
            ['L', 31, -3],
          ],
          true,
        ),
      };
    case 'loafers':
      return {
        upper: path(
          [31, -1.2],
          [
            ['Q', 30.6, -6.6, 22, -8.6],
            ['C', 14, -10.4, 6, -11, 0, -10.6],
            ['L', -20, -10.8],
            ['Q', -26.4, -11.2, -27.6, -7],
            ['L', -27.6, -2.4],
            ['L', 31, -1.2],
          ],
          true,
        ),
        sole: path(
          [-27.6, -2.4],
          [
            ['L', 31.4, -1.6],
            ['Q', 32.6, -1, 31.6, 0.4],
            ['L', -19, 0.4],
            ['L', -19, 0],
            ['L', -27.6, 0],
          ],
          true,
        ),
        heel: path(
          [-27.6, -2.4],
          [
            ['L', -19, -2.2],
            ['L', -19.2, 0.5],
            ['L', -27.4, 0.5],
          ],
          true,
        ),
        lining: path(
          [0, -10.6],
          [
            ['L', -20, -10.8],
            ['Q', -10, -9.4, 0, -10.6],
          ],
          true,
        ),
      };
    default:
      // Pumps on a kitten heel (slingback drawn over it).
      return {
        upper: path(
          [32, -1],
          [
            ['Q', 31, -4.6, 24, -7.2],
            ['C', 17, -10.4, 10, -11.6, 6, -11.2],
            ['Q', -2, -6.6, -12, -7.2],
            ['Q', -21, -7.8, -25.4, -11.8],
            ['Q', -28.6, -13.6, -28.6, -10.4],
            ['L', -27.4, -7.4],
            ['C', -18, -5.6, -4, -2.2, 12, -0.8],
            ['L', 32, -0.6],
          ],
          true,
        ),
        sole: path(
          [-27.4, -7.6],
          [
            ['C', -18, -5.8, -4, -2.4, 12, -1],
            ['L', 32.2, -0.8],
            ['Q', 32.6, 0, 31.6, 0.3],
            ['L', 12, 0.3],
            ['C', -4, -0.8, -18, -4.4, -27.4, -6.2],
          ],
          true,
        ),
        heel: path(
          [-27.2, -7.2],
          [
            ['L', -21.2, -5.8],
            ['Q', -22.4, -2.6, -21.8, 0.4],
            ['L', -24.2, 0.4],
            ['Q', -25.4, -3.2, -27.6, -6.2],
          ],
          true,
        ),
        lining: path(
          [6, -11.2],
          [
            ['Q', -2, -6.6, -12, -7.2],
            ['Q', -21, -7.8, -25.4, -11.8],
            ['Q', -18, -8.6, -12, -8.4],
            ['Q', -2, -8.2, 6, -11.2],
          ],
          true,
        ),
      };
  }
}

function oneShoe(k: Kit, p: Piece, cut: string, dim: number): void {
  const o = shoeOutline(cut);
  const soleColour =
    cut === 'sneakers' ? '#b98249' : cut === 'boots' ? '#2a2624' : isDark(k.c) ? shade(k.c, -0.1) : '#a9825c';
  const opts = { light: 'round' as const, dim: dim || undefined };
  if (o.heel && cut !== 'loafers')
    paint(
      k.cv,
      o.heel,
      { ...k.cloth, base: shade(k.c, 0.15), fabric: 'leather', print: 'none' },
      { ...opts, light: 'flat' },
    );
  paint(k.cv, o.upper, k.cloth, {
    ...opts,
    folds: cut === 'boots' ? path([2, -20], [['Q', 8, -14, 16, -11]]) : undefined,
    highlights: path([24, -6.5], [['Q', 14, -10, 4, -11]]),
  });
  if (o.lining)
    paint(
      k.cv,
      o.lining,
      {
        ...k.cloth,
        base: cut === 'boots' || cut === 'sneakers' ? shade(k.c, 0.35) : '#c9a27a',
        fabric: 'plain',
        print: 'none',
      },
      { light: 'flat', noShadow: true, dim: dim || undefined },
    );
  paint(
    k.cv,
    o.sole,
    { ...k.cloth, base: soleColour, fabric: cut === 'sneakers' ? 'plain' : 'leather', print: 'none' },
    { light: 'flat', noShadow: true, dim: dim || undefined },
  );
  if (o.heel && cut === 'loafers')
    paint(
      k.cv,
      o.heel,
      { ...k.cloth, base: shade(k.c, 0.2), fabric: 'leather', print: 'none' },
      { light: 'flat', noShadow: true },
    );
  const t = tones(k.c);
  if (cut === 'boots') {
    // Elastic gusset, pull tab and the welt stitch.
    paint(
      k.cv,
      path(
        [-7, -33.8],
        [
          ['L', -14.5, -34],
          ['Q', -13, -25, -11.2, -16.5],
          ['Q', -8.8, -25, -7, -33.8],
        ],
        true,
      ),
      { ...k.cloth, fabric: 'rib', base: shade(k.c, isDark(k.c) ? -0.12 : 0.2), print: 'none' },
      { light: 'flat', noShadow: true },
    );
    paint(
      k.cv,
      path(
        [-23.5, -32.6],
        [
          ['L', -22.8, -38],
          ['Q', -20.5, -39.6, -19.6, -37.6],
          ['L', -19.8, -32.6],
        ],
        true,
      ),
      { ...k.cloth, base: shade(k.c, isDark(k.c) ? -0.1 : 0.1) },
      { light: 'flat', noShadow: true },
    );
    stitch(k.cv, path([-28, -0.2], [['L', 31.6, -0.2]]), '#e3c452', 0.7);
  }
  if (cut === 'sneakers') {
    if (o.toe)
      paint(
        k.cv,
        o.toe,
        { ...k.cloth, base: mix(k.c2, '#f2efe9', 0.82), fabric: 'suede', print: 'none' },
        { light: 'flat', noShadow: true },
      );
    k.cv.push(
      `<path d="M6 -12.8L-1 -3M9.4 -12L2.4 -3M12.8 -11.2L5.8 -3" stroke="${k.c2}" stroke-width="1.5" stroke-linecap="round"/>`,
    );
    k.cv.push(`<path d="M20 -9.2L4 -13.4" stroke="${t.seam}" stroke-width="0.4" stroke-dasharray="1 1.2"/>`);
    paint(
      k.cv,
      path(
        [-28, -6.5],
        [
          ['Q', -27, -12.5, -22.6, -13.6],
          ['L', -19.6, -13.9],
          ['L', -20.4, -3],
          ['L', -28.2, -3],
        ],
        true,
      ),
      { ...k.cloth, base: k.c2, fabric: 'suede', print: 'none' },
      { light: 'flat', noShadow: true },
    );
    k.cv.push(
      `<path d="M-28.4 -0.6H31.8" stroke="${shade(soleColour, 0.25)}" stroke-width="0.4" stroke-dasharray="0.8 0.8"/>`,
    );
  }
  if (cut === 'loafers') {
    seam(k.cv, path([22, -8.4], [['Q', 10, -4.8, 2, -10.4]]), k.c, 0.9, 0.7);
    if (p.details?.includes('horsebit')) {
      const m = metal('gold');
      k.cv.push(`<path d="M6 -9.6q2.6 -2 5.2 0q2.6 -2 5.2 0" fill="none" stroke="${m.fill}" stroke-width="1"/>`);
    } else {
      paint(
        k.cv,
        path(
          [12, -9.8],
          [
            ['L', 2, -10.6],
            ['L', 2, -7.2],
            ['L', 12, -6.6],
          ],
          true,
        ),
        k.cloth,
        { light: 'flat', noShadow: true },
      );
      k.cv.push(`<ellipse cx="7" cy="-8.4" rx="1.8" ry="0.8" fill="${shade(k.c, 0.4)}"/>`);
    }
  }
  if (cut === 'heels' && p.details?.includes('slingback')) {
    k.cv.push(
      `<path d="M-12 -7.4Q-22 -9.4 -26.4 -9.6" fill="none" stroke="${shade(k.c, 0.12)}" stroke-width="1.2" stroke-linecap="round"/>`,
    );
  }
}

export function drawShoes(k: Kit, p: Piece): Focus {
  const cut = p.cut ?? 'heels';
  const slingback = cut === 'heels' && p.details?.includes('slingback');
  const heelCut = slingback ? 'heels' : cut;
  if (!k.back) {
    k.cv.at(-11, -4.5, 0.97, () => oneShoe(k, p, heelCut, 0.2));
    oneShoe(k, p, heelCut, 0);
    return cut === 'boots' ? [-10, -24] : cut === 'sneakers' ? [12, -8] : [18, -6];
  }
  // The back view: the pair seen from the other side.
  k.cv.at(
    0,
    0,
    1,
    () => {
      k.cv.at(-11, -4.5, 0.97, () => oneShoe(k, p, heelCut, 0.2));
      oneShoe(k, p, heelCut, 0);
    },
    true,
  );
  return [18, -6];
}
