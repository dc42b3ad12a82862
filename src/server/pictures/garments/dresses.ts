/** Dresses and jumpsuits: the one-piece garments, by cut. */
import { shade } from '../colour';
import { BODY, HEM_Y } from '../body';
import type { Piece } from '../look/schema';
import type { Kit, SleeveSpec, UpperSpec } from '../parts/kit';
import { bow, hangingFolds, patchPocket, placket, smocking, waistBelt } from '../parts/trims';
import { f, pair, path } from '../svg';
import { lapels, pointCollar, standCollar } from '../parts/collars';
import { paint, seam, tones, zip } from '../fabric/paint';
import { upperBody } from '../parts/upper-body';
import { type Focus, LONG, SHORT, sleeveFor, has, drawMotifs } from './common';
import { scallopHem } from './skirts';
import { type LegSpec, legFolds, legsShape } from './legs';

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
