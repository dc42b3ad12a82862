/**
 * Printed and embroidered motifs placed once on a garment: the catalogue's anime ramen print, a
 * flutter of butterflies, angel wings, small chest marks (logo, face patch, flag, tick), chest
 * stripes and sleeve stripes. Drawn in body units around a centre point.
 */
import { isDark, mix, shade } from './colour';
import type { Kit, SleeveGeom } from './parts/kit';
import { f, random } from './svg';

const INK = '#2a2420';

/** A bowl of ramen with toppings, chopsticks and steam; `poster` adds the sun disc behind it. */
export function ramen(k: Kit, cx: number, cy: number, size: number, poster: boolean): void {
  const s = size / 20;
  const t = (x: number, y: number) => `${f(cx + x * s)} ${f(cy + y * s)}`;
  const w = (v: number) => f(v * s);
  const out: string[] = [];
  if (poster) {
    out.push(`<circle cx="${f(cx)}" cy="${f(cy - 2 * s)}" r="${w(11)}" fill="#e9a23b" opacity="0.92"/>`);
    out.push(
      `<path d="M${t(-12, 4)}H${t(12, 4).split(' ')[0]}" stroke="${INK}" stroke-width="${w(0.5)}" opacity="0.5"/>`,
    );
  }
  // Steam.
  out.push(
    `<path d="M${t(-4, -6)}c${w(-1.5)} ${w(-2)} ${w(1.5)} ${w(-3)} 0 ${w(-5.5)}M${t(0, -6.5)}c${w(-1.5)} ${w(-2)} ${w(1.5)} ${w(-3)} 0 ${w(-6)}M${t(4, -6)}c${w(-1.5)} ${w(-2)} ${w(1.5)} ${w(-3)} 0 ${w(-5)}" fill="none" stroke="${poster ? '#fffaf0' : '#b7b0a6'}" stroke-width="${w(0.7)}" stroke-linecap="round"/>`,
  );
  // Chopsticks.
  out.push(
    `<path d="M${t(3, -4)}L${t(13, -13)}M${t(5, -3)}L${t(14.5, -11)}" stroke="#8a5a35" stroke-width="${w(0.9)}" stroke-linecap="round"/>`,
  );
  // Broth and noodles.
  out.push(
    `<ellipse cx="${f(cx)}" cy="${f(cy - 2.2 * s)}" rx="${w(9.2)}" ry="${w(2.6)}" fill="#e7b867" stroke="${INK}" stroke-width="${w(0.5)}"/>`,
  );
  out.push(
    `<path d="M${t(-7, -2)}q${w(1.5)} ${w(-1.4)} ${w(3)} 0t${w(3)} 0t${w(3)} 0t${w(3)} 0M${t(-6, -1)}q${w(1.5)} ${w(-1.2)} ${w(3)} 0t${w(3)} 0t${w(3)} 0" fill="none" stroke="#f6d98b" stroke-width="${w(0.6)}"/>`,
  );
  // Egg, narutomaki, nori.
  out.push(
    `<ellipse cx="${f(cx - 4 * s)}" cy="${f(cy - 2.8 * s)}" rx="${w(2.3)}" ry="${w(1.5)}" fill="#fbf7ee" stroke="${INK}" stroke-width="${w(0.35)}"/><circle cx="${f(cx - 4 * s)}" cy="${f(cy - 2.8 * s)}" r="${w(0.9)}" fill="#f0962c"/>`,
  );
  out.push(
    `<circle cx="${f(cx + 1.8 * s)}" cy="${f(cy - 2.6 * s)}" r="${w(1.6)}" fill="#fdf8f2" stroke="${INK}" stroke-width="${w(0.3)}"/><path d="M${t(1.8, -2.6)}m${w(-0.8)} 0a${w(0.8)} ${w(0.8)} 0 1 1 ${w(0.8)} ${w(0.8)}" fill="none" stroke="#e0718d" stroke-width="${w(0.45)}"/>`,
  );
  out.push(
    `<path d="M${t(5.5, -6)}l${w(2.6)} ${w(0.4)}l${w(-0.4)} ${w(4)}l${w(-2.6)} ${w(-0.4)}Z" fill="#2f3b2a" stroke="${INK}" stroke-width="${w(0.3)}"/>`,
  );
  // The bowl.
  out.push(
    `<path d="M${t(-10, -2.2)}Q${t(-10, 8)} ${t(0, 8.5)}Q${t(10, 8)} ${t(10, -2.2)}Q${t(0, 0.6)} ${t(-10, -2.2)}Z" fill="#c8432f" stroke="${INK}" stroke-width="${w(0.6)}"/>`,
  );
  out.push(
    `<path d="M${t(-9, 1.2)}Q${t(0, 3.6)} ${t(9, 1.2)}" fill="none" stroke="#fbf1e2" stroke-width="${w(0.8)}"/>`,
  );
  out.push(
    `<path d="M${t(-6.5, 4.6)}l${w(1.2)} ${w(-1)}l${w(1.2)} ${w(1)}M${t(-1.2, 5.2)}l${w(1.2)} ${w(-1)}l${w(1.2)} ${w(1)}M${t(4, 4.6)}l${w(1.2)} ${w(-1)}l${w(1.2)} ${w(1)}" fill="none" stroke="#fbf1e2" stroke-width="${w(0.45)}"/>`,
  );
  out.push(
    `<path d="M${t(-4, 8.2)}h${w(8)}l${w(-1)} ${w(1.4)}h${w(-6)}Z" fill="#a63424" stroke="${INK}" stroke-width="${w(0.45)}"/>`,
  );
  if (poster) {
    // Sparkles, as an anime print has them.
    for (const [x, y, r] of [
      [-12, -8, 1.4],
      [11, 2, 1],
      [-9, 8, 0.9],
    ] as const) {
      out.push(
        `<path d="M${t(x, y - r)}L${t(x + r * 0.3, y - r * 0.3)}L${t(x + r, y)}L${t(x + r * 0.3, y + r * 0.3)}L${t(x, y + r)}L${t(x - r * 0.3, y + r * 0.3)}L${t(x - r, y)}L${t(x - r * 0.3, y - r * 0.3)}Z" fill="#f7d36a" stroke="${INK}" stroke-width="${w(0.25)}"/>`,
      );
    }
  }
  k.cv.push(`<g>${out.join('')}</g>`);
}

/** One butterfly with open wings. */
function butterfly(cx: number, cy: number, s: number, rot: number, wing: string, edge: string): string {
  const up = `M0 0C${f(-2 * s)} ${f(-5 * s)} ${f(-7.5 * s)} ${f(-6 * s)} ${f(-6.8 * s)} ${f(-1.5 * s)}C${f(-6.2 * s)} ${f(1 * s)} ${f(-2.5 * s)} ${f(0.8 * s)} 0 0Z`;
  const low = `M0 0.3C${f(-1.8 * s)} ${f(1.5 * s)} ${f(-5 * s)} ${f(3.5 * s)} ${f(-3.6 * s)} ${f(5.2 * s)}C${f(-2 * s)} ${f(6.4 * s)} ${f(-0.6 * s)} ${f(3 * s)} 0 0.3Z`;
  const spot = `<circle cx="${f(-4.6 * s)}" cy="${f(-2.6 * s)}" r="${f(0.8 * s)}" fill="#fff" opacity="0.75"/>`;
  const half = `<path d="${up}" fill="${wing}" stroke="${edge}" stroke-width="${f(0.35 * s)}"/><path d="${low}" fill="${mix(wing, '#1c1917', 0.25)}" stroke="${edge}" stroke-width="${f(0.35 * s)}"/>${spot}`;
  return (
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rot)})">` +
    `<g>${half}</g><g transform="scale(-1 1)">${half}</g>` +
    `<path d="M0 ${f(-2 * s)}V${f(3.5 * s)}" stroke="${edge}" stroke-width="${f(0.7 * s)}" stroke-linecap="round"/>` +
    `<path d="M0 ${f(-2 * s)}q${f(-0.6 * s)} ${f(-2 * s)} ${f(-1.6 * s)} ${f(-2.8 * s)}M0 ${f(-2 * s)}q${f(0.6 * s)} ${f(-2 * s)} ${f(1.6 * s)} ${f(-2.8 * s)}" fill="none" stroke="${edge}" stroke-width="${f(0.25 * s)}"/>` +
    `</g>`
  );
}

/** A flutter of butterflies rising across an area. */
export function butterflies(k: Kit, x0: number, y0: number, x1: number, y1: number, count: number): void {
  const rnd = random(k.cloth.seed ^ 0xb0f1);
  const palette = ['#5b3f86', '#3f5f9e', '#2a2538', '#8c5aa8', '#f4efe6'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const x = x0 + (x1 - x0) * t + (rnd() - 0.5) * 5;
    const y = y1 - (y1 - y0) * t + (rnd() - 0.5) * 5;
    const s = 0.55 + rnd() * 0.5 + (i === Math.floor(count / 2) ? 0.35 : 0);
    out.push(butterfly(x, y, s, (rnd() - 0.5) * 50, palette[i % palette.length]!, INK));
  }
  k.cv.push(`<g>${out.join('')}</g>`);
}

/** Angel wings spread across a back from the centre line. */
export function wings(k: Kit, cx: number, cy: number, span: number): void {
  const s = span / 36;
  const fill = '#fbf8f2';
  const edge = mix(k.c, '#6f6259', 0.7);
  const out: string[] = [];
  for (const side of [1, -1]) {
    const g: string[] = [];
    // Rows of feathers, longest at the bottom.
    const rows = [
      { y: -6, n: 5, len: 6, x0: 1.5, x1: 16 },
      { y: -1, n: 6, len: 8, x0: 1.5, x1: 18 },
      { y: 5, n: 6, len: 10, x0: 2, x1: 17 },
    ];
    for (const r of rows) {
      for (let i = 0; i < r.n; i++) {
        const x = r.x0 + ((r.x1 - r.x0) * i) / (r.n - 1);
        const y = r.y - Math.sin((i / (r.n - 1)) * Math.PI * 0.9) * 6 + i * 0.8;
        const l = r.len * (0.75 + (i / r.n) * 0.5);
        g.push(
          `<path d="M${f(x * s)} ${f(y * s)}c${f(1.6 * s)} ${f(l * 0.4 * s)} ${f(1.8 * s)} ${f(l * 0.8 * s)} ${f(0.6 * s)} ${f(l * s)}c${f(-1.6 * s)} ${f(-l * 0.2 * s)} ${f(-2.6 * s)} ${f(-l * 0.6 * s)} ${f(-2.4 * s)} ${f(-l * s)}Z" fill="${fill}" stroke="${edge}" stroke-width="${f(0.35 * s)}"/>`,
        );
      }
    }
    // The wing's shoulder: a soft arc over the feathers.
    g.push(
      `<path d="M${f(1 * s)} ${f(-5 * s)}C${f(6 * s)} ${f(-14 * s)} ${f(14 * s)} ${f(-14 * s)} ${f(19 * s)} ${f(-9 * s)}C${f(14 * s)} ${f(-9 * s)} ${f(7 * s)} ${f(-6 * s)} ${f(2 * s)} ${f(-1 * s)}Z" fill="${fill}" stroke="${edge}" stroke-width="${f(0.4 * s)}"/>`,
    );
    out.push(`<g transform="translate(${f(cx)} ${f(cy)}) scale(${side} 1)">${g.reverse().join('')}</g>`);
  }
  k.cv.push(`<g opacity="0.96">${out.join('')}</g>`);
}

/** A small embroidered mark on the chest. */
export function chestMark(
  k: Kit,
  kind: 'logo' | 'face' | 'flag' | 'swoosh' | 'pony' | 'script',
  x: number,
  y: number,
): void {
  const tonal = isDark(k.c) ? shade(k.c, -0.35) : shade(k.c, 0.3);
  const c2 = k.c2;
  switch (kind) {
    case 'face':
      k.cv.push(
        `<rect x="${f(x - 1.8)}" y="${f(y - 1.8)}" width="3.6" height="3.6" rx="0.3" fill="${isDark(k.c) ? '#e8c9c2' : shade(k.c, 0.12)}"/><circle cx="${f(x - 0.7)}" cy="${f(y - 0.5)}" r="0.3" fill="${INK}"/><circle cx="${f(x + 0.7)}" cy="${f(y - 0.5)}" r="0.3" fill="${INK}"/><path d="M${f(x - 0.8)} ${f(y + 0.6)}q0.8 0.6 1.6 0" fill="none" stroke="${INK}" stroke-width="0.25"/>`,
      );
      return;
    case 'flag':
      k.cv.push(
        `<rect x="${f(x - 2)}" y="${f(y - 1.1)}" width="4" height="2.2" fill="#f6f3ee" stroke="${shade(k.c, 0.3)}" stroke-width="0.15"/><rect x="${f(x - 2)}" y="${f(y - 1.1)}" width="2" height="1.1" fill="#263149"/><rect x="${f(x)}" y="${f(y)}" width="2" height="1.1" fill="#ae2a2d"/>`,
      );
      return;
    case 'swoosh':
      k.cv.push(
        `<path d="M${f(x - 2.4)} ${f(y - 0.2)}q0.3 1.6 1.8 1.2l3.4 -2.2l-3.6 1.4q-1 0.4 -1.6 -0.4Z" fill="${c2}"/>`,
      );
      return;
    case 'pony':
      k.cv.push(
        `<path d="M${f(x - 1.4)} ${f(y + 1)}l0.6 -1.6l1.2 -0.2l0.8 -1l0.4 0.6l-0.4 1l0.6 1.2M${f(x - 0.2)} ${f(y - 0.8)}l0.3 -1.2" fill="none" stroke="${c2}" stroke-width="0.45" stroke-linecap="round"/>`,
      );
      return;
    case 'script':
      k.cv.push(
        `<path d="M${f(x - 3)} ${f(y + 0.5)}c0.8 -2 1.6 -2 1.4 0s0.8 1 1.2 -0.6s1 -1.2 1 0.2s1 0.6 1.4 -0.8s0.9 -0.6 1 0.4" fill="none" stroke="${c2}" stroke-width="0.45" stroke-linecap="round"/>`,
      );
      return;
    default:
      k.cv.push(`<rect x="${f(x - 2.2)}" y="${f(y - 0.7)}" width="4.4" height="1.4" rx="0.5" fill="${tonal}"/>`);
  }
}

/** Bands across the chest and the sleeves at the same height, clipped to the garment. */
export function chestStripes(k: Kit, y: number, shapes: string[]): void {
  const clip = k.cv.id('c');
  k.cv.defs.push(`<clipPath id="${clip}">${shapes.map((d) => `<path d="${d}"/>`).join('')}</clipPath>`);
  const a = k.c2;
  const b = mix(k.c2, '#ffffff', 0.85);
  const bands: [number, number, string][] = [
    [0, 2.6, a],
    [2.6, 1, b],
    [3.6, 1.6, a],
  ];
  const rects = bands
    .map(([dy, h, c]) => `<rect x="-60" y="${f(y + dy)}" width="120" height="${f(h)}" fill="${c}"/>`)
    .join('');
  k.cv.push(
    `<g clip-path="url(#${clip})">${rects}<rect x="-60" y="${f(y)}" width="120" height="5.2" fill="#1c1917" opacity="0.06"/></g>`,
  );
}

/** Three stripes down the outer edge of both sleeves. */
export function sleeveStripes(k: Kit, g: SleeveGeom, colour: string): void {
  const dx = g.o1[0] - g.o0[0];
  const dy = g.o1[1] - g.o0[1];
  const len = Math.hypot(dx, dy);
  const nx = -dy / len;
  const ny = dx / len;
  let d = '';
  for (const off of [1, 2.4, 3.8]) {
    const x0 = g.o0[0] + nx * off + dx * 0.04;
    const y0 = g.o0[1] + ny * off + dy * 0.04;
    const x1 = g.o1[0] + nx * off - dx * 0.1;
    const y1 = g.o1[1] + ny * off - dy * 0.1;
    d += `M${f(x0)} ${f(y0)}L${f(x1)} ${f(y1)}M${f(-x0)} ${f(y0)}L${f(-x1)} ${f(y1)}`;
  }
  k.cv.push(`<path d="${d}" stroke="${colour}" stroke-width="0.75" stroke-linecap="round" opacity="0.95"/>`);
}
