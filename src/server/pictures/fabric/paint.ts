/**
 * Painting a shape in a cloth (base, texture, print, light, folds and edge), and the seams,
 * stitches, buttons, metal and zips drawn over it.
 */
import { isDark, isLight, shade } from '../colour';
import { type Canvas, f } from '../svg';
import type { Light, Cloth } from './cloth';
import { texture } from './texture';
import { print } from './print';
import { SHINY, lightGradient, softFilter } from './light';

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
