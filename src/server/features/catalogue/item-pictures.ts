/**
 * The one owner of an item's pictures on the server. An item has an ordered list of pictures:
 * its photos first when it has any (a member's listing photos; later the house's product
 * photos, stored the same way), else the generated views (front, back, detail). `imageUrl` is
 * always the first of them (docs/product.md, "Pictures"). Every feature that shows an item (catalogue, favorites, rentals,
 * listings, the assistant, dashboard recommendations) takes its pictures from here.
 *
 * Generated pictures are keyed by a version in their URL (the generator's version and a hash
 * of what the drawing depends on), so they can be cached for a year: a new drawing is a new URL.
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { PICTURE_VIEWS, type ItemPicture, type PictureView } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';
import { describePicture, pictureVersion, type PictureSubject } from '../../pictures';

/** What the pictures of an item depend on (a row of `items`). */
export interface PictureSource {
  id: number;
  name: string;
  brand: string;
  category: string;
  colour: string;
  look: string | null;
}

/** A stored photo of an item (listing_photos). */
export interface PhotoRow {
  item_id: number;
  position: number;
  file_name: string;
  width: number;
  height: number;
}

export interface ItemPictures {
  imageUrl: string;
  imageAlt: string;
  images: ItemPicture[];
}

/** The size generated pictures are drawn at (square). */
export const GENERATED_SIZE = 400;

const LABELS: Record<PictureView, string> = { front: 'Front', back: 'Back', detail: 'Detail' };

/**
 * The URL of an item's photo; `fileName` versions it (a replaced photo is a new URL). Photos of
 * any item live in listing_photos and are served by the listings routes (only while the item is
 * active); the path is decided here alone.
 */
export function photoUrl(itemId: number, position: number, fileName?: string): string {
  return `/api/listings/${itemId}/photos/${position}${fileName ? `?v=${fileName.slice(0, 8)}` : ''}`;
}

/** The URL of a generated view, versioned by what it is drawn from. */
export function generatedPictureUrl(source: PictureSubject, view: PictureView): string {
  return `/api/items/${source.id}/pictures/${view}.svg?v=${pictureVersion(source)}`;
}

/** The URL of a generated view without the item's name, for a member whose history has it (served-pictures.ts). */
export function pastPictureUrl(source: PictureSubject, view: PictureView): string {
  return `/api/items/${source.id}/past-pictures/${view}.svg?v=${pictureVersion(source)}`;
}

/**
 * The pictures of a piece that is no longer listed (removed, or its owner's account deleted), in
 * a member's own history: its drawings without the name, never its photos (those went with it).
 */
export function pastPicturesOf(source: PictureSource): ItemPictures {
  const images: ItemPicture[] = PICTURE_VIEWS.map((view) => ({
    url: pastPictureUrl(source, view),
    alt: `${source.name} by ${source.brand}: ${describePicture(source, view)}`,
    kind: 'illustration',
    view,
    label: LABELS[view],
    width: GENERATED_SIZE,
    height: GENERATED_SIZE,
  }));
  return { imageUrl: images[0]!.url, imageAlt: images[0]!.alt, images };
}

/** An item's pictures from its row and its photos (any order). */
export function picturesOf(source: PictureSource, photos: readonly PhotoRow[] = []): ItemPictures {
  let images: ItemPicture[];
  if (photos.length > 0) {
    const sorted = [...photos].sort((a, b) => a.position - b.position);
    images = sorted.map((p, i) => ({
      url: photoUrl(source.id, p.position, p.file_name),
      alt: `${source.name} by ${source.brand}: photo ${i + 1} of ${sorted.length}`,
      kind: 'photo',
      view: null,
      label: `Photo ${i + 1}`,
      width: p.width,
      height: p.height,
    }));
  } else {
    images = PICTURE_VIEWS.map((view) => ({
      url: generatedPictureUrl(source, view),
      alt: `${source.name} by ${source.brand}: ${describePicture(source, view)}`,
      kind: 'illustration',
      view,
      label: LABELS[view],
      width: GENERATED_SIZE,
      height: GENERATED_SIZE,
    }));
  }
  return { imageUrl: images[0]!.url, imageAlt: images[0]!.alt, images };
}

/**
 * Generated covers by the index's card of their piece (index-card.ts). Working out a cover's words
 * and version reads the item's name word by word, which was the largest part of a browse page's
 * CPU. An entry gets a new card whenever anything a cover is drawn from changes (its name, brand,
 * category, colour, look or photos), so the memo can never be stale; keyed by the card itself, a
 * look-up builds no key (a key of the six values in JSON text was 5% of a browse request's CPU).
 */
const generatedCovers = new LRUCache<object, Cover>({ max: 20_000 });

type Cover = Readonly<Pick<ItemPictures, 'imageUrl' | 'imageAlt'>>;

/** The first picture only (cards and lists), without describing every view; `drawnFrom`: the index's card of the piece. */
export function coverOf(
  source: PictureSource,
  cover: Pick<PhotoRow, 'position' | 'file_name'> | undefined,
  drawnFrom: object,
): Cover {
  if (cover)
    return {
      imageUrl: photoUrl(source.id, cover.position, cover.file_name),
      imageAlt: `${source.name} by ${source.brand}: photo`,
    };
  let generated = generatedCovers.get(drawnFrom);
  if (!generated) {
    generated = {
      imageUrl: generatedPictureUrl(source, 'front'),
      imageAlt: `${source.name} by ${source.brand}: ${describePicture(source, 'front')}`,
    };
    generatedCovers.set(drawnFrom, generated);
  }
  return generated;
}

const SOURCE_COLUMNS = ['id', 'name', 'brand', 'category', 'colour', 'look'] as const;

/** Reads photos and rows for the pictures of many items in one or two queries (a list's covers come with its rows). */
export function createItemPictures(db: Kysely<DB>) {
  async function photosOf(ids: readonly number[]): Promise<Map<number, PhotoRow[]>> {
    const out = new Map<number, PhotoRow[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .selectFrom('listing_photos')
      .select(['item_id', 'position', 'file_name', 'width', 'height'])
      .where('item_id', 'in', [...new Set(ids)])
      .orderBy('item_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = out.get(row.item_id) ?? [];
      list.push(row);
      out.set(row.item_id, list);
    }
    return out;
  }

  return {
    /** Every picture of each row's item. */
    async forRows(rows: readonly PictureSource[]): Promise<Map<number, ItemPictures>> {
      const photos = await photosOf(rows.map((r) => r.id));
      return new Map(rows.map((r) => [r.id, picturesOf(r, photos.get(r.id))]));
    },

    /** The first picture of each list row, from the cover photo's file its row carries (no query). */
    coversOfSummaries(
      rows: readonly (PictureSource & { cover_file: string | null; drawnFrom: object })[],
    ): Map<number, Cover> {
      return new Map(
        rows.map((r) => [
          r.id,
          coverOf(r, r.cover_file === null ? undefined : { position: 0, file_name: r.cover_file }, r.drawnFrom),
        ]),
      );
    },

    /**
     * Every picture of items by id, whatever their status (rentals and favorites keep removed
     * pieces): a piece no longer active has its nameless drawings (pastPicturesOf).
     */
    async forIds(ids: readonly number[]): Promise<Map<number, ItemPictures>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('items')
        .select([...SOURCE_COLUMNS, 'status'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      const listed = await this.forRows(rows.filter((r) => r.status === 'active'));
      for (const r of rows) if (r.status !== 'active') listed.set(r.id, pastPicturesOf(r));
      return listed;
    },
  };
}

export type ItemPicturesService = ReturnType<typeof createItemPictures>;
