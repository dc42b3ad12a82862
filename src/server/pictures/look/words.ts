/**
 * Reading a look from the words of an item's name: the garment nouns, the words that refine a
 * piece (cut, length, fabric, print...), the pieces an outfit's name lists, and colour words.
 */
import type { Piece } from './schema';

export const has = (words: Set<string>, ...any: string[]) => any.some((w) => words.has(w));

export function wordsOf(name: string): Set<string> {
  const lower = name
    .toLowerCase()
    .replace(/t-shirt/g, 'tshirt')
    .replace(/half-zip/g, 'halfzip')
    .replace(/zip-up/g, 'zipup');
  const out = new Set<string>();
  for (const w of lower.split(/[^a-z]+/)) {
    if (!w) continue;
    out.add(w);
    if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) out.add(w.slice(0, -1));
  }
  return out;
}

type Maker = (w: Set<string>) => Piece | null;

/**
 * Garment nouns and what each makes, given all the words of the name (for the cut). The noun
 * that decides is the last one in the name: a "Loafer Belt" is a belt, a "Shirt Dress" a dress.
 */
const NOUNS: [string[], Maker][] = [
  [
    ['jumpsuit', 'playsuit', 'boilersuit', 'overall', 'dungaree', 'catsuit'],
    (w) => ({ type: 'jumpsuit', cut: has(w, 'tuxedo') ? 'tuxedo' : has(w, 'ski') ? 'ski' : 'utility' }),
  ],
  [['suit'], (w) => (has(w, 'ski', 'snow') ? { type: 'jumpsuit', cut: 'ski' } : null)],
  [['gown'], () => ({ type: 'dress', cut: 'column', length: 'gown' })],
  [['sundress'], () => ({ type: 'dress', cut: 'sundress', length: 'midi' })],
  [['dress', 'frock', 'kaftan'], () => ({ type: 'dress' })],
  [['skirt', 'skort'], () => ({ type: 'skirt' })],
  [['short', 'shorts'], () => ({ type: 'shorts' })],
  [['jeans'], () => ({ type: 'trousers', cut: 'jeans', fabric: 'denim' })],
  [['jogger', 'joggers', 'sweatpant', 'sweatpants', 'trackpant'], () => ({ type: 'trousers', cut: 'joggers' })],
  [['cargo', 'cargos'], () => ({ type: 'trousers', cut: 'cargo' })],
  [['chino', 'chinos'], () => ({ type: 'trousers', cut: 'slim', fabric: 'twill' })],
  [['legging', 'leggings'], () => ({ type: 'trousers', cut: 'slim', fabric: 'jersey' })],
  [['trouser', 'trousers', 'pant', 'pants', 'slacks', 'culotte', 'culottes'], () => ({ type: 'trousers' })],
  [['trench'], () => ({ type: 'coat', cut: 'trench' })],
  [['parka'], () => ({ type: 'coat', cut: 'parka' })],
  [['puffer'], () => ({ type: 'coat', cut: 'puffer', fabric: 'puffer' })],
  [['coat', 'overcoat', 'mac', 'cape'], () => ({ type: 'coat' })],
  [['blazer', 'tuxedo'], () => ({ type: 'jacket', cut: 'blazer' })],
  [['biker', 'moto'], () => ({ type: 'jacket', cut: 'biker', fabric: 'leather' })],
  [['bomber'], () => ({ type: 'jacket', cut: 'bomber' })],
  [['gilet'], () => ({ type: 'jacket', cut: 'gilet' })],
  [['jacket', 'shacket', 'anorak', 'windbreaker', 'shell'], () => ({ type: 'jacket' })],
  [['hoodie', 'hoody', 'hoodies'], () => ({ type: 'hoodie', cut: 'pullover', collar: 'hood' })],
  [['sweatshirt', 'crewneck'], () => ({ type: 'hoodie', cut: 'crew' })],
  [['cardigan'], () => ({ type: 'knit', cut: 'cardigan' })],
  [
    ['jumper', 'sweater', 'pullover', 'knit', 'turtleneck'],
    (w) => ({ type: 'knit', ...(has(w, 'turtleneck', 'roll') ? { neckline: 'turtle' as const } : {}) }),
  ],
  [['blouse'], () => ({ type: 'shirt', cut: 'blouse' })],
  [
    ['oxford'],
    (w) =>
      has(w, 'shoe', 'shoes', 'brogue', 'leather', 'patent')
        ? { type: 'shoes', cut: 'loafers' }
        : { type: 'shirt', collar: 'button-down' },
  ],
  [['tracksuit'], () => ({ type: 'jacket', cut: 'track' })],
  [['pyjama', 'pyjamas', 'pajama', 'pajamas'], () => ({ type: 'shirt', fabric: 'satin' })],
  [['shirt', 'overshirt'], () => ({ type: 'shirt' })],
  [['polo'], () => ({ type: 'top', cut: 'polo' })],
  [['tshirt', 'tee'], () => ({ type: 'top', cut: 'tee' })],
  [['tank', 'vest'], () => ({ type: 'top', cut: 'tank' })],
  [['camisole', 'cami'], () => ({ type: 'top', cut: 'cami' })],
  [['corset', 'bustier', 'bodice'], () => ({ type: 'top', cut: 'corset' })],
  [
    ['top', 'bodysuit', 'bralette'],
    (w) =>
      has(w, 'tank')
        ? { type: 'top', cut: 'tank' }
        : has(w, 'corset', 'bustier')
          ? { type: 'top', cut: 'corset' }
          : has(w, 'cami', 'camisole', 'strappy')
            ? { type: 'top', cut: 'cami' }
            : { type: 'top', cut: 'tee' },
  ],
  [['boot', 'boots', 'bootie', 'booties'], () => ({ type: 'shoes', cut: 'boots' })],
  [['trainer', 'trainers', 'sneaker', 'sneakers', 'runner', 'runners'], () => ({ type: 'shoes', cut: 'sneakers' })],
  [['loafer', 'loafers', 'brogue', 'brogues', 'moccasin'], () => ({ type: 'shoes', cut: 'loafers' })],
  [
    [
      'pump',
      'pumps',
      'heel',
      'heels',
      'stiletto',
      'stilettos',
      'slingback',
      'slingbacks',
      'mule',
      'mules',
      'sandal',
      'sandals',
    ],
    () => ({ type: 'shoes', cut: 'heels' }),
  ],
  [['shoe', 'shoes', 'flats'], () => ({ type: 'shoes', cut: 'loafers' })],
  [['clutch', 'minaudiere'], () => ({ type: 'bag', cut: 'clutch' })],
  [['backpack', 'rucksack'], () => ({ type: 'bag', cut: 'backpack' })],
  [['tote', 'shopper'], () => ({ type: 'bag', cut: 'tote' })],
  [
    ['bag', 'handbag', 'purse', 'satchel', 'crossbody', 'pouch'],
    (w) =>
      has(w, 'basket', 'straw', 'raffia')
        ? { type: 'bag', cut: 'basket', fabric: 'raffia' }
        : { type: 'bag', cut: 'shoulder' },
  ],
  [['scarf', 'stole', 'shawl', 'snood'], () => ({ type: 'scarf' })],
  [['hat', 'cap', 'beanie', 'beret', 'fedora', 'bucket'], () => ({ type: 'hat' })],
  [['belt'], () => ({ type: 'belt' })],
  [['sunglasses', 'glasses', 'shades'], () => ({ type: 'sunglasses' })],
  [
    ['necklace', 'earrings', 'earring', 'bracelet', 'ring', 'jewellery', 'jewelry', 'pendant', 'choker', 'cuff'],
    () => ({ type: 'jewellery' }),
  ],
  [['tie'], () => ({ type: 'tie' })],
];
const NOUN_INDEX = new Map<string, Maker>(NOUNS.flatMap(([words, make]) => words.map((word) => [word, make] as const)));

function orderedWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/t-shirt/g, 'tshirt')
    .replace(/half-zip/g, 'halfzip')
    .replace(/zip-up/g, 'zipup')
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** The garment a name names: its last garment noun, with the cut the other words give. */
export function typeFromName(name: string): Piece | null {
  const list = orderedWords(name);
  const all = wordsOf(name);
  for (let i = list.length - 1; i >= 0; i--) {
    const make = NOUN_INDEX.get(list[i]!);
    const made = make?.(all);
    if (made) return made;
  }
  return null;
}

/** The default garment of a category when the name names none. */
export const CATEGORY_DEFAULT: Record<string, Piece> = {
  Dresses: { type: 'dress' },
  Skirts: { type: 'skirt' },
  Pants: { type: 'trousers' },
  Tops: { type: 'top', cut: 'tee' },
  Shirts: { type: 'shirt' },
  Hoodies: { type: 'hoodie', cut: 'pullover', collar: 'hood' },
  Jackets: { type: 'jacket' },
  Shoes: { type: 'shoes', cut: 'heels' },
  Accessories: { type: 'bag', cut: 'shoulder' },
  Sets: { type: 'top' },
  'Work Outfit': { type: 'jacket', cut: 'blazer' },
  'Mountain Outfit': { type: 'jacket', cut: 'shell' },
};

/** Cut, length, fabric and print words a name may carry. */
export function refine(p: Piece, w: Set<string>): Piece {
  const out: Piece = { ...p };
  const set = <K extends keyof Piece>(k: K, v: Piece[K]) => {
    if (out[k] === undefined) out[k] = v;
  };
  if (out.type === 'dress' || out.type === 'skirt') {
    if (has(w, 'slip')) set('cut', 'slip');
    else if (has(w, 'wrap')) set('cut', 'wrap');
    else if (has(w, 'pencil')) set('cut', 'pencil');
    else if (has(w, 'pleated', 'pleat', 'plisse')) set('cut', 'pleated');
    else if (has(w, 'bodycon')) set('cut', 'bodycon');
    else if (has(w, 'shift')) set('cut', 'shift');
    else if (has(w, 'column')) set('cut', 'column');
    else if (has(w, 'tiered')) set('cut', 'tiered');
    else if (has(w, 'shirt')) set('cut', 'shirt');
    else if (has(w, 'a', 'aline', 'skater', 'flare', 'flared', 'prom'))
      set('cut', out.type === 'skirt' ? 'a-line' : 'fit-flare');
    if (has(w, 'mini')) set('length', 'mini');
    else if (has(w, 'midi', 'tea')) set('length', 'midi');
    else if (has(w, 'maxi')) set('length', 'maxi');
    else if (has(w, 'cocktail')) set('length', 'knee');
  }
  if (out.type === 'trousers') {
    if (has(w, 'wide', 'palazzo')) set('cut', 'wide');
    else if (has(w, 'pleated', 'pleat')) set('cut', 'pleated');
    else if (has(w, 'cargo')) set('cut', 'cargo');
    else if (has(w, 'slip')) set('cut', 'slip');
    else if (has(w, 'flare', 'flared', 'bootcut')) set('cut', 'flare');
    else if (has(w, 'slim', 'skinny', 'cigarette')) set('cut', 'slim');
    else if (has(w, 'straight')) set('cut', 'straight');
    else if (has(w, 'tailored', 'suit')) set('cut', 'tailored');
  }
  if (out.type === 'hoodie') {
    if (has(w, 'halfzip', 'quarter')) {
      set('closure', 'half-zip');
      if (out.closure === 'half-zip') Object.assign(out, { cut: 'half-zip', collar: 'stand' });
    } else if (has(w, 'zipup', 'zip')) {
      set('closure', 'zip');
      if (out.cut === 'pullover') out.cut = 'zip';
    }
    if (has(w, 'crop', 'cropped')) set('length', 'crop');
    if (has(w, 'oversized', 'boxy', 'relaxed')) set('fit', 'oversized');
  }
  if (out.type === 'shirt') {
    if (has(w, 'camp', 'cuban', 'bowling', 'hawaiian')) set('cut', 'camp');
    else if (has(w, 'western', 'cowboy')) set('cut', 'western');
    if (has(w, 'oversized', 'boyfriend', 'relaxed')) set('fit', 'oversized');
  }
  if ((out.type === 'jacket' || out.type === 'coat') && has(w, 'double')) set('closure', 'double');
  if (out.type === 'shoes' && has(w, 'slingback', 'slingbacks')) out.details = [...(out.details ?? []), 'slingback'];
  if (out.type === 'jacket' && !out.cut) {
    if (has(w, 'denim', 'trucker', 'jean')) out.cut = 'denim';
    else if (has(w, 'quilted', 'liner')) out.cut = 'quilted';
    else if (has(w, 'fleece')) out.cut = 'fleece';
    else if (has(w, 'down', 'puffer')) out.cut = 'down';
    else if (has(w, 'biker', 'moto', 'leather')) out.cut = 'biker';
    else if (has(w, 'field', 'utility', 'safari')) out.cut = 'field';
    else if (has(w, 'tweed', 'boucle')) out.cut = 'tweed';
    else if (has(w, 'track')) out.cut = 'track';
    else if (has(w, 'shell', 'rain', 'waterproof', 'alpine')) out.cut = 'shell';
  }
  if (out.type === 'coat' && !out.cut) {
    if (has(w, 'wrap', 'belted')) out.cut = 'wrap';
  }
  if (has(w, 'crop', 'cropped') && (out.type === 'top' || out.type === 'jacket' || out.type === 'knit'))
    set('length', 'crop');
  // Fabrics and prints named in the name.
  const fabrics: [string[], Piece['fabric']][] = [
    [['leather', 'lambskin', 'patent'], 'leather'],
    [['suede'], 'suede'],
    [['satin'], 'satin'],
    [['silk'], 'silk'],
    [['velvet'], 'velvet'],
    [['lace', 'guipure'], 'lace'],
    [['sequin', 'sequinned', 'sequined', 'glitter', 'metallic'], 'sequin'],
    [['denim', 'jean', 'jeans'], 'denim'],
    [['linen'], 'linen'],
    [['tweed', 'boucle'], 'tweed'],
    [['cable'], 'cable'],
    [['ribbed', 'rib'], 'rib'],
    [['knit', 'knitted', 'merino'], 'knit'],
    [['cashmere'], 'cashmere'],
    [['fleece'], 'fleece'],
    [['sherpa', 'teddy'], 'sherpa'],
    [['quilted'], 'quilted'],
    [['puffer', 'down'], 'puffer'],
    [['corduroy', 'cord'], 'corduroy'],
    [['flannel'], 'flannel'],
    [['wool', 'tailored'], 'wool'],
    [['jersey'], 'jersey'],
    [['poplin', 'oxford'], 'poplin'],
    [['crepe'], 'crepe'],
    [['nylon', 'technical', 'waterproof'], 'nylon'],
    [['straw', 'raffia', 'wicker'], 'raffia'],
    [['crystal', 'embellished', 'beaded'], 'crystal'],
  ];
  for (const [names, fabric] of fabrics) if (has(w, ...names)) set('fabric', fabric);
  if (has(w, 'striped', 'stripe', 'stripes', 'pinstripe')) set('print', has(w, 'pinstripe') ? 'pinstripe' : 'stripes');
  else if (has(w, 'breton')) set('print', 'breton');
  else if (has(w, 'check', 'checked', 'plaid', 'tartan', 'gingham')) set('print', 'check');
  else if (has(w, 'floral', 'flower', 'rose', 'botanical')) set('print', 'floral');
  else if (has(w, 'leopard', 'animal', 'cheetah', 'zebra')) set('print', 'leopard');
  else if (has(w, 'tortoiseshell', 'tortoise')) set('print', 'tortoise');
  if (has(w, 'butterfly')) out.motifs = [...(out.motifs ?? []), 'butterflies'];
  if (has(w, 'logo')) out.motifs = [...(out.motifs ?? []), 'logo'];
  if (has(w, 'ramen', 'anime', 'noodle')) out.motifs = [...(out.motifs ?? []), 'ramen'];
  if (has(w, 'wings', 'wing', 'angel')) out.motifs = [...(out.motifs ?? []), 'wings'];
  return out;
}

/** The pieces an outfit's name lists ("White Shirt and Black Pencil Skirt Outfit"). */
export function outfitPieces(name: string): Piece[] | null {
  const parts = name
    .split(/\band\b|\bwith\b|&|\+/i)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const pieces: Piece[] = [];
  for (const part of parts) {
    const w = wordsOf(part);
    const t = typeFromName(part);
    if (!t) continue;
    const colourWord = [...w].find((x) => /^[a-z]+$/.test(x) && x in COLOUR_WORDS);
    pieces.push({ ...refine(t, w), ...(colourWord ? { colour: colourWord } : {}) });
  }
  return pieces.length >= 2 ? pieces : null;
}

// Colour words, for outfit parts that name their own colour (a subset of the swatches' keys).
const COLOUR_WORDS: Record<string, true> = Object.fromEntries(
  [
    'white',
    'black',
    'navy',
    'grey',
    'gray',
    'cream',
    'ivory',
    'camel',
    'blue',
    'red',
    'pink',
    'green',
    'brown',
    'beige',
    'khaki',
    'olive',
    'charcoal',
    'denim',
    'indigo',
    'sage',
    'emerald',
    'burgundy',
    'lilac',
    'sand',
    'taupe',
    'rust',
    'orange',
    'yellow',
    'gold',
    'silver',
    'peach',
    'blush',
    'teal',
  ].map((c) => [c, true]),
);
