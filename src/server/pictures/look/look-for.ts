/** From an item to the look the generator draws. */
import { type PictureSubject, type Look, parseLook } from './schema';
import { wordsOf, typeFromName, refine, has, outfitPieces, CATEGORY_DEFAULT } from './words';

/**
 * The look of an item: its stored descriptor completed by what its category and name say, or
 * wholly derived when none is stored.
 */
export function lookFor(subject: PictureSubject): Look {
  const stored = parseLook(subject.look);
  const w = wordsOf(subject.name);
  const isOutfitCategory =
    subject.category === 'Sets' || subject.category === 'Work Outfit' || subject.category === 'Mountain Outfit';
  // A stored descriptor is the whole truth: the name's words add nothing to it.
  if (stored?.type) return stored as Look;
  if (stored?.pieces) return { ...stored.pieces[0]!, ...stored } as Look;
  const found = typeFromName(subject.name);
  let named = found ? refine(found, w) : null;
  // A pullover in the Hoodies is a sweatshirt, not a knit.
  if (named?.type === 'knit' && subject.category === 'Hoodies') named = refine({ type: 'hoodie', cut: 'crew' }, w);
  if (isOutfitCategory || has(w, 'outfit', 'set', 'suit', 'tracksuit', 'pyjama', 'pyjamas')) {
    const pieces = outfitPieces(subject.name);
    if (pieces) return { ...pieces[0]!, pieces, layout: has(w, 'outfit') ? 'worn' : 'pieces' };
    const fabric = named?.fabric;
    const same = fabric ? { fabric } : {};
    if (has(w, 'tracksuit'))
      return {
        type: 'jacket',
        cut: 'track',
        layout: 'pieces',
        pieces: [
          { type: 'jacket', cut: 'track', fabric: 'jersey' },
          { type: 'trousers', cut: 'joggers', fabric: 'jersey' },
        ],
      };
    if (has(w, 'pyjama', 'pyjamas', 'pajama', 'pajamas'))
      return {
        type: 'shirt',
        layout: 'pieces',
        pieces: [
          { type: 'shirt', fabric: fabric ?? 'satin' },
          { type: 'trousers', cut: 'wide', fabric: fabric ?? 'satin' },
        ],
      };
    if (named?.type === 'knit' && named.cut === 'cardigan')
      return { ...named, layout: 'pieces', pieces: [named, { type: 'top', cut: 'tank', fabric: 'rib' }] };
    if (has(w, 'suit', 'tuxedo') && named?.type !== 'jumpsuit') {
      const cloth = refine({ type: 'jacket' }, w).fabric ?? 'wool';
      return {
        type: 'jacket',
        cut: 'blazer',
        fabric: cloth,
        pieces: [
          { type: 'jacket', cut: 'blazer', fabric: cloth },
          { type: 'trousers', cut: 'tailored', fabric: cloth },
        ],
        layout: 'pieces',
      };
    }
    if (named && named.type !== 'jacket' && named.type !== 'coat') return named;
    if (subject.category === 'Mountain Outfit') {
      const jacket = refine({ type: 'jacket' }, w);
      return {
        ...jacket,
        cut: jacket.cut ?? 'shell',
        pieces: [
          { ...jacket, cut: jacket.cut ?? 'shell' },
          { type: 'trousers', cut: 'hiking', colour: 'charcoal' },
        ],
        layout: 'worn',
      };
    }
    if (named)
      return {
        ...named,
        layout: 'worn',
        pieces: [named, { type: 'shirt', colour: 'white' }, { type: 'trousers', cut: 'tailored', ...same }],
      };
    if (subject.category === 'Sets')
      return {
        type: 'top',
        pieces: [
          { type: 'top', cut: 'tee' },
          { type: 'trousers', cut: 'wide' },
        ],
        layout: 'pieces',
      };
    return {
      type: 'jacket',
      cut: 'blazer',
      pieces: [
        { type: 'jacket', cut: 'blazer' },
        { type: 'shirt', colour: 'white' },
        { type: 'trousers', cut: 'tailored' },
      ],
      layout: 'worn',
    };
  }
  const piece = named ?? CATEGORY_DEFAULT[subject.category] ?? { type: 'top' };
  return refine(piece, w);
}
