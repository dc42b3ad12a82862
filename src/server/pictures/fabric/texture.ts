/** The texture of a cloth: its weave or surface (rib, denim twill, fleece pile, quilting, sequins...). */
import { isDark, isLight, shade } from '../colour';
import { type Canvas, f, random } from '../svg';
import type { Cloth } from './cloth';
import { stops } from './light';

/** The texture tile of a fabric, or null for a smooth one. */
export function texture(cv: Canvas, cloth: Cloth): string | null {
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
