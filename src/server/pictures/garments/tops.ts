/** Tops, knits and hoodies, by cut: the upper body's spec, then its neckline, hem and motifs. */
import { shade } from '../colour';
import { BODY } from '../body';
import type { Piece } from '../look/schema';
import type { Kit, UpperSpec } from '../parts/kit';
import { button, paint, seam, stitch, tones, zip } from '../fabric/paint';
import { buttonColour, hw, lacing, placket } from '../parts/trims';
import { hood, neckBand, pointCollar, standCollar, turtleNeck } from '../parts/collars';
import { pair, path, sym } from '../svg';
import { ribHem, upperBody } from '../parts/upper-body';
import { type Worn, SHORT, sleeveFor, type Focus, drawMotifs, LONG, has } from './common';

function topSpec(p: Piece, worn: Worn): UpperSpec {
  const cut = p.cut ?? 'tee';
  const relaxed = p.fit === 'relaxed' || p.fit === 'oversized' || p.fit === 'boxy';
  const s: UpperSpec = relaxed
    ? {
        sw: 22.5,
        sy: 5.5,
        aw: 20,
        ay: 24,
        ww: 19.5,
        hemY: 70,
        hemW: 20,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.8,
        sleeve: SHORT({ len: 12, angle: 30, end: 11 }),
      }
    : {
        sw: 19.5,
        sy: 3.6,
        aw: 17.6,
        ay: 21,
        ww: 16,
        hemY: 66,
        hemW: 17.4,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.5,
        sleeve: SHORT(),
      };
  if (cut === 'tank')
    Object.assign(s, {
      neck: 'scoop',
      depth: 11,
      neckW: 6.5,
      sw: 11.5,
      sy: 1.4,
      aw: 16.2,
      ay: 19.5,
      ww: 14,
      hemW: 16,
      hemY: 64,
      sleeve: null,
    });
  if (cut === 'cami')
    Object.assign(s, { neck: 'straps-v', depth: 14.5, aw: 16.4, ay: 20, ww: 15.5, hemW: 17, hemY: 60, sleeve: null });
  if (cut === 'corset')
    Object.assign(s, {
      neck: p.neckline === 'strapless' ? 'strapless' : 'sweetheart',
      aw: 16.2,
      ay: 20,
      ww: 12.8,
      hemW: 14.6,
      hemY: 52,
      hem: 'point',
      sleeve: null,
    });
  if (cut === 'polo') Object.assign(s, { neck: 'crew', depth: 4.5 });
  if (p.length === 'crop') Object.assign(s, { hemY: 42, hemW: s.ww + 1 });
  if (p.neckline === 'v') Object.assign(s, { neck: 'v', depth: 12 });
  if (p.neckline === 'scoop') Object.assign(s, { neck: 'scoop', depth: 10 });
  if (p.sleeves) s.sleeve = sleeveFor(p, s.sleeve);
  if (worn.tucked) Object.assign(s, { hemY: BODY.waistY + 8, hemW: s.ww + 1 });
  return s;
}

export function drawTop(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'tee';
  const s = topSpec(p, worn);
  const folds =
    cut === 'corset'
      ? undefined
      : path([9, s.ay + 8], [['Q', 6, s.ay + 16, 8, s.hemY - 14]]) +
        path([-4, s.hemY - 9], [['Q', -6, s.hemY - 4, -7, s.hemY]]);
  const { sleeve, shapes } = upperBody(k, s, { folds, inside: !worn.over });
  if (cut === 'tee' || cut === 'polo') {
    if (cut === 'polo') {
      pointCollar(k, s, { spread: 5, cloth: { ...k.cloth, fabric: 'rib' } });
      if (!k.back) {
        placket(k, 4.5, 15, { gap: 4.2, r: 0.6 });
      }
    } else neckBand(k, s, 1.8);
    if (s.sleeve && s.sleeve.len < 20) {
      // A turned hem on each sleeve.
      const g = sleeve!;
      seam(
        k.cv,
        path([g.o1[0] - 1.7 * Math.sin(0.6), g.o1[1] - 2], [['L', g.i1[0] - 1.2, g.i1[1] - 1.8]]),
        k.c,
        0.6,
        0.45,
      );
    }
    seam(k.cv, path([-s.hemW + 0.4, s.hemY - 2], [['L', s.hemW - 0.4, s.hemY - 2]]), k.c, 0.6, 0.4);
  }
  if (cut === 'tank') {
    const edge = path(
      [-s.neckW, 0.1],
      [
        ['C', -s.neckW * 0.72, s.depth * 0.45, -s.neckW * 0.72, s.depth, 0, s.depth],
        ['C', s.neckW * 0.72, s.depth, s.neckW, s.depth * 0.45, s.neckW, 0.1],
      ],
    );
    k.cv.push(
      `<path d="${edge}" fill="none" stroke="${tones(k.c).seam}" stroke-width="0.5" opacity="0.6" transform="translate(0 1)"/>`,
    );
  }
  if (cut === 'cami') {
    k.cv.push(
      `<path d="${pair([6.4, 10.4], [['Q', 7.4, 5, 9, 1.6]])}" fill="none" stroke="${shade(k.c, 0.2)}" stroke-width="0.8" stroke-linecap="round"/>`,
    );
    k.cv.measure('M9 1.6');
  }
  if (cut === 'corset') {
    // Boning: curved seams from the bust to the point.
    const lines =
      pair([4, 13.5], [['Q', 3.2, 34, 3.6, s.hemY + 2]]) +
      pair([9.5, 12], [['Q', 7.6, 34, 8.6, s.hemY + 0.6]]) +
      pair([14.5, 15], [['Q', 12, 34, 13.2, s.hemY]]);
    seam(k.cv, lines, k.c, 0.9, 0.65);
    k.cv.push(
      `<path d="${lines}" fill="none" stroke="#fff" stroke-width="0.5" opacity="0.15" transform="translate(0.7 0)"/>`,
    );
    if (p.sleeves === 'straps') {
      k.cv.push(
        `<path d="${pair([7, 11.6], [['Q', 7.6, 6, 9, 2.6]])}" fill="none" stroke="${k.c}" stroke-width="0.9" stroke-linecap="round"/>`,
      );
      k.cv.measure('M9 2.2M-9 2.2');
    }
    if (k.back) lacing(k, 16, s.hemY - 3);
  }
  if (p.fabric === 'sequin' && !k.back) {
    // Catching the light: a few bright glints.
    const glints = [
      [-6, 24],
      [5, 33],
      [-2, 45],
      [9, 50],
      [-10, 40],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y! - 1.4}L${x! + 0.3} ${y! - 0.3}L${x! + 1.4} ${y}L${x! + 0.3} ${y! + 0.3}L${x} ${y! + 1.4}L${x! - 0.3} ${y! + 0.3}L${x! - 1.4} ${y}L${x! - 0.3} ${y! - 0.3}Z" fill="#fffbea" opacity="0.9"/>`,
      )
      .join('');
    k.cv.push(glints);
  }
  if (p.motifs?.length) drawMotifs(k, p, s, shapes, sleeve);
  return cut === 'corset' ? [0, 20] : cut === 'polo' ? [0, 8] : [0, 14];
}

export function drawKnit(k: Kit, p: Piece, worn: Worn = {}): Focus {
  const cut = p.cut ?? 'crew';
  const crop = p.length === 'crop';
  const s: UpperSpec = {
    sw: 20.2,
    sy: 4.2,
    aw: 18.2,
    ay: 23,
    ww: 17,
    hemY: crop ? 46 : 67,
    hemW: crop ? 16.5 : 16.6,
    hem: 'straight',
    neck: 'crew',
    depth: 5,
    neckW: 6.4,
    sleeve: LONG({ len: 57, angle: 11, end: 6.2, cuff: 'rib' }),
  };
  if (cut === 'cardigan') Object.assign(s, { neck: 'v', depth: crop ? 17 : 22, neckW: 6.2 });
  if (p.neckline === 'turtle') Object.assign(s, { depth: 3.5 });
  if (p.sleeves) s.sleeve = sleeveFor(p, s.sleeve);
  if (worn.tucked) Object.assign(s, { hemY: BODY.waistY + 8 });
  const folds = path([9, 32], [['Q', 11, 44, 9, s.hemY - 8]]) + path([-7, 40], [['Q', -5, 48, -7, s.hemY - 7]]);
  upperBody(k, s, { folds, inside: !worn.over });
  ribHem(k, s, crop ? 4 : 5);
  if (cut === 'cardigan') {
    if (!k.back) {
      const band = pair(
        [s.neckW, 0.1],
        [
          ['Q', s.neckW * 0.55, s.depth * 0.45, 0.2, s.depth],
          ['L', 0.2, s.hemY],
        ],
      );
      k.cv.push(`<path d="${band}" fill="none" stroke="${shade(k.c, 0.12)}" stroke-width="2.6"/>`);
      k.cv.push(
        `<path d="${band}" fill="none" stroke="${shade(k.c, 0.25)}" stroke-width="0.3" stroke-dasharray="0.5 0.5"/>`,
      );
      if (p.colour2)
        k.cv.push(`<path d="${band}" fill="none" stroke="${k.c2}" stroke-width="0.5" transform="translate(0 0.2)"/>`);
      for (let y = s.depth + 3; y < s.hemY - 2; y += crop ? 6.5 : 8) button(k.cv, 0, y, 0.7, buttonColour(k));
    } else neckBand(k, s, 2.2);
  } else if (p.neckline === 'turtle') turtleNeck(k, s);
  else neckBand(k, s, 2.4);
  return [0, 30];
}

export function drawHoodie(k: Kit, p: Piece, worn: Worn = {}): Focus {
  void worn;
  const cut = p.cut ?? (p.collar === 'hood' ? 'pullover' : 'crew');
  const crop = p.length === 'crop';
  const relaxed = p.fit === 'oversized' || p.fit === 'boxy' || p.fit === 'relaxed';
  const s: UpperSpec = relaxed
    ? {
        sw: 23.5,
        sy: 6.5,
        aw: 21,
        ay: 26.5,
        ww: 19.5,
        hemY: crop ? 48 : 70,
        hemW: 18.6,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.8,
        sleeve: LONG({ len: 52, angle: 13, end: 6.8, cuff: 'rib' }),
      }
    : {
        sw: 21,
        sy: 4.6,
        aw: 19,
        ay: 24,
        ww: 18,
        hemY: crop ? 47 : 68,
        hemW: 17.2,
        hem: 'straight',
        neck: 'crew',
        depth: 5,
        neckW: 6.6,
        sleeve: LONG({ len: 56, angle: 11.5, end: 6.4, cuff: 'rib' }),
      };
  if (crop) s.hemW = s.ww + 0.4;
  const closure = p.closure ?? (cut === 'zip' ? 'zip' : cut === 'half-zip' ? 'half-zip' : 'none');
  const hooded = p.collar === 'hood' || cut === 'pullover' || cut === 'zip';
  const folds = path([10, 32], [['Q', 12, 44, 10.5, s.hemY - 8]]) + path([-6, 40], [['Q', -4, 48, -7, s.hemY - 7]]);
  if (hooded && !k.back) hood(k, s, { cords: true });
  const { sleeve, shapes } = upperBody(k, s, { folds, inside: !hooded });
  ribHem(k, s, crop ? 5.5 : 4.6);
  // Contrast nylon trims (a chest pocket, binding) on pile fleeces and technical overlays.
  const trim = p.colour2 && (p.fabric === 'sherpa' || has(p, 'overlays')) ? k.c2 : null;
  if (hooded && k.back) hood(k, s);
  if (!hooded) {
    if (closure === 'half-zip' || p.collar === 'stand') {
      standCollar(k, s, 5, { zip: closure === 'half-zip', ...(trim && p.fabric === 'sherpa' ? {} : {}) });
      if (closure === 'half-zip' && !k.back) {
        zip(k.cv, path([0, -3.5], [['L', 0, 17]]), k.c, hw(k), [0.2, -3.6]);
        k.cv.push(
          `<path d="M-2 -4V17.5M2 -4V17.5" stroke="${trim ?? tones(k.c).seam}" stroke-width="${trim ? 1.4 : 0.5}" opacity="${trim ? 0.85 : 0.45}"/>`,
        );
      }
    } else neckBand(k, s, 2.4);
  }
  if (!k.back) {
    if (closure === 'zip') {
      zip(k.cv, path([0, 6], [['L', 0, s.hemY + 0.6]]), k.c, hw(k), [0.3, 6.5]);
    }
    const pockets = p.pockets ?? (hooded ? (closure === 'zip' ? 'split' : 'kangaroo') : 'none');
    if (pockets === 'kangaroo') {
      const y0 = s.hemY - 22;
      const y1 = s.hemY - 4.6;
      const d = sym(
        [0, y0],
        [
          ['L', 8.5, y0],
          ['Q', 10.5, y0 + 7, 13.5, y1 - 5],
          ['L', 13.5, y1],
          ['L', 0, y1],
        ],
      );
      paint(k.cv, d, k.cloth, {
        light: 'flat',
        noShadow: true,
        folds: path([-6, y0 + 3], [['Q', 0, y0 + 5, 6, y0 + 3]]),
      });
      stitch(k.cv, pair([8.2, y0 + 1], [['Q', 10, y0 + 7, 12.8, y1 - 5.4]]), tones(k.c).seam, 0.6);
    } else if (pockets === 'split') {
      seam(k.cv, pair([4.5, s.hemY - 18], [['Q', 7, s.hemY - 10, 12.5, s.hemY - 6]]), k.c, 1, 0.6);
    } else if (pockets === 'chest' || trim) {
      const d = path(
        [4.5, 17],
        [
          ['L', 11.5, 17],
          ['L', 11.5, 26],
          ['L', 4.5, 26],
        ],
        true,
      );
      paint(k.cv, d, trim ? { ...k.cloth, base: k.c2, fabric: 'nylon', print: 'none' } : k.cloth, {
        light: 'flat',
        noShadow: true,
      });
      if (!trim) zip(k.cv, path([5, 17.6], [['L', 11, 17.6]]), k.c, hw(k));
    }
  }
  if (trim) {
    // Contrast binding on a fleece.
    k.cv.push(`<path d="${path([-s.hemW, s.hemY], [['L', s.hemW, s.hemY]])}" stroke="${k.c2}" stroke-width="1.6"/>`);
  }
  if (p.motifs?.length) drawMotifs(k, p, s, shapes, sleeve);
  const m = p.motifs ?? [];
  if (m.includes('ramen') || m.includes('butterflies'))
    return k.back && m.includes('ramen') ? [0, 30] : m.includes('ramen') ? [8, 22] : [0, 34];
  if (m.includes('wings')) return k.back ? [0, 24] : [0, 8];
  return closure === 'half-zip' ? [0, 4] : hooded ? [0, 2] : [0, 30];
}
