/** The print of a cloth: stripes, check, floral, leopard... */
import { mix, shade } from '../colour';
import { type Canvas, f, random } from '../svg';
import type { Cloth } from './cloth';

/** The print tile of a cloth, or null. */
export function print(cv: Canvas, cloth: Cloth): string | null {
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
