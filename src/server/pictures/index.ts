/**
 * The picture generator's public face: an item's look, its views as SVG, a short description
 * for alt text, and the version that keys every generated picture's URL. Pure string building:
 * the same item gives the same bytes on every call.
 */
import { swatchFor } from './colour';
import type { Look, PictureSubject } from './look/schema';
import { lookFor } from './look/look-for';
import { renderScene, type View } from './scene';
import { hashString } from './svg';

export type { PictureSubject, Look, View };
export { lookFor } from './look/look-for';
export { parseLook, LookSchema } from './look/schema';
export { swatchFor } from './colour';

/** Bump when the drawings change: every generated picture's URL changes with it. */
export const GENERATOR_VERSION = 1;

export const VIEWS: readonly View[] = ['front', 'back', 'detail'];

export const isView = (v: string): v is View => (VIEWS as readonly string[]).includes(v);

/**
 * The SVG of one view of an item. `named: false` leaves the item's name out of its title and
 * label ("Illustration of the red dress, front view"): a removed piece in a member's history.
 */
export function renderPicture(subject: PictureSubject, view: View, opts: { named?: boolean } = {}): string {
  const look = lookFor(subject);
  const title =
    opts.named === false ? capitalise(describePicture(subject, view, look)) : pictureTitle(subject, look, view);
  return renderScene(
    {
      seed: hashString(`${subject.id}:${subject.name}`),
      title,
      colour: swatchFor(subject.colour, subject.name).word,
      look,
    },
    view,
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A short version of what the generator draws for an item: changes when the picture would. */
export function pictureVersion(subject: PictureSubject): string {
  return `${GENERATOR_VERSION}-${hashString(`${subject.name}|${subject.category}|${subject.colour}|${subject.look ?? ''}`).toString(36)}`;
}

const TYPE_NOUN: Record<string, string> = {
  dress: 'dress',
  skirt: 'skirt',
  trousers: 'trousers',
  shorts: 'shorts',
  jumpsuit: 'jumpsuit',
  top: 'top',
  shirt: 'shirt',
  knit: 'knit',
  hoodie: 'sweatshirt',
  jacket: 'jacket',
  coat: 'coat',
  bag: 'bag',
  shoes: 'pair of shoes',
  scarf: 'scarf',
  hat: 'hat',
  belt: 'belt',
  sunglasses: 'pair of sunglasses',
  jewellery: 'piece of jewellery',
  tie: 'tie',
};

/** What a look shows, in words: "a black jumpsuit and ...". */
export function describeLook(look: Look, colour: string): string {
  const one = (p: Look | NonNullable<Look['pieces']>[number]) => `${p.colour ?? colour} ${TYPE_NOUN[p.type] ?? p.type}`;
  if (look.pieces && look.pieces.length > 1) {
    const names = look.pieces.map(one);
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  }
  return one(look);
}

const VIEW_WORDS: Record<View, string> = { front: 'front view', back: 'back view', detail: 'close-up' };

/** What one view shows, in words: "illustration of the black jumpsuit, front view". */
export function describePicture(subject: PictureSubject, view: View, look: Look = lookFor(subject)): string {
  const { word } = swatchFor(subject.colour, subject.name);
  return `illustration of the ${describeLook(look, word)}, ${VIEW_WORDS[view]}`;
}

/** The picture's title inside the SVG. */
export function pictureTitle(subject: PictureSubject, look: Look, view: View): string {
  return `${subject.name}: ${describePicture(subject, view, look)}`;
}
