/**
 * The drawing surface of the picture generator: path building in "body units" (a figure whose
 * neck is at (0, 0), shoulders at y 3, waist at y 44, ankles at y 150), a bounding box that
 * follows every shape drawn, and the SVG text itself. Pure string building, no DOM.
 */

/** A number as SVG text, one decimal at most. */
export const f = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

export type Pt = readonly [number, number];

/** A path segment after a start point: line, quadratic or cubic curve (absolute coordinates). */
export type Seg =
  | readonly ['L', number, number]
  | readonly ['Q', number, number, number, number]
  | readonly ['C', number, number, number, number, number, number];

function segText(s: Seg): string {
  return (
    s[0] +
    s
      .slice(1)
      .map((v) => f(v as number))
      .join(' ')
  );
}

/** A path from a start point and segments (open unless `close`). */
export function path(start: Pt, segs: readonly Seg[], close = false): string {
  return `M${f(start[0])} ${f(start[1])}` + segs.map(segText).join('') + (close ? 'Z' : '');
}

function endOf(s: Seg): Pt {
  return [s[s.length - 2] as number, s[s.length - 1] as number];
}

/** The same segments walked backwards and mirrored in x = 0. */
function mirrorBack(start: Pt, segs: readonly Seg[]): Seg[] {
  const out: Seg[] = [];
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const from = i === 0 ? start : endOf(segs[i - 1]!);
    const to: [number, number] = [-from[0], from[1]];
    if (s[0] === 'L') out.push(['L', ...to]);
    else if (s[0] === 'Q') out.push(['Q', -s[1], s[2], ...to]);
    else out.push(['C', -s[3], s[4], -s[1], s[2], ...to]);
  }
  return out;
}

/**
 * A closed shape symmetric about x = 0: `segs` walk its right half from `start` (usually on the
 * centre line, at the top) to a point on the centre line at the bottom; the left half is the
 * mirror image walked back.
 */
export function sym(start: Pt, segs: readonly Seg[]): string {
  return path(start, [...segs, ...mirrorBack(start, segs)], true);
}

/** A right-half open path and its mirror image, as two subpaths (seams, folds). */
export function pair(start: Pt, segs: readonly Seg[]): string {
  const m: Pt = [-start[0], start[1]];
  const mirrored = segs.map((s): Seg => {
    if (s[0] === 'L') return ['L', -s[1], s[2]];
    if (s[0] === 'Q') return ['Q', -s[1], s[2], -s[3], s[4]];
    return ['C', -s[1], s[2], -s[3], s[4], -s[5], s[6]];
  });
  return path(start, segs) + path(m, mirrored);
}

/** Mirrors a whole path string in x = 0 (every x coordinate negated; absolute M/L/Q/C/Z only). */
export function mirrorPath(d: string): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (n) => (i++ % 2 === 0 ? f(-Number(n)) : n));
}

/** Moves a path string by (dx, dy) (absolute M/L/Q/C/Z only). */
export function movePath(d: string, dx: number, dy: number): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (n) => f(Number(n) + (i++ % 2 === 0 ? dx : dy)));
}

/** A closed smooth curve through points (Catmull-Rom as cubic Béziers). */
export function blob(points: readonly Pt[], tension = 1): string {
  const n = points.length;
  const segs: Seg[] = [];
  for (let i = 0; i < n; i++) {
    const p0 = points[(i - 1 + n) % n]!;
    const p1 = points[i]!;
    const p2 = points[(i + 1) % n]!;
    const p3 = points[(i + 2) % n]!;
    const k = tension / 6;
    segs.push([
      'C',
      p1[0] + (p2[0] - p0[0]) * k,
      p1[1] + (p2[1] - p0[1]) * k,
      p2[0] - (p3[0] - p1[0]) * k,
      p2[1] - (p3[1] - p1[1]) * k,
      p2[0],
      p2[1],
    ]);
  }
  return path(points[0]!, segs, true);
}

/** An open smooth curve through points. */
export function curve(points: readonly Pt[], tension = 1): string {
  const n = points.length;
  const segs: Seg[] = [];
  for (let i = 0; i < n - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(n - 1, i + 2)]!;
    const k = tension / 6;
    segs.push([
      'C',
      p1[0] + (p2[0] - p0[0]) * k,
      p1[1] + (p2[1] - p0[1]) * k,
      p2[0] - (p3[0] - p1[0]) * k,
      p2[1] - (p3[1] - p1[1]) * k,
      p2[0],
      p2[1],
    ]);
  }
  return path(points[0]!, segs);
}

/** A polygon through points. */
export function poly(points: readonly Pt[], close = true): string {
  return path(
    points[0]!,
    points.slice(1).map((p): Seg => ['L', p[0], p[1]]),
    close,
  );
}

/** A rectangle with rounded corners as a path. */
export function roundRect(x: number, y: number, w: number, h: number, r: number): string {
  const q = Math.min(r, w / 2, h / 2);
  return path(
    [x + q, y],
    [
      ['L', x + w - q, y],
      ['Q', x + w, y, x + w, y + q],
      ['L', x + w, y + h - q],
      ['Q', x + w, y + h, x + w - q, y + h],
      ['L', x + q, y + h],
      ['Q', x, y + h, x, y + h - q],
      ['L', x, y + q],
      ['Q', x, y, x + q, y],
    ],
    true,
  );
}

/** An ellipse as a path (so it can be moved, mirrored and measured like any other). */
export function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  return path(
    [cx + rx, cy],
    [
      ['C', cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry],
      ['C', cx - rx * k, cy + ry, cx - rx, cy + ry * k, cx - rx, cy],
      ['C', cx - rx, cy - ry * k, cx - rx * k, cy - ry, cx, cy - ry],
      ['C', cx + rx * k, cy - ry, cx + rx, cy - ry * k, cx + rx, cy],
    ],
    true,
  );
}

/** A deterministic pseudo-random sequence in [0, 1) from a seed (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A small stable hash of a string (FNV-1a), for seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The extent of everything drawn, in the picture's frame. */
export class Box {
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  add(x: number, y: number): void {
    if (x < this.minX) this.minX = x;
    if (y < this.minY) this.minY = y;
    if (x > this.maxX) this.maxX = x;
    if (y > this.maxY) this.maxY = y;
  }
  get empty(): boolean {
    return this.minX === Infinity;
  }
  get width(): number {
    return this.maxX - this.minX;
  }
  get height(): number {
    return this.maxY - this.minY;
  }
}

interface Frame {
  tx: number;
  ty: number;
  s: number;
  /** -1 when mirrored left to right. */
  fx: number;
}

/**
 * The SVG being written: definitions (gradients, patterns, clip paths), the garment layers, and
 * the silhouettes that cast the soft shadow. Shapes drawn inside `at()` are moved and scaled;
 * the bounding box follows them.
 */
export class Canvas {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  readonly shadows: string[] = [];
  readonly box = new Box();
  private frame: Frame = { tx: 0, ty: 0, s: 1, fx: 1 };
  private ids = 0;
  private cache = new Map<string, string>();

  /**
   * @param view which side is drawn
   * @param seed for the pseudo-random parts of textures and prints
   */
  constructor(
    readonly view: 'front' | 'back' | 'detail',
    readonly seed: number,
  ) {}

  /**
   * A length in picture pixels (stroke widths, dashes, blurs). The scale is known only once
   * everything is drawn and measured, so this writes a marker that `resolve` replaces.
   */
  px(k: number): string {
    return `\u00a7${f(k)}\u00a7`;
  }

  /** The SVG text of `parts` with every pixel marker turned into body units (u per pixel). */
  static resolve(text: string, u: number): string {
    return text.replace(/\u00a7(-?[\d.]+)\u00a7/g, (_, k: string) => f(Number(k) * u));
  }

  get back(): boolean {
    return this.view === 'back';
  }

  id(prefix: string): string {
    return `${prefix}${++this.ids}`;
  }

  /** A definition shared by every shape that asks for the same key (one gradient per colour...). */
  shared(key: string, make: (id: string) => string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = this.id('d');
    this.defs.push(make(id));
    this.cache.set(key, id);
    return id;
  }

  /** Records the points of a path in the bounding box. */
  measure(d: string): void {
    const nums = d.match(/-?\d+(?:\.\d+)?/g);
    if (!nums) return;
    const { tx, ty, s, fx } = this.frame;
    for (let i = 0; i + 1 < nums.length; i += 2)
      this.box.add(tx + Number(nums[i]) * s * fx, ty + Number(nums[i + 1]) * s);
  }

  push(svg: string): void {
    this.body.push(svg);
  }

  /** A silhouette for the soft shadow behind the garment. */
  castShadow(d: string, evenodd = false): void {
    const { tx, ty, s, fx } = this.frame;
    const rule = evenodd ? ' fill-rule="evenodd"' : '';
    this.shadows.push(
      tx === 0 && ty === 0 && s === 1 && fx === 1
        ? `<path d="${d}"${rule}/>`
        : `<path transform="translate(${f(tx)} ${f(ty)}) scale(${f(s * fx)} ${f(s)})" d="${d}"${rule}/>`,
    );
  }

  /** Draws `fn` moved by (tx, ty), scaled by s, and mirrored left to right when `flip`. */
  at(tx: number, ty: number, s: number, fn: () => void, flip = false): void {
    const outer = this.frame;
    this.frame = {
      tx: outer.tx + tx * outer.s * outer.fx,
      ty: outer.ty + ty * outer.s,
      s: outer.s * s,
      fx: outer.fx * (flip ? -1 : 1),
    };
    this.push(
      `<g transform="translate(${f(tx)} ${f(ty)})${s === 1 && !flip ? '' : ` scale(${f(flip ? -s : s)} ${f(s)})`}">`,
    );
    fn();
    this.push('</g>');
    this.frame = outer;
  }
}
