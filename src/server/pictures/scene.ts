/**
 * A picture: the garment (or the pieces of an outfit) resolved from the item's look, drawn on
 * the figure, measured, and fitted into a square studio frame with a soft shadow. Three views:
 * the front, the back, and a close-up of the front (the detail).
 */
import { hexOf, isDark, isLight, luminance, mix } from './colour';
import type { Cloth, Fabric } from './fabric/cloth';
import { type Focus, type Worn, OUTER_TYPES, LOWER_TYPES, UPPER_TYPES } from './garments/common';
import { drawCoat } from './garments/coats';
import { drawDress, drawJumpsuit } from './garments/dresses';
import { drawHoodie, drawKnit, drawTop } from './garments/tops';
import { drawJacket } from './garments/jackets';
import { drawShirt, drawTie } from './garments/shirts';
import { drawShorts, drawTrousers } from './garments/trousers';
import { drawSkirt } from './garments/skirts';
import { drawBag } from './accessories/bags';
import { drawBelt, drawHat, drawJewellery, drawScarf, drawSunglasses } from './accessories/small';
import { drawShoes } from './accessories/shoes';
import type { Look, Piece } from './look/schema';
import type { Kit } from './parts/kit';
import { Canvas, escapeXml, f } from './svg';

export type View = 'front' | 'back' | 'detail';

const SIZE = 400;
/** The content's largest extent in the frame. */
const MAX_W = 292;
const MAX_H = 312;
const CENTRE_Y = 194;
const DETAIL_ZOOM = 2.7;

const WARM = new Set([
  'camel',
  'tan',
  'brown',
  'cognac',
  'cream',
  'ivory',
  'sand',
  'burgundy',
  'rust',
  'gold',
  'khaki',
  'olive',
  'chocolate',
  'straw',
]);

function defaultFabric(p: Piece): Fabric {
  switch (p.type) {
    case 'dress':
      return p.cut === 'slip' ? 'satin' : p.cut === 'sundress' ? 'cotton' : 'crepe';
    case 'skirt':
      return p.cut === 'slip' ? 'satin' : p.cut === 'pleated' ? 'crepe' : 'wool';
    case 'trousers':
      return p.cut === 'jeans'
        ? 'denim'
        : p.cut === 'joggers'
          ? 'jersey'
          : p.cut === 'slip'
            ? 'satin'
            : p.cut === 'cargo' || p.cut === 'hiking'
              ? 'twill'
              : 'wool';
    case 'shorts':
      return 'cotton';
    case 'jumpsuit':
      return p.cut === 'ski' ? 'nylon' : 'wool';
    case 'top':
      return p.cut === 'corset'
        ? 'satin'
        : p.cut === 'cami'
          ? 'silk'
          : p.cut === 'tank'
            ? 'rib'
            : p.cut === 'polo'
              ? 'knit'
              : 'jersey';
    case 'shirt':
      return p.cut === 'blouse' ? 'silk' : 'poplin';
    case 'knit':
      return 'knit';
    case 'hoodie':
      return 'jersey';
    case 'jacket':
      return p.cut === 'biker'
        ? 'leather'
        : p.cut === 'denim'
          ? 'denim'
          : p.cut === 'quilted'
            ? 'quilted'
            : p.cut === 'tweed'
              ? 'tweed'
              : p.cut === 'fleece'
                ? 'sherpa'
                : p.cut === 'down'
                  ? 'puffer'
                  : p.cut === 'shell' || p.cut === 'wind'
                    ? 'nylon'
                    : p.cut === 'track'
                      ? 'jersey'
                      : p.cut === 'field'
                        ? 'twill'
                        : 'wool';
    case 'coat':
      return p.cut === 'puffer' ? 'puffer' : p.cut === 'trench' ? 'twill' : 'wool';
    case 'bag':
      return p.cut === 'basket' ? 'raffia' : 'leather';
    case 'shoes':
    case 'belt':
      return 'leather';
    case 'scarf':
      return 'cashmere';
    case 'sunglasses':
      return 'acetate';
    case 'hat':
      return 'wool';
    case 'tie':
      return 'silk';
    default:
      return 'plain';
  }
}

/** A piece's colours, cloth and hardware. */
function kitFor(cv: Canvas, p: Piece, itemColour: string, seed: number): Kit {
  const colourWord = (p.colour ?? itemColour).toLowerCase();
  const c = hexOf(colourWord);
  const c2 = p.colour2 ? hexOf(p.colour2) : isLight(c) ? '#2f3447' : isDark(c) ? '#efe6d6' : mix(c, '#1c1917', 0.55);
  const cloth: Cloth = { base: c, fabric: p.fabric ?? defaultFabric(p), print: p.print ?? 'none', accent: c2, seed };
  const hardware = p.hardware ?? (WARM.has(colourWord) ? 'gold' : 'silver');
  return { cv, cloth, c, c2, hardware, back: cv.back };
}

/** Small goods are turned round for the back view: the same piece, seen from its other side. */
const TURNED = new Set(['bag', 'belt', 'scarf', 'sunglasses', 'hat', 'jewellery']);

/** Draws one piece; returns its close-up point. */
function drawPiece(k: Kit, p: Piece, worn: Worn = {}): Focus {
  if (k.back && TURNED.has(p.type)) {
    let focus: Focus = [0, 0];
    k.cv.at(
      0,
      0,
      1,
      () => {
        const f0 = drawOne(k, p, worn);
        focus = [-f0[0], f0[1]];
      },
      true,
    );
    return focus;
  }
  return drawOne(k, p, worn);
}

function drawOne(k: Kit, p: Piece, worn: Worn): Focus {
  switch (p.type) {
    case 'dress':
      return drawDress(k, p);
    case 'skirt':
      return drawSkirt(k, p, worn);
    case 'trousers':
      return drawTrousers(k, p, worn);
    case 'shorts':
      return drawShorts(k, p);
    case 'jumpsuit':
      return drawJumpsuit(k, p);
    case 'top':
      return drawTop(k, p, worn);
    case 'shirt':
      return drawShirt(k, p, worn);
    case 'knit':
      return drawKnit(k, p, worn);
    case 'hoodie':
      return drawHoodie(k, p, worn);
    case 'jacket':
      return drawJacket(k, p, worn);
    case 'coat':
      return drawCoat(k, p, worn);
    case 'bag':
      return drawBag(k, p);
    case 'shoes':
      return drawShoes(k, p);
    case 'belt':
      return drawBelt(k, p);
    case 'scarf':
      return drawScarf(k, p);
    case 'sunglasses':
      return drawSunglasses(k, p);
    case 'hat':
      return drawHat(k, p);
    case 'jewellery':
      return drawJewellery(k, p);
    case 'tie':
      return drawTie(k, p);
    default:
      return drawTop(k, p, worn);
  }
}

/** An outfit on the figure: inner top tucked in, the bottom over it, a tie, the outer layer. */
function drawWorn(cv: Canvas, pieces: Piece[], colour: string, seed: number): Focus {
  const outer = pieces.filter((p) => OUTER_TYPES.has(p.type));
  const upper = pieces.filter((p) => UPPER_TYPES.has(p.type));
  const lower = pieces.filter((p) => LOWER_TYPES.has(p.type) || p.type === 'jumpsuit' || p.type === 'dress');
  const ties = pieces.filter((p) => p.type === 'tie');
  const rest = pieces.filter(
    (p) => !outer.includes(p) && !upper.includes(p) && !lower.includes(p) && !ties.includes(p),
  );
  let focus: Focus | null = null;
  const hasLower = lower.length > 0;
  if (outer.length && !upper.length && outer.some((p) => p.cut === 'blazer' || p.type === 'coat')) {
    // A shell under an open tailored jacket, so its neckline does not show the backdrop.
    upper.push({
      type: 'top',
      cut: 'tee',
      neckline: 'scoop',
      sleeves: 'none',
      colour: isDark(hexOf(outer[0]!.colour ?? colour)) ? 'ivory' : 'ivory',
      fabric: 'silk',
    });
  }
  for (const p of upper) {
    const f0 = drawPiece(kitFor(cv, p, colour, seed), p, { tucked: hasLower });
    focus ??= outer.length ? null : f0;
  }
  for (const p of lower) drawPiece(kitFor(cv, p, colour, seed), p, {});
  for (const p of ties) drawPiece(kitFor(cv, p, colour, seed), p);
  for (const p of outer) focus = drawPiece(kitFor(cv, p, colour, seed), p, { over: true });
  for (const p of rest) drawPiece(kitFor(cv, p, colour, seed), p);
  return focus ?? [0, 14];
}

/** Pieces laid side by side (a suit, a set): the first top-left and on top, the next lower right. */
function drawLaidOut(cv: Canvas, pieces: Piece[], colour: string, seed: number): Focus {
  const boxes = pieces.map((p) => {
    const scratch = new Canvas(cv.view, seed);
    drawPiece(kitFor(scratch, p, colour, seed), p);
    return scratch.box;
  });
  // Side by side, the next piece overlapping the last one's sleeve and set a little lower.
  const offsets: [number, number][] = [];
  let x = 0;
  const tallest = Math.max(...boxes.map((b) => b.height));
  for (let i = 0; i < pieces.length; i++) {
    const b = boxes[i]!;
    const y = i === 0 ? 0 : Math.max(0, tallest - b.height) * 0.55 + tallest * 0.06;
    offsets.push([x - b.minX, y - b.minY]);
    x += b.width * 0.8;
  }
  let focus: Focus = [0, 0];
  for (let i = pieces.length - 1; i >= 0; i--) {
    const [ox, oy] = offsets[i]!;
    cv.at(ox, oy, 1, () => {
      const fc = drawPiece(kitFor(cv, pieces[i]!, colour, seed), pieces[i]!);
      if (i === 0) focus = [fc[0] + ox, fc[1] + oy];
    });
  }
  return focus;
}

function drawLook(cv: Canvas, look: Look, colour: string, seed: number): Focus {
  if (look.pieces && look.pieces.length > 1) {
    return look.layout === 'pieces'
      ? drawLaidOut(cv, look.pieces, colour, seed)
      : drawWorn(cv, look.pieces, colour, seed);
  }
  return drawPiece(kitFor(cv, look, colour, seed), look);
}

/** The backdrop: warm studio paper, a little deeper behind pale garments so they stand out. */
function backdrop(main: string): { top: string; bottom: string } {
  const l = luminance(main);
  if (l > 0.7) return { top: '#ece4d8', bottom: '#dcd0bf' };
  if (l > 0.5) return { top: '#f3ede5', bottom: '#e4dacd' };
  return { top: '#f7f3ee', bottom: '#ebe3d8' };
}

export interface SceneInput {
  seed: number;
  title: string;
  colour: string;
  look: Look;
}

/** The SVG of one view. */
export function renderScene(input: SceneInput, view: View): string {
  const drawView = view === 'back' ? 'back' : 'front';
  const cv = new Canvas(drawView, input.seed);
  const focus = drawLook(cv, input.look, input.colour, input.seed);
  const box = cv.box;
  const w = Math.max(box.width, 1);
  const h = Math.max(box.height, 1);
  const fit = Math.min(MAX_W / w, MAX_H / h);
  const zoom = view === 'detail' ? DETAIL_ZOOM : 1;
  // Strokes are ~1 px in the full views, a little heavier in the close-up.
  const u = 1 / fit / Math.sqrt(zoom);
  const s = fit * zoom;
  let tx: number;
  let ty: number;
  if (view === 'detail') {
    tx = SIZE / 2 - focus[0] * s;
    ty = SIZE / 2 - focus[1] * s;
  } else {
    tx = SIZE / 2 - (box.minX + w / 2) * s;
    ty = CENTRE_Y - (box.minY + h / 2) * s;
  }
  const main = hexOf(input.look.pieces?.[0]?.colour ?? input.look.colour ?? input.colour);
  const bg = backdrop(main);
  const groundY = ty + box.maxY * s;
  const standing = ['bag', 'shoes', 'hat'].includes(input.look.type) && !input.look.pieces;
  const transform = `translate(${f(tx)} ${f(ty)}) scale(${Number(s.toFixed(4))})`;
  const shadowBlur = view === 'detail' ? 14 : 7;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${escapeXml(input.title)}">`,
    `<title>${escapeXml(input.title)}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${bg.top}"/><stop offset="1" stop-color="${bg.bottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.44" r="0.6"><stop offset="0" stop-color="#fffdf9" stop-opacity="0.75"/><stop offset="1" stop-color="#fffdf9" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#1c1917" stop-opacity="0.22"/><stop offset="1" stop-color="#1c1917" stop-opacity="0"/></radialGradient>`,
    `<filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${shadowBlur}"/></filter>`,
    Canvas.resolve(cv.defs.join(''), u),
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#glow)"/>`,
  ];
  if (view !== 'detail') {
    const rx = Math.min(170, (w * s) / 2 + 20);
    parts.push(
      `<ellipse cx="${f(tx + (box.minX + w / 2) * s)}" cy="${f(Math.min(388, groundY + (standing ? 2 : 16)))}" rx="${f(rx)}" ry="${standing ? 9 : 11}" fill="url(#floor)" opacity="${standing ? 0.9 : 0.45}"/>`,
    );
  }
  parts.push(
    `<g transform="translate(${view === 'detail' ? 9 : 5} ${view === 'detail' ? 14 : 8})"><g filter="url(#drop)" opacity="${isDark(main) ? 0.2 : 0.26}" fill="#2b2118"><g transform="${transform}">${cv.shadows.join('')}</g></g></g>`,
    `<g transform="${transform}">${Canvas.resolve(cv.body.join(''), u)}</g>`,
  );
  if (view === 'detail') {
    // A fine frame, as a close-up in a lookbook has.
    parts.push(
      `<rect x="10" y="10" width="380" height="380" fill="none" stroke="#fcfaf7" stroke-width="1.2" opacity="0.7"/>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
