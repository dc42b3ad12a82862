/**
 * Cloth: how a shape is painted so it reads as fabric rather than a flat fill. A base colour,
 * a texture for the weave or surface (rib, denim twill, fleece pile, quilting, sequins...), an
 * optional print (stripes, check, floral, leopard...), and light: a cylinder gradient that
 * rounds the body, a sheen for satin, silk and leather, soft fold lines and highlights, and a
 * fine edge. Every definition is shared within one picture.
 */
import { isDark, isLight, mix, shade } from './colour';
import { type Canvas, f, random } from './svg';

export type Fabric =
  | 'plain'
  | 'cotton'
  | 'poplin'
  | 'jersey'
  | 'linen'
  | 'wool'
  | 'flannel'
  | 'crepe'
  | 'twill'
  | 'knit'
  | 'rib'
  | 'cable'
  | 'fleece'
  | 'sherpa'
  | 'quilted'
  | 'puffer'
  | 'denim'
  | 'leather'
  | 'suede'
  | 'satin'
  | 'silk'
  | 'velvet'
  | 'lace'
  | 'sequin'
  | 'tweed'
  | 'nylon'
  | 'ripstop'
  | 'corduroy'
  | 'raffia'
  | 'woven'
  | 'crystal'
  | 'acetate'
  | 'cashmere'
  | 'metal';

export type Print =
  'none' | 'stripes' | 'pinstripe' | 'breton' | 'check' | 'floral' | 'leopard' | 'tortoise' | 'butterfly' | 'grid';

export interface Cloth {
  base: string;
  fabric: Fabric;
  print: Print;
  /** Trims, print and contrast colour. */
  accent: string;
  seed: number;
}

/** How the light falls on a shape. */
export type Light = 'body' | 'sleeve' | 'flat' | 'round' | 'none';

const SHINY: Partial<Record<Fabric, 'satin' | 'leather' | 'velvet' | 'nylon' | 'metal'>> = {
  satin: 'satin',
  silk: 'satin',
  leather: 'leather',
  velvet: 'velvet',
  nylon: 'nylon',
  ripstop: 'nylon',
  puffer: 'nylon',
  metal: 'metal',
  acetate: 'leather',
  crystal: 'metal',
};

function stops(list: [number, string, number][]): string {
  return list.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('');
}

/** The gradients that model light. */
function lightGradient(cv: Canvas, kind: string): string {
  return cv.shared(`light:${kind}`, (id) => {
    switch (kind) {
      case 'body':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">${stops([
          [0, '#1c1917', 0.2],
          [0.16, '#1c1917', 0.04],
          [0.42, '#fff', 0.09],
          [0.62, '#fff', 0.03],
          [0.86, '#1c1917', 0.08],
          [1, '#1c1917', 0.26],
        ])}</linearGradient>`;
      case 'sleeve':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.3">${stops([
          [0, '#1c1917', 0.16],
          [0.35, '#fff', 0.08],
          [0.7, '#1c1917', 0.04],
          [1, '#1c1917', 0.24],
        ])}</linearGradient>`;
      case 'top':
        return `<linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1">${stops([
          [0, '#fff', 0.1],
          [0.45, '#fff', 0],
          [1, '#1c1917', 0.16],
        ])}</linearGradient>`;
      case 'round':
        return `<radialGradient id="${id}" cx="0.36" cy="0.3" r="0.85">${stops([
          [0, '#fff', 0.22],
          [0.45, '#fff', 0.02],
          [1, '#1c1917', 0.28],
        ])}</radialGradient>`;
      case 'satin':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.12">${stops([
          [0, '#1c1917', 0.3],
          [0.14, '#fff', 0.3],
          [0.26, '#1c1917', 0.06],
          [0.42, '#fff', 0.14],
          [0.56, '#fff', 0.42],
          [0.66, '#1c1917', 0.08],
          [0.82, '#fff', 0.18],
          [1, '#1c1917', 0.34],
        ])}</linearGradient>`;
      case 'leather':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.2">${stops([
          [0, '#1c1917', 0.34],
          [0.1, '#fff', 0.34],
          [0.17, '#fff', 0.02],
          [0.55, '#1c1917', 0.02],
          [0.72, '#fff', 0.22],
          [0.78, '#fff', 0.02],
          [1, '#1c1917', 0.38],
        ])}</linearGradient>`;
      case 'velvet':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">${stops([
          [0, '#fff', 0.22],
          [0.12, '#1c1917', 0.22],
          [0.45, '#fff', 0.1],
          [0.6, '#1c1917', 0.12],
          [0.88, '#1c1917', 0.3],
          [1, '#fff', 0.16],
        ])}</linearGradient>`;
      case 'nylon':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.25">${stops([
          [0, '#1c1917', 0.22],
          [0.22, '#fff', 0.22],
          [0.36, '#fff', 0.04],
          [0.7, '#1c1917', 0.06],
          [0.84, '#fff', 0.14],
          [1, '#1c1917', 0.3],
        ])}</linearGradient>`;
      case 'metal':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="1">${stops([
          [0, '#fff', 0.55],
          [0.3, '#1c1917', 0.2],
          [0.5, '#fff', 0.45],
          [0.75, '#1c1917', 0.3],
          [1, '#fff', 0.3],
        ])}</linearGradient>`;
      default:
        return `<linearGradient id="${id}"/>`;
    }
  });
}

/** A soft blur for fold shadows (in body units, so it scales with the garment). */
export function softFilter(cv: Canvas, amount = 2): string {
  return cv.shared(
    `soft:${amount}`,
    (id) =>
      `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${cv.px(amount)}"/></filter>`,
  );
}

/** The texture tile of a fabric, or null for a smooth one. */
function texture(cv: Canvas, cloth: Cloth): string | null {
  const { base, fabric, accent } = cloth;
  const dark = shade(base, isDark(base) ? -0.25 : 0.22);
  const light = shade(base, isLight(base) ? 0.08 : -0.2);
  const key = `tex:${fabric}:${base}:${accent}`;
  const rnd = random(cloth.seed ^ 0x5bd1e995);
  const pat = (id: string, w: number, h: number, inner: string, extra = '') =>
    `<pattern id="${id}" width="${f(w)}" height="${f(h)}" patternUnits="userSpaceOnUse"${extra}>${inner}</pattern>`;
  switch (fabric) {
    case 'rib':
      return cv.shared(key, (id) =>
        pat(
          id,
          1.6,
          4,
          `<rect width="0.55" height="4" fill="${dark}" opacity="0.28"/><rect x="0.8" width="0.35" height="4" fill="${light}" opacity="0.35"/>`,
        ),
      );
    case 'knit':
    case 'cashmere':
      return cv.shared(key, (id) =>
        pat(
          id,
          1.4,
          1.6,
          `<path d="M0 0L0.7 1.2L1.4 0" fill="none" stroke="${dark}" stroke-width="0.25" opacity="0.3"/><path d="M0 0.4L0.7 1.6L1.4 0.4" fill="none" stroke="${light}" stroke-width="0.2" opacity="0.3"/>`,
        ),
      );
    case 'cable':
      return cv.shared(key, (id) =>
        pat(
          id,
          9,
          10,
          `<rect width="1" height="10" fill="${dark}" opacity="0.2"/><rect x="8" width="1" height="10" fill="${dark}" opacity="0.2"/>` +
            `<path d="M2.2 0C2.2 2.5 6.8 2.5 6.8 5M6.8 5C6.8 7.5 2.2 7.5 2.2 10" fill="none" stroke="${light}" stroke-width="1.5" opacity="0.65"/>` +
            `<path d="M6.8 0C6.8 2.5 2.2 2.5 2.2 5M2.2 5C2.2 7.5 6.8 7.5 6.8 10" fill="none" stroke="${dark}" stroke-width="1.5" opacity="0.35"/>` +
            `<path d="M2.2 0C2.2 2.5 6.8 2.5 6.8 5" fill="none" stroke="${light}" stroke-width="1.3" opacity="0.5"/>`,
        ),
      );
    case 'fleece':
    case 'flannel':
    case 'wool':
    case 'jersey':
    case 'crepe': {
      const n = fabric === 'fleece' ? 26 : fabric === 'flannel' ? 22 : 14;
      const size = fabric === 'fleece' ? 0.42 : fabric === 'wool' ? 0.18 : 0.26;
      const dots = Array.from(
        { length: n },
        (_, i) =>
          `<circle cx="${f(rnd() * 6)}" cy="${f(rnd() * 6)}" r="${f(size * (0.6 + rnd() * 0.8))}" fill="${i % 2 ? dark : light}" opacity="${f(fabric === 'crepe' ? 0.16 : fabric === 'wool' ? 0.2 : 0.34)}"/>`,
      ).join('');
      return cv.shared(key, (id) => pat(id, 6, 6, dots));
    }
    case 'sherpa': {
      const curls = Array.from({ length: 16 }, () => {
        const x = rnd() * 6;
        const y = rnd() * 6;
        return `<circle cx="${f(x)}" cy="${f(y)}" r="0.9" fill="${dark}" opacity="0.18"/><circle cx="${f(x - 0.25)}" cy="${f(y - 0.3)}" r="0.55" fill="${shade(base, -0.35)}" opacity="0.55"/>`;
      }).join('');
      return cv.shared(key, (id) => pat(id, 6, 6, curls));
    }
    case 'linen': {
      const slubs = Array.from(
        { length: 9 },
        (_, i) =>
          `<rect x="${f(rnd() * 8)}" y="${f(rnd() * 8)}" width="${f(1.5 + rnd() * 3)}" height="0.22" fill="${i % 3 ? dark : light}" opacity="0.35"/>`,
      ).join('');
      return cv.shared(key, (id) => pat(id, 8, 8, slubs));
    }
    case 'denim':
      return cv.shared(key, (id) =>
        pat(
          id,
          0.9,
          0.9,
          `<rect width="0.9" height="0.9" fill="${shade(base, -0.12)}" opacity="0.2"/><path d="M-0.2 1.1L1.1 -0.2" stroke="${shade(base, 0.3)}" stroke-width="0.3" opacity="0.35"/>`,
        ),
      );
    case 'twill':
    case 'poplin':
    case 'cotton':
      return cv.shared(key, (id) =>
        pat(id, 1.6, 1.6, `<path d="M-0.4 2L2 -0.4" stroke="${dark}" stroke-width="0.2" opacity="0.16"/>`),
      );
    case 'corduroy':
      return cv.shared(key, (id) =>
        pat(
          id,
          1.5,
          4,
          `<rect width="0.5" height="4" fill="${dark}" opacity="0.3"/><rect x="0.8" width="0.4" height="4" fill="${light}" opacity="0.35"/>`,
        ),
      );
    case 'ripstop':
      return cv.shared(key, (id) =>
        pat(id, 3, 3, `<path d="M0 0H3M0 0V3" stroke="${dark}" stroke-width="0.2" opacity="0.35"/>`),
      );
    case 'quilted':
      return cv.shared(key, (id) => {
        const g = `${id}g`;
        return (
          `<radialGradient id="${g}" cx="0.45" cy="0.4" r="0.55">${stops([
            [0, '#fff', 0.24],
            [0.7, '#fff', 0],
            [1, '#1c1917', 0.12],
          ])}</radialGradient>` +
          pat(
            id,
            8,
            8,
            `<path d="M4 0L8 4L4 8L0 4Z" fill="url(#${g})"/>` +
              `<path d="M4 0L8 4L4 8L0 4Z" fill="none" stroke="${shade(base, 0.3)}" stroke-width="0.35" stroke-dasharray="0.6 0.4" opacity="0.7"/>`,
          )
        );
      });
    case 'puffer':
      return cv.shared(key, (id) => {
        const g = `${id}g`;
        return (
          `<linearGradient id="${g}" x1="0" x2="0" y1="0" y2="1">${stops([
            [0, '#1c1917', 0.28],
            [0.18, '#fff', 0.2],
            [0.45, '#fff', 0.1],
            [0.85, '#1c1917', 0.08],
            [1, '#1c1917', 0.36],
          ])}</linearGradient>` + pat(id, 40, 9, `<rect width="40" height="9" fill="url(#${g})"/>`)
        );
      });
    case 'tweed': {
      const flecks = Array.from({ length: 30 }, (_, i) => {
        const x = rnd() * 7;
        const y = rnd() * 7;
        const c = i % 5 === 0 ? accent : i % 2 ? dark : shade(base, -0.3);
        return `<path d="M${f(x)} ${f(y)}l${f(0.5 + rnd())} ${f(rnd() - 0.5)}" stroke="${c}" stroke-width="0.5" stroke-linecap="round" opacity="0.55"/>`;
      }).join('');
      return cv.shared(key, (id) => pat(id, 7, 7, flecks));
    }
    case 'lace':
      // Guipure: little flowers joined by bars, over a darker ground showing through the holes.
      return cv.shared(key, (id) => {
        const hole = shade(base, 0.3);
        const motif = (x: number, y: number) =>
          [0, 72, 144, 216, 288]
            .map(
              (a) =>
                `<ellipse cx="${f(x)}" cy="${f(y - 0.9)}" rx="0.55" ry="0.9" transform="rotate(${a} ${f(x)} ${f(y)})" fill="${shade(base, -0.25)}"/>`,
            )
            .join('') + `<circle cx="${f(x)}" cy="${f(y)}" r="0.45" fill="${hole}" opacity="0.7"/>`;
        return pat(
          id,
          5,
          5,
          `<rect width="5" height="5" fill="${hole}" opacity="0.16"/>` +
            `<path d="M0 2.5H5M2.5 0V5" stroke="${shade(base, -0.2)}" stroke-width="0.35" opacity="0.8"/>` +
            motif(2.5, 2.5) +
            motif(0, 0) +
            motif(5, 0) +
            motif(0, 5) +
            motif(5, 5) +
            `<circle cx="1.25" cy="1.25" r="0.4" fill="${hole}" opacity="0.5"/><circle cx="3.75" cy="3.75" r="0.4" fill="${hole}" opacity="0.5"/>`,
        );
      });
    case 'sequin': {
      const discs: string[] = [];
      for (let y = 0; y < 4; y++) {
        for (let x = 0; x < 4; x++) {
          const cx = x * 1.5 + (y % 2) * 0.75;
          const t = rnd();
          const c = t > 0.85 ? '#fffdf4' : t > 0.55 ? shade(base, -0.35) : t > 0.25 ? base : shade(base, 0.3);
          discs.push(
            `<circle cx="${f(cx)}" cy="${f(y * 1.5)}" r="0.68" fill="${c}" stroke="${shade(base, 0.4)}" stroke-width="0.1"/>`,
          );
        }
      }
      return cv.shared(key, (id) => pat(id, 6, 6, discs.join('')));
    }
    case 'crystal': {
      const facets = Array.from({ length: 20 }, () => {
        const x = rnd() * 5;
        const y = rnd() * 5;
        const t = rnd();
        return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.35 + rnd() * 0.35)}" fill="${t > 0.7 ? '#ffffff' : t > 0.35 ? shade(base, -0.4) : shade(base, 0.3)}"/>`;
      }).join('');
      return cv.shared(key, (id) => pat(id, 5, 5, facets));
    }
    case 'suede': {
      const blots = Array.from(
        { length: 7 },
        (_, i) =>
          `<circle cx="${f(rnd() * 14)}" cy="${f(rnd() * 14)}" r="${f(1.5 + rnd() * 2.5)}" fill="${i % 2 ? dark : light}" opacity="0.14"/>`,
      ).join('');
      return cv.shared(key, (id) => pat(id, 14, 14, blots));
    }
    case 'raffia':
      return cv.shared(key, (id) =>
        pat(
          id,
          4,
          4,
          `<rect width="4" height="4" fill="${shade(base, 0.1)}"/>` +
            `<rect x="0.2" y="0.3" width="1.6" height="1.4" rx="0.5" fill="${shade(base, -0.15)}"/><rect x="2.2" y="2.3" width="1.6" height="1.4" rx="0.5" fill="${shade(base, -0.15)}"/>` +
            `<rect x="2.3" y="0.2" width="1.4" height="1.6" rx="0.5" fill="${shade(base, 0.05)}"/><rect x="0.3" y="2.2" width="1.4" height="1.6" rx="0.5" fill="${shade(base, 0.05)}"/>`,
        ),
      );
    case 'woven':
      return cv.shared(key, (id) =>
        pat(
          id,
          6,
          6,
          `<rect width="6" height="6" fill="${shade(base, 0.2)}"/>` +
            `<rect x="0.25" y="0.25" width="2.5" height="2.5" rx="0.4" fill="${shade(base, -0.1)}"/><rect x="3.25" y="3.25" width="2.5" height="2.5" rx="0.4" fill="${shade(base, -0.1)}"/>` +
            `<rect x="3.25" y="0.25" width="2.5" height="2.5" rx="0.4" fill="${shade(base, 0.05)}"/><rect x="0.25" y="3.25" width="2.5" height="2.5" rx="0.4" fill="${shade(base, 0.05)}"/>` +
            `<path d="M0.6 1.5H2.4M4.5 3.6V5.4" stroke="#fff" stroke-width="0.35" opacity="0.25"/>`,
        ),
      );
    case 'acetate': {
      const blots = Array.from(
        { length: 9 },
        (_, i) =>
          `<ellipse cx="${f(rnd() * 8)}" cy="${f(rnd() * 8)}" rx="${f(0.8 + rnd() * 1.6)}" ry="${f(0.5 + rnd())}" fill="${i % 3 === 0 ? '#e0a35a' : i % 3 === 1 ? '#2a160c' : '#b8742f'}" opacity="0.7"/>`,
      ).join('');
      return cv.shared(key, (id) => pat(id, 8, 8, blots));
    }
    default:
      return null;
  }
}

/** The print tile of a cloth, or null. */
function print(cv: Canvas, cloth: Cloth): string | null {
  const { base, accent, print: kind } = cloth;
  const key = `print:${kind}:${base}:${accent}`;
  const rnd = random(cloth.seed ^ 0x27d4eb2f);
  const pat = (id: string, w: number, h: number, inner: string, extra = '') =>
    `<pattern id="${id}" width="${f(w)}" height="${f(h)}" patternUnits="userSpaceOnUse"${extra}>${inner}</pattern>`;
  switch (kind) {
    case 'stripes':
      return cv.shared(key, (id) => pat(id, 2.6, 4, `<rect width="1.05" height="4" fill="${accent}"/>`));
    case 'pinstripe':
      return cv.shared(key, (id) => pat(id, 3.2, 4, `<rect width="0.22" height="4" fill="${accent}" opacity="0.75"/>`));
    case 'breton':
      return cv.shared(key, (id) => pat(id, 4, 4, `<rect width="4" height="1.3" fill="${accent}"/>`));
    case 'grid':
      return cv.shared(key, (id) =>
        pat(id, 5, 5, `<path d="M0 0H5M0 0V5" stroke="${accent}" stroke-width="0.3" opacity="0.6"/>`),
      );
    case 'check': {
      // A house check: broad darker bands, a thin light line and a thin accent line each way.
      const band = shade(base, 0.55);
      return cv.shared(key, (id) =>
        pat(
          id,
          16,
          16,
          `<rect x="0" y="0" width="16" height="3.2" fill="${band}" opacity="0.5"/><rect x="0" y="0" width="3.2" height="16" fill="${band}" opacity="0.5"/>` +
            `<rect x="0" y="9" width="16" height="0.55" fill="#f6f1e8" opacity="0.85"/><rect x="9" y="0" width="0.55" height="16" fill="#f6f1e8" opacity="0.85"/>` +
            `<rect x="0" y="12.6" width="16" height="0.45" fill="${accent}" opacity="0.9"/><rect x="12.6" y="0" width="0.45" height="16" fill="${accent}" opacity="0.9"/>` +
            `<rect x="0" y="5.2" width="16" height="0.3" fill="${band}" opacity="0.6"/><rect x="5.2" y="0" width="0.3" height="16" fill="${band}" opacity="0.6"/>`,
        ),
      );
    }
    case 'floral': {
      // Painterly flowers: five soft petals round a heart, with leaves, scattered on a tile.
      const petal = accent;
      const petal2 = mix(accent, '#fdf6ec', 0.45);
      const leaf = '#6f7f52';
      const flowers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const cx = rnd() * 22;
        const cy = rnd() * 22;
        const r = 1.6 + rnd() * 1.3;
        const rot = rnd() * 72;
        const fill = i % 2 ? petal : petal2;
        flowers.push(
          `<path d="M${f(cx)} ${f(cy)}q${f(r * 1.8)} ${f(-r * 0.4)} ${f(r * 2.4)} ${f(r * 0.9)}" stroke="${leaf}" stroke-width="0.55" fill="none" opacity="0.7" transform="rotate(${f(rot * 3)} ${f(cx)} ${f(cy)})"/>` +
            `<ellipse cx="${f(cx + r * 1.6)}" cy="${f(cy + r * 0.6)}" rx="${f(r * 0.55)}" ry="${f(r * 0.25)}" fill="${leaf}" opacity="0.65" transform="rotate(${f(rot * 3 + 25)} ${f(cx)} ${f(cy)})"/>` +
            `<g transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})" opacity="0.92">` +
            [0, 72, 144, 216, 288]
              .map(
                (a) =>
                  `<ellipse cx="${f(cx)}" cy="${f(cy - r * 0.62)}" rx="${f(r * 0.42)}" ry="${f(r * 0.62)}" fill="${fill}" transform="rotate(${a} ${f(cx)} ${f(cy)})"/>`,
              )
              .join('') +
            `</g><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.26)}" fill="#d9a441"/>`,
        );
      }
      const dots = Array.from(
        { length: 8 },
        () => `<circle cx="${f(rnd() * 22)}" cy="${f(rnd() * 22)}" r="0.45" fill="${petal}" opacity="0.6"/>`,
      ).join('');
      return cv.shared(key, (id) => pat(id, 22, 22, flowers.join('') + dots));
    }
    case 'leopard': {
      const spots = Array.from({ length: 9 }, () => {
        const x = rnd() * 12;
        const y = rnd() * 12;
        return `<path d="M${f(x)} ${f(y)}c1 -1.2 2.6 -0.6 2.4 0.6M${f(x + 2.8)} ${f(y + 1.2)}c0.4 1 -0.6 2 -1.6 1.8M${f(x + 0.6)} ${f(y + 2.8)}c-1 0 -1.6 -1 -1.2 -1.8" stroke="${shade(base, 0.7)}" stroke-width="0.7" fill="none" stroke-linecap="round"/><circle cx="${f(x + 0.9)}" cy="${f(y + 1.2)}" r="0.9" fill="${shade(base, 0.25)}"/>`;
      }).join('');
      return cv.shared(key, (id) => pat(id, 12, 12, spots));
    }
    case 'tortoise': {
      const blots = Array.from(
        { length: 10 },
        (_, i) =>
          `<ellipse cx="${f(rnd() * 10)}" cy="${f(rnd() * 10)}" rx="${f(0.8 + rnd() * 1.8)}" ry="${f(0.6 + rnd() * 1.1)}" fill="${i % 3 === 0 ? '#dba25c' : i % 3 === 1 ? '#2b160b' : '#a9662b'}" opacity="0.75"/>`,
      ).join('');
      return cv.shared(key, (id) => pat(id, 10, 10, blots));
    }
    default:
      return null;
  }
}

/** Seam, stitch and edge tones that show on this colour. */
export function tones(base: string) {
  const dark = isDark(base);
  return {
    edge: dark ? shade(base, -0.22) : shade(base, isLight(base) ? 0.28 : 0.34),
    seam: dark ? shade(base, -0.28) : shade(base, isLight(base) ? 0.2 : 0.3),
    fold: dark ? '#000000' : shade(base, 0.55),
    hi: dark ? shade(base, -0.5) : '#ffffff',
    inside: dark ? shade(base, -0.1) : shade(base, 0.3),
  };
}

export interface PaintOptions {
  light?: Light;
  /** Fold lines (open subpaths): a soft shadow with a highlight beside it. */
  folds?: string;
  /** Extra highlights (open subpaths). */
  highlights?: string;
  /** No print or texture: the inside of a garment, a lining. */
  plain?: boolean;
  /** Draw the fine outline (default true). */
  edge?: boolean;
  /** Leave out of the soft drop shadow. */
  noShadow?: boolean;
  /** Darken the whole shape (shadowed parts: the inside of the back, the far shoe). */
  dim?: number;
  /** Holes by the even-odd rule (a belt's ring, a frame round a lens). */
  evenodd?: boolean;
}

/**
 * Paints one closed shape in a cloth: base, texture, print, light, folds and edge. The shape
 * is measured for the frame and casts the picture's soft shadow.
 */
export function paint(cv: Canvas, d: string, cloth: Cloth, opts: PaintOptions = {}): void {
  const light = opts.light ?? 'body';
  const t = tones(cloth.base);
  const id = cv.id('s');
  cv.measure(d);
  if (!opts.noShadow) cv.castShadow(d, opts.evenodd);
  cv.defs.push(`<path id="${id}" d="${d}"${opts.evenodd ? ' fill-rule="evenodd"' : ''}/>`);
  const use = (attrs: string) => `<use href="#${id}" ${attrs}/>`;
  const parts: string[] = [use(`fill="${opts.dim ? shade(cloth.base, opts.dim) : cloth.base}"`)];
  if (!opts.plain) {
    const tex = texture(cv, cloth);
    if (tex) parts.push(use(`fill="url(#${tex})"`));
    const pr = print(cv, cloth);
    if (pr) parts.push(use(`fill="url(#${pr})"`));
  }
  const shiny = SHINY[cloth.fabric];
  if (light !== 'none') {
    if (light === 'round') parts.push(use(`fill="url(#${lightGradient(cv, 'round')})"`));
    else {
      parts.push(use(`fill="url(#${lightGradient(cv, light === 'flat' ? 'top' : light)})"`));
      if (light !== 'flat') parts.push(use(`fill="url(#${lightGradient(cv, 'top')})"`));
    }
    if (shiny && !opts.plain) parts.push(use(`fill="url(#${lightGradient(cv, shiny)})"`));
  }
  if (opts.dim) parts.push(use(`fill="#1c1917" opacity="${f(Math.min(0.5, opts.dim))}"`));
  if (opts.folds || opts.highlights) {
    const clip = cv.id('c');
    cv.defs.push(`<clipPath id="${clip}"><use href="#${id}"${opts.evenodd ? ' clip-rule="evenodd"' : ''}/></clipPath>`);
    const soft = softFilter(cv, 2);
    const strong = shiny ? 1.5 : 1;
    let g = `<g clip-path="url(#${clip})" fill="none" stroke-linecap="round">`;
    if (opts.folds) {
      g += `<path d="${opts.folds}" stroke="${t.fold}" stroke-width="${cv.px(5)}" opacity="${f(0.2 * strong)}" filter="url(#${soft})"/>`;
      g += `<path d="${opts.folds}" stroke="${t.fold}" stroke-width="${cv.px(0.9)}" opacity="${f(0.1 * strong)}"/>`;
      g += `<path d="${opts.folds}" transform="translate(${cv.px(2.6)} 0)" stroke="${t.hi}" stroke-width="${cv.px(3)}" opacity="${f(0.16 * strong)}" filter="url(#${soft})"/>`;
    }
    if (opts.highlights)
      g += `<path d="${opts.highlights}" stroke="${t.hi}" stroke-width="${cv.px(4)}" opacity="${f(0.22 * strong)}" filter="url(#${soft})"/>`;
    parts.push(g + '</g>');
  }
  if (opts.edge !== false)
    parts.push(
      use(`fill="none" stroke="${t.edge}" stroke-width="${cv.px(1.1)}" stroke-linejoin="round" opacity="0.75"`),
    );
  cv.push(parts.join(''));
}

/** A seam line (solid) in the cloth's seam tone. */
export function seam(cv: Canvas, d: string, base: string, width = 1, opacity = 0.7): void {
  cv.push(
    `<path d="${d}" fill="none" stroke="${tones(base).seam}" stroke-width="${cv.px(width)}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`,
  );
}

/** Topstitching: a fine dashed line, tonal or in a contrast thread. */
export function stitch(cv: Canvas, d: string, colour: string, width = 0.8): void {
  cv.push(
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${cv.px(width)}" stroke-dasharray="${cv.px(2.4)} ${cv.px(1.6)}" stroke-linecap="round" opacity="0.85"/>`,
  );
}

/** A plain filled shape (hardware, trims) with an optional edge; measured but casts no shadow. */
export function solid(cv: Canvas, d: string, fill: string, edge?: string, width = 0.8): void {
  cv.measure(d);
  cv.push(
    `<path d="${d}" fill="${fill}"${edge ? ` stroke="${edge}" stroke-width="${cv.px(width)}" stroke-linejoin="round"` : ''}/>`,
  );
}

/** A shirt or coat button: a disc with a rim and two holes. */
export function button(cv: Canvas, x: number, y: number, r: number, colour: string): void {
  const rim = shade(colour, isDark(colour) ? -0.3 : 0.35);
  cv.push(
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${colour}" stroke="${rim}" stroke-width="${cv.px(0.8)}"/>` +
      (r > 0.9
        ? `<circle cx="${f(x - r * 0.28)}" cy="${f(y)}" r="${f(r * 0.14)}" fill="${rim}"/><circle cx="${f(x + r * 0.28)}" cy="${f(y)}" r="${f(r * 0.14)}" fill="${rim}"/>`
        : '') +
      `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.35)}" r="${f(r * 0.3)}" fill="#fff" opacity="0.35"/>`,
  );
}

/** Metal hardware: gold, silver or gunmetal with a highlight. */
export function metal(kind: 'gold' | 'silver' | 'gunmetal'): { fill: string; edge: string } {
  if (kind === 'gold') return { fill: '#c9a25a', edge: '#8a6a2e' };
  if (kind === 'silver') return { fill: '#cfd1d3', edge: '#8b8e91' };
  return { fill: '#5b5e62', edge: '#2e3033' };
}

/** A zip: the tape and the teeth along a path, with a pull at its start. */
export function zip(
  cv: Canvas,
  d: string,
  base: string,
  hardware: 'gold' | 'silver' | 'gunmetal' = 'silver',
  pull?: [number, number],
): void {
  const m = metal(hardware);
  const tape = tones(base).seam;
  cv.push(
    `<path d="${d}" fill="none" stroke="${tape}" stroke-width="${cv.px(3.4)}" stroke-linecap="round" opacity="0.55"/>` +
      `<path d="${d}" fill="none" stroke="${m.fill}" stroke-width="${cv.px(2)}" stroke-dasharray="${cv.px(0.7)} ${cv.px(0.6)}"/>`,
  );
  if (pull) {
    const [x, y] = pull;
    cv.push(
      `<path d="M${f(x - 0.45)} ${f(y - 0.3)}h0.9v2.4a0.45 0.45 0 0 1 -0.9 0Z" fill="${m.fill}" stroke="${m.edge}" stroke-width="${cv.px(0.7)}"/>`,
    );
  }
}
