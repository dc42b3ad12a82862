/**
 * Bags, shoes and small accessories, drawn as product shots: a bag standing with its strap, a
 * pair of shoes in profile (one behind the other), a belt coiled, a scarf hanging, sunglasses
 * from the front. Each returns the point a close-up centres on.
 */
import { isDark, mix, shade } from './colour';
import type { Cloth } from './fabric';
import type { Piece } from './look';
import {
  type Kit,
  curve,
  ellipse,
  f,
  fringe,
  hangingFolds,
  metal,
  mirrorAbout,
  paint,
  path,
  poly,
  seam,
  solid,
  stitch,
  tones,
} from './parts';
import { type Pt, roundRect } from './svg';

type Focus = Pt;

const hwKind = (k: Kit): 'gold' | 'silver' | 'gunmetal' =>
  k.hardware === 'gold' || k.hardware === 'horn' ? 'gold' : k.hardware === 'gunmetal' ? 'gunmetal' : 'silver';

// ---------------------------------------------------------------------------------------------
// Bags

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

// ---------------------------------------------------------------------------------------------
// Shoes: a pair in profile, toe to the right

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

// ---------------------------------------------------------------------------------------------
// Small accessories

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

export { poly };
