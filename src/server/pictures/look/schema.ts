/**
 * What a picture shows: a garment descriptor ("look"). Seeded items carry explicit descriptors
 * (data/catalogue.ts, stored in items.look); any other item, such as a member's listing, gets
 * one derived from its category, the words of its name and its colour. An outfit is a look
 * with pieces. This file holds the vocabulary and the schema of a look.
 */
import { z } from 'zod';
import type { Fabric, Print } from '../fabric/cloth';

export const GARMENT_TYPES = [
  'dress',
  'skirt',
  'trousers',
  'shorts',
  'jumpsuit',
  'top',
  'shirt',
  'knit',
  'hoodie',
  'jacket',
  'coat',
  'bag',
  'shoes',
  'scarf',
  'hat',
  'belt',
  'sunglasses',
  'jewellery',
  'tie',
] as const;
export type GarmentType = (typeof GARMENT_TYPES)[number];

export const FABRICS = [
  'plain',
  'cotton',
  'poplin',
  'jersey',
  'linen',
  'wool',
  'flannel',
  'crepe',
  'twill',
  'knit',
  'rib',
  'cable',
  'fleece',
  'sherpa',
  'quilted',
  'puffer',
  'denim',
  'leather',
  'suede',
  'satin',
  'silk',
  'velvet',
  'lace',
  'sequin',
  'tweed',
  'nylon',
  'ripstop',
  'corduroy',
  'raffia',
  'woven',
  'crystal',
  'acetate',
  'cashmere',
  'metal',
] as const satisfies readonly Fabric[];

export const PRINTS = [
  'none',
  'stripes',
  'pinstripe',
  'breton',
  'check',
  'floral',
  'leopard',
  'tortoise',
  'butterfly',
  'grid',
] as const satisfies readonly Print[];

/** Placed motifs: prints and marks drawn once at a place on the garment. */
export const MOTIFS = [
  'ramen',
  'butterflies',
  'wings',
  'logo',
  'face',
  'flag',
  'swoosh',
  'chest-stripes',
  'three-stripes',
  'pony',
  'script',
] as const;

const colour = z.string().regex(/^(#[0-9a-f]{6}|[a-z ]{2,20})$/i);

export const PieceSchema = z.object({
  type: z.enum(GARMENT_TYPES),
  /** The cut within the type: slip, wrap, shift, a-line, bodycon, fit-flare, column, pencil, pleated, wide, tailored, jeans... */
  cut: z.string().max(24).optional(),
  length: z.enum(['crop', 'hip', 'long', 'mini', 'knee', 'midi', 'maxi', 'gown', 'shorts', 'ankle', 'full']).optional(),
  neckline: z
    .enum([
      'crew',
      'scoop',
      'v',
      'deep-v',
      'square',
      'sweetheart',
      'boat',
      'cowl',
      'strapless',
      'halter',
      'funnel',
      'turtle',
      'bow',
    ])
    .optional(),
  sleeves: z.enum(['none', 'straps', 'cap', 'short', 'elbow', 'long']).optional(),
  sleeveShape: z.enum(['straight', 'puff', 'blouson', 'bell', 'raglan', 'drop']).optional(),
  collar: z
    .enum([
      'none',
      'point',
      'button-down',
      'camp',
      'stand',
      'notch',
      'peak',
      'shawl',
      'hood',
      'polo',
      'western',
      'corduroy',
    ])
    .optional(),
  closure: z
    .enum(['none', 'buttons', 'hidden', 'double', 'zip', 'half-zip', 'asym-zip', 'snaps', 'wrap', 'tie', 'toggles'])
    .optional(),
  pockets: z
    .enum(['none', 'patch', 'flap', 'welt', 'kangaroo', 'split', 'jeans', 'cargo', 'chest', 'four', 'zip'])
    .optional(),
  belt: z.enum(['none', 'self', 'tie', 'buckle', 'drawcord']).optional(),
  hem: z
    .enum(['straight', 'curved', 'rib', 'raw', 'scallop', 'ruffle', 'tiered', 'frayed', 'cuffed', 'elastic'])
    .optional(),
  fit: z.enum(['slim', 'regular', 'relaxed', 'oversized', 'boxy']).optional(),
  fabric: z.enum(FABRICS).optional(),
  print: z.enum(PRINTS).optional(),
  motifs: z.array(z.enum(MOTIFS)).max(4).optional(),
  /** The main colour of this piece (a colour word or #rrggbb); default the item's colour. */
  colour: colour.optional(),
  /** Trims, lapels, print and stitching. */
  colour2: colour.optional(),
  /** Hardware: buttons, buckles, zips. */
  hardware: z.enum(['gold', 'silver', 'gunmetal', 'tonal', 'pearl', 'horn']).optional(),
  /** Small named details: epaulettes, storm-flap, side-stripe, piping, bow-tie, tie, pleats, slit, powder-skirt, zip-off, yoke... */
  details: z.array(z.string().max(24)).max(8).optional(),
});
export type Piece = z.infer<typeof PieceSchema>;

export const LookSchema = PieceSchema.extend({
  /** Several pieces (an outfit, a suit, a set); the first is drawn on top when worn. */
  pieces: z.array(PieceSchema).min(2).max(4).optional(),
  /** 'worn': layered on an invisible figure; 'pieces': laid out side by side (a suit, a set). */
  layout: z.enum(['worn', 'pieces']).optional(),
});
export type Look = z.infer<typeof LookSchema>;

const StoredLookSchema = LookSchema.partial();

/** A stored look (JSON) as a Look, or null when absent or not one. */
export function parseLook(json: string | null | undefined): Partial<Look> | null {
  if (!json) return null;
  try {
    const parsed = StoredLookSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the generator knows about an item. */
export interface PictureSubject {
  id: number;
  name: string;
  category: string;
  colour: string;
  /** items.look: the seeded descriptor, if any (JSON). */
  look?: string | null;
}
