/** Skirts, by cut. */
import { shade } from '../colour';
import { BODY, HEM_Y } from '../body';
import type { Piece } from '../look/schema';
import type { Kit } from '../parts/kit';
import { f, mirrorPath, pair, path, sym } from '../svg';
import { fringe, hangingFolds, patchPocket, placket, rivet, waistBelt } from '../parts/trims';
import { paint, seam, stitch, tones, zip } from '../fabric/paint';
import type { Seg } from '../svg';
import { type Worn, type Focus, has } from './common';
import { waistband, fly } from './legs';

export function drawSkirt(k: Kit, p: Piece, worn: Worn = {}): Focus {
  void worn;
  const cut = p.cut ?? 'a-line';
  const length = p.length ?? (cut === 'pencil' ? 'knee' : cut === 'pleated' || cut === 'slip' ? 'midi' : 'knee');
  const hemY = HEM_Y[length as keyof typeof HEM_Y] ?? HEM_Y.knee;
  const wy = BODY.waistY - 2;
  const ww = 14;
  const drop = hemY - BODY.hipY;
  let hemW: number;
  let waves = 0;
  let depth = 2;
  let hip = BODY.hipW;
  switch (cut) {
    case 'pencil':
      hemW = hip - 2.2;
      break;
    case 'pleated':
      hemW = hip + drop * 0.5;
      waves = 9;
      depth = 1.2;
      break;
    case 'slip':
      hemW = hip + drop * 0.24;
      waves = 3;
      depth = 1.6;
      break;
    case 'wrap':
      hemW = hip + drop * 0.45;
      waves = 4;
      depth = 2;
      break;
    default:
      hemW = hip + drop * (length === 'mini' ? 0.42 : 0.36);
      waves = length === 'mini' ? 0 : 3;
      depth = 1.6;
      hip = BODY.hipW + 0.5;
  }
  const segs: Seg[] = [
    ['L', ww, wy],
    ['C', ww + 1.4, wy + 8, hip, BODY.hipY - 9, hip, BODY.hipY],
    ['C', hip + (hemW - hip) * 0.3, BODY.hipY + drop * 0.4, hemW, hemY - drop * 0.3, hemW, hemY],
  ];
  if (waves) {
    const step = hemW / (waves - 0.5);
    let x = hemW;
    for (let i = 0; i < waves; i++) {
      const nx = i === waves - 1 ? 0 : x - step;
      segs.push(['Q', (x + nx) / 2, hemY + depth * 1.9, nx, hemY + (i === waves - 1 ? depth * 0.9 : 0.2)]);
      x = nx;
    }
  } else {
    segs.push(['Q', hemW * 0.5, hemY + 1, 0, hemY + 1]);
  }
  const shape = sym([0, wy], segs);
  let folds = '';
  if (cut === 'pleated') {
    const n = 9;
    for (let i = 1; i < n; i++) {
      const t = i / n;
      folds += path([ww * t, wy + 3.4], [['L', hemW * t + 0.4, hemY + 1]]);
    }
    folds += mirrorPath(folds);
  } else if (cut !== 'pencil') {
    folds = hangingFolds([hemW * 0.3, hemW * 0.7, -hemW * 0.35, -hemW * 0.72], BODY.hipY - 4, hemY, 1.5);
  } else {
    folds =
      pair([4, BODY.hipY + 6], [['Q', 8, BODY.hipY + 2, 12, BODY.hipY - 1]]) +
      pair([6, hemY - 10], [['Q', 9, hemY - 12, 14, hemY - 13]]);
  }
  paint(k.cv, shape, k.cloth, {
    light: 'body',
    folds,
    highlights: cut === 'slip' ? hangingFolds([hemW * 0.5, -hemW * 0.15], BODY.hipY, hemY, 1) : undefined,
  });
  if (cut === 'pleated') {
    // Pleats: light and shade alternate down the skirt.
    const n = 9;
    let light = '';
    for (let i = 0; i < n; i += 2) {
      const a = i / n;
      const b = (i + 1) / n;
      light += path(
        [ww * a, wy + 3.4],
        [
          ['L', ww * b, wy + 3.4],
          ['L', hemW * b, hemY + 0.6],
          ['L', hemW * a, hemY + 0.6],
        ],
        true,
      );
    }
    const clip = k.cv.id('c');
    k.cv.defs.push(`<clipPath id="${clip}"><path d="${shape}"/></clipPath>`);
    k.cv.push(`<g clip-path="url(#${clip})"><path d="${light + mirrorPath(light)}" fill="#fff" opacity="0.1"/></g>`);
  }
  // Waist.
  if (cut === 'slip') {
    seam(k.cv, path([-ww, wy + 2.4], [['Q', 0, wy + 3, ww, wy + 2.4]]), k.c, 0.7, 0.4);
  } else {
    const band = p.hem === 'scallop' && cut === 'pleated' ? 'scallop' : 'band';
    waistband(k, wy, ww, {
      height: 3.4,
      button: cut === 'a-line' && (p.closure === 'buttons' || p.fabric === 'denim'),
    });
    if (band === 'scallop') {
      let d = '';
      for (let x = -ww; x < ww - 0.1; x += 2.8) d += `M${f(x)} ${f(wy + 3.4)}q1.4 1.6 2.8 0`;
      k.cv.push(`<path d="${d}" fill="${k.c}" stroke="${tones(k.c).seam}" stroke-width="0.35"/>`);
    }
  }
  if (!k.back) {
    if (cut === 'wrap') {
      const edge = path(
        [ww * 0.55, wy + 3.4],
        [['C', ww * 0.2, BODY.hipY + 6, -hemW * 0.3, hemY - drop * 0.5, -hemW * 0.45, hemY + 1.5]],
      );
      seam(k.cv, edge, k.c, 1.1, 0.75);
      if (p.hem === 'ruffle' || has(p, 'ruffle')) {
        k.cv.push(
          `<path d="${edge}" fill="none" stroke="${shade(k.c, -0.08)}" stroke-width="2.4" stroke-dasharray="1.4 0.8" opacity="0.6"/>`,
        );
      }
      waistBelt(k, wy + 1.8, ww, 'tie', { height: 0.1 });
    }
    if (p.fabric === 'denim') {
      const thread = '#c48a3a';
      fly(k, wy, thread, 12);
      stitch(k.cv, pair([ww - 6, wy + 3.6], [['Q', ww - 4.4, wy + 9, BODY.hipW, wy + 10.5]]), thread, 0.7);
      rivet(k, ww - 5.8, wy + 4.3);
      rivet(k, -ww + 5.8, wy + 4.3);
      stitch(k.cv, path([-hemW + 1, hemY - 1.8], [['L', hemW - 1, hemY - 1.8]]), thread, 0.6);
    }
    if (p.closure === 'buttons' && p.fabric !== 'denim') {
      placket(k, wy + 3.4, hemY, { gap: 8, r: 0.9 });
    }
    if (p.pockets === 'patch') {
      patchPocket(k, 4.5, wy + 14, 8, 9.5);
      patchPocket(k, -12.5, wy + 14, 8, 9.5);
    }
    if (cut === 'pencil' && p.closure !== 'buttons') {
      seam(k.cv, pair([6, wy + 3.4], [['L', 6.4, wy + 11]]), k.c, 0.7, 0.45);
    }
  } else {
    seam(k.cv, path([0, wy + 3.4], [['L', 0, cut === 'pencil' ? hemY - 10 : hemY]]), k.c, 0.8, 0.55);
    zip(k.cv, path([0, wy + 3.6], [['L', 0, wy + 17]]), k.c, 'silver');
    if (cut === 'pencil') {
      // The back vent.
      paint(
        k.cv,
        path(
          [0, hemY - 10],
          [
            ['L', 2.2, hemY + 1],
            ['L', -2.2, hemY + 1],
          ],
          true,
        ),
        { ...k.cloth, print: 'none' },
        { light: 'flat', plain: true, dim: 0.3, noShadow: true },
      );
    }
  }
  if (p.hem === 'raw' || p.hem === 'frayed') {
    fringe(k, path([-hemW + 0.5, hemY + 0.6], [['Q', 0, hemY + 1.6, hemW - 0.5, hemY + 0.6]]), shade(k.c, -0.3), 1.2);
  }
  if (p.hem === 'scallop' && cut !== 'pleated') scallopHem(k, hemW, hemY);
  return cut === 'pleated' ? [6, wy + 10] : [4, wy + 6];
}

export function scallopHem(k: Kit, hemW: number, hemY: number): void {
  let d = '';
  const n = Math.round(hemW / 1.6);
  for (let i = -n; i < n; i++) {
    const x0 = (i / n) * hemW;
    const x1 = ((i + 1) / n) * hemW;
    d += `M${f(x0)} ${f(hemY - 0.4)}Q${f((x0 + x1) / 2)} ${f(hemY + 2.2)} ${f(x1)} ${f(hemY - 0.4)}`;
  }
  k.cv.push(`<path d="${d}" fill="${k.c}" stroke="${tones(k.c).edge}" stroke-width="0.35"/>`);
}
