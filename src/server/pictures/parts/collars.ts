/** Necklines, collars and lapels, and the hood. */
import { isDark, isLight, mix, shade } from '../colour';
import type { Cloth } from '../fabric/cloth';
import { button, metal, paint, seam, stitch, tones, zip } from '../fabric/paint';
import { type Pt, type Seg, f, mirrorPath, pair, path, poly } from '../svg';
import type { Kit, UpperSpec } from './kit';
import { buttonColour, hw } from './trims';

/** A neck band: crew rib, polo or shirt band, seen from the front or back. */
export function neckBand(k: Kit, s: UpperSpec, width = 2.2, cloth?: Cloth): void {
  const nw = s.neckW;
  const dep = k.back ? -1.2 : s.depth;
  const inner = k.back ? -1.2 - width * 0.2 : dep - width;
  const outerHalf: Seg[] = k.back ? [['Q', nw * 0.7, -1.2, nw, 0.1]] : [['C', nw * 0.6, dep, nw, dep * 0.5, nw, 0.1]];
  const d = path(
    [0, dep],
    [
      ...outerHalf,
      ['L', nw - width * 0.9, -0.6],
      ['C', (nw - width) * 0.8, inner * 0.4, (nw - width) * 0.6, inner, 0, inner],
    ],
    true,
  );
  const band = path(
    [0, dep],
    [
      ['C', -nw * 0.6, dep, -nw, dep * 0.5, -nw, 0.1],
      ['L', -nw + width * 0.9, -0.6],
      ['C', -(nw - width) * 0.8, inner * 0.4, -(nw - width) * 0.6, inner, 0, inner],
    ],
    true,
  );
  const c = cloth ?? { ...k.cloth, fabric: 'rib' as const, print: 'none' as const };
  paint(k.cv, d, c, { light: 'flat', noShadow: true });
  paint(k.cv, band, c, { light: 'flat', noShadow: true });
}

/** A shirt's point collar (with its band behind the neck). */
export function pointCollar(
  k: Kit,
  s: UpperSpec,
  opts: { spread?: number; long?: boolean; buttonDown?: boolean; cloth?: Cloth; open?: boolean } = {},
): void {
  const cloth = opts.cloth ?? {
    ...k.cloth,
    print: k.cloth.print === 'check' || k.cloth.print === 'floral' ? k.cloth.print : k.cloth.print,
  };
  const nw = s.neckW;
  const len = opts.long ? 12.5 : 10;
  const spread = opts.spread ?? 5.5;
  if (k.back) {
    const band = path(
      [-nw - 1, 0.6],
      [
        ['Q', 0, -2.2, nw + 1, 0.6],
        ['L', nw + 1.4, -1.6],
        ['Q', 0, -5.4, -nw - 1.4, -1.6],
      ],
      true,
    );
    paint(k.cv, band, cloth, { light: 'flat', noShadow: true });
    const fall = path(
      [-nw - 2.2, 2.2],
      [
        ['Q', 0, -0.6, nw + 2.2, 2.2],
        ['L', nw + 1.4, -1.6],
        ['Q', 0, -5.4, -nw - 1.4, -1.6],
      ],
      true,
    );
    paint(k.cv, fall, cloth, { light: 'flat', noShadow: true });
    return;
  }
  // The band behind the neck.
  const band = path(
    [-nw - 0.6, 1],
    [
      ['Q', -nw, -4, 0, -4.4],
      ['Q', nw, -4, nw + 0.6, 1],
      ['Q', 0, -1.8, -nw - 0.6, 1],
    ],
    true,
  );
  paint(k.cv, band, cloth, { light: 'flat', plain: true, dim: 0.12, noShadow: true });
  const tip: Pt = [spread, len + (opts.open ? 2 : 0)];
  const right = path(
    [0.2, opts.open ? 9 : 4.6],
    [
      ['L', nw + 0.6, -2.6],
      ['Q', nw + 2.2, 1, nw + 2.6, 2.5],
      ['L', tip[0] + 1.2, tip[1]],
      ['Q', tip[0] - 2, tip[1] - 1.4, 0.2, opts.open ? 9 : 4.6],
    ],
    true,
  );
  paint(k.cv, right, cloth, { light: 'flat', noShadow: true });
  paint(k.cv, mirrorPath(right), cloth, { light: 'flat', noShadow: true });
  stitch(
    k.cv,
    path([1, opts.open ? 9 : 5], [['L', tip[0] + 0.4, tip[1] - 1.1]]) +
      path([-1, opts.open ? 9 : 5], [['L', -tip[0] - 0.4, tip[1] - 1.1]]),
    tones(k.c).seam,
    0.6,
  );
  if (opts.buttonDown) {
    button(k.cv, tip[0] - 0.2, tip[1] - 2, 0.45, buttonColour(k));
    button(k.cv, -tip[0] + 0.2, tip[1] - 2, 0.45, buttonColour(k));
  }
  k.cv.measure(right);
}

/** A camp (revere) collar lying open. */
export function campCollar(k: Kit, s: UpperSpec): void {
  const nw = s.neckW;
  if (k.back) {
    paint(
      k.cv,
      path(
        [-nw - 3.5, 3.2],
        [
          ['Q', 0, 0.4, nw + 3.5, 3.2],
          ['L', nw + 0.8, -1],
          ['Q', 0, -3.6, -nw - 0.8, -1],
        ],
        true,
      ),
      k.cloth,
      { light: 'flat', noShadow: true },
    );
    return;
  }
  const right = poly([
    [nw - 0.6, -0.8],
    [nw + 4.8, 3],
    [nw + 1.2, 11],
    [1.4, s.depth - 0.5],
    [nw - 1.6, 2.4],
  ]);
  paint(
    k.cv,
    path(
      [-nw, 0.8],
      [
        ['Q', 0, -3.4, nw, 0.8],
        ['L', nw - 1.4, 2.4],
        ['Q', 0, -0.6, -nw + 1.4, 2.4],
      ],
      true,
    ),
    k.cloth,
    { light: 'flat', plain: true, dim: 0.1, noShadow: true },
  );
  paint(k.cv, right, k.cloth, { light: 'flat', noShadow: true });
  paint(k.cv, mirrorPath(right), k.cloth, { light: 'flat', noShadow: true });
}

/** Lapels of a tailored jacket or coat: notch, peak or shawl; `satin` faces them in the accent. */
export function lapels(
  k: Kit,
  s: UpperSpec,
  kind: 'notch' | 'peak' | 'shawl' | 'wide-notch',
  opts: { satin?: boolean; breakY?: number; width?: number } = {},
): void {
  const nw = s.neckW;
  const by = opts.breakY ?? s.depth;
  const w = opts.width ?? 6.5;
  const cloth: Cloth = opts.satin ? { ...k.cloth, base: k.c2, fabric: 'satin', print: 'none' } : { ...k.cloth };
  if (k.back) {
    const collar = path(
      [-nw - 2.8, 2.4],
      [
        ['Q', 0, 0.2, nw + 2.8, 2.4],
        ['L', nw + 0.4, -1.6],
        ['Q', 0, -3.6, -nw - 0.4, -1.6],
      ],
      true,
    );
    paint(k.cv, collar, { ...k.cloth }, { light: 'flat', noShadow: true });
    return;
  }
  let right: string;
  if (kind === 'shawl') {
    right = path(
      [nw - 1, -1.2],
      [
        ['C', nw + w, 1, nw + w + 1.2, by * 0.55, 0.6, by],
        ['L', 0.6, by - 1.5],
        ['C', nw - 1, by * 0.6, nw - 2.2, 6, nw - 2.4, 1.2],
      ],
      true,
    );
  } else {
    const notchY = kind === 'wide-notch' ? 11 : 9;
    const peak = kind === 'peak';
    const wide = kind === 'wide-notch' ? 2.5 : 0;
    right = path(
      [nw - 1, -1.2],
      [
        ['L', nw + 3.6 + wide, 2.4],
        ['L', nw + 3.2 + wide, notchY - 0.6],
        ['L', nw + 1.6 + wide, notchY + (peak ? 0.8 : 0.6)],
        peak ? ['L', nw + w + 2.2 + wide, notchY - 2.6] : ['L', nw + w + wide, notchY + 2],
        ['Q', nw + w - 0.6 + wide, by * 0.72, 0.6, by],
        ['L', 0.6, by - 1.5],
        ['C', nw - 1.2, by * 0.62, nw - 2.2, 6, nw - 2.4, 1.2],
      ],
      true,
    );
  }
  paint(k.cv, right, cloth, {
    light: 'flat',
    noShadow: true,
    highlights: path([nw + 1, 4], [['Q', nw + 2.5, by * 0.5, 2.5, by - 3]]),
  });
  paint(k.cv, mirrorPath(right), cloth, { light: 'flat', noShadow: true });
  // The roll line: a soft shadow where the lapel turns.
  seam(k.cv, pair([nw - 2.2, 1.6], [['C', nw - 2.2, 8, 3, by * 0.7, 0.8, by - 1]]), k.c, 0.8, 0.35);
}

/** A stand or funnel collar (and the zip through it when asked). */
export function standCollar(
  k: Kit,
  s: UpperSpec,
  height = 4,
  opts: { cloth?: Cloth; zip?: boolean; open?: boolean } = {},
): void {
  const nw = s.neckW + 0.4;
  const cloth = opts.cloth ?? k.cloth;
  const top = -height;
  const d = path(
    [-nw, 1.2],
    [
      ['Q', -nw - 0.4, top * 0.4, -nw + 0.6, top],
      ['Q', 0, top - 1.6, nw - 0.6, top],
      ['Q', nw + 0.4, top * 0.4, nw, 1.2],
      ['Q', 0, k.back ? 0 : 2.8, -nw, 1.2],
    ],
    true,
  );
  if (!k.back) {
    // Its inside, seen over the front edge.
    paint(
      k.cv,
      path(
        [-nw + 0.6, top],
        [
          ['Q', 0, top - 1.6, nw - 0.6, top],
          ['Q', 0, top + 1.6, -nw + 0.6, top],
        ],
        true,
      ),
      cloth,
      { light: 'flat', plain: true, dim: 0.3, noShadow: true },
    );
  }
  paint(k.cv, d, cloth, { light: 'body', noShadow: true });
  if (!k.back)
    paint(
      k.cv,
      path(
        [-nw + 0.6, top],
        [
          ['Q', 0, top + 1.8, nw - 0.6, top],
          ['Q', 0, top + 0.6, -nw + 0.6, top],
        ],
        true,
      ),
      cloth,
      { light: 'flat', plain: true, dim: 0.35, noShadow: true },
    );
  if (opts.zip && !k.back) zip(k.cv, path([0, top + 1], [['L', 0, 2.5]]), k.c, hw(k));
}

/** A knitted turtle or roll neck. */
export function turtleNeck(k: Kit, s: UpperSpec): void {
  const nw = s.neckW + 0.8;
  const d = path(
    [-nw, 2],
    [
      ['C', -nw - 1, -2, -nw + 0.5, -6.5, 0, -6.8],
      ['C', nw - 0.5, -6.5, nw + 1, -2, nw, 2],
      ['Q', 0, 4.5, -nw, 2],
    ],
    true,
  );
  paint(
    k.cv,
    d,
    { ...k.cloth, fabric: 'rib', print: 'none' },
    { light: 'body', noShadow: true, folds: path([-nw + 1, -1], [['Q', 0, 1.5, nw - 1, -1]]) },
  );
}

/** A hood standing up behind the neck (front), or lying on the back. */
export function hood(k: Kit, s: UpperSpec, opts: { cords?: boolean; trim?: string; lining?: string } = {}): void {
  const nw = s.neckW;
  if (k.back) {
    const d = path(
      [-nw - 3, -0.5],
      [
        ['C', -nw - 5, 8, -6, 19, 0, 21.5],
        ['C', 6, 19, nw + 5, 8, nw + 3, -0.5],
        ['Q', 0, -3.5, -nw - 3, -0.5],
      ],
      true,
    );
    paint(k.cv, d, k.cloth, {
      light: 'body',
      noShadow: true,
      folds: path([0, 0], [['L', 0, 21]]) + path([-5, 6], [['Q', -3, 12, -1, 17]]),
    });
    seam(k.cv, path([0, -1.8], [['L', 0, 21]]), k.c, 0.9, 0.55);
    return;
  }
  const outer = path(
    [-nw - 3, 3.5],
    [
      ['C', -nw - 5.6, -6, -9.4, -18.5, 0, -19.5],
      ['C', 9.4, -18.5, nw + 5.6, -6, nw + 3, 3.5],
    ],
    true,
  );
  paint(k.cv, outer, k.cloth, { light: 'round', folds: path([-nw - 1.4, -5], [['Q', -7, -13, -2, -17]]) });
  const lining = opts.lining ?? mix(k.c, '#1c1917', isLight(k.c) ? 0.12 : 0.2);
  const inner = path(
    [-4.6, 5.5],
    [
      ['C', -7.6, -1, -6, -13.2, 0, -14.6],
      ['C', 6, -13.2, 7.6, -1, 4.6, 5.5],
      ['L', 0, 8.5],
    ],
    true,
  );
  paint(k.cv, inner, { ...k.cloth, base: lining, print: 'none' }, { light: 'round', plain: true, noShadow: true });
  k.cv.push(`<path d="${inner}" fill="#1c1917" opacity="0.12"/>`);
  // The hood's edge: a soft band round the opening, crossing at the neck.
  const edge = path(
    [-4.6, 5.5],
    [
      ['C', -7.6, -1, -6, -13.2, 0, -14.6],
      ['C', 6, -13.2, 7.6, -1, 4.6, 5.5],
    ],
  );
  k.cv.push(
    `<path d="${edge}" fill="none" stroke="${opts.trim ?? shade(k.c, isDark(k.c) ? -0.08 : -0.05)}" stroke-width="${f(opts.trim ? 3.4 : 2.2)}" stroke-linecap="round"/>`,
  );
  if (opts.trim)
    k.cv.push(
      `<path d="${edge}" fill="none" stroke="${shade(opts.trim, -0.3)}" stroke-width="1.2" stroke-dasharray="0.5 0.7" stroke-linecap="round" opacity="0.8"/>`,
    );
  k.cv.push(
    `<path d="${edge}" fill="none" stroke="${tones(k.c).seam}" stroke-width="${k.cv.px(1)}" opacity="0.5" transform="translate(0 1)"/>`,
  );
  if (opts.cords) {
    const cord = (x: number, len: number) =>
      `<path d="M${f(x)} 4.5Q${f(x * 1.2)} ${f(4.5 + len / 2)} ${f(x * 0.9)} ${f(4.5 + len)}" fill="none" stroke="${shade(k.c, k.c === '#262321' ? -0.5 : 0.12)}" stroke-width="0.9" stroke-linecap="round"/>` +
      `<rect x="${f(x * 0.9 - 0.55)}" y="${f(4.5 + len - 0.2)}" width="1.1" height="2.6" rx="0.4" fill="${shade(k.c, 0.35)}"/>` +
      `<circle cx="${f(x)}" cy="4.5" r="0.7" fill="${metal('silver').fill}" stroke="${metal('silver').edge}" stroke-width="0.25"/>`;
    k.cv.push(cord(2.6, 13) + cord(-2.6, 15));
  }
}
