/** The catalogue's database rows as the API's items: the full item and the summary a list shows. */
import type { CatalogueItem, CatalogueItemSummary, Category, ItemGender } from '../../../domain/catalogue';
import { parseSizes } from '../../../domain/catalogue';
import type { ItemRow, ItemSummaryRow } from './catalogue.repository';
import type { ItemPictures } from './item-pictures';

/** A database row and its pictures (item-pictures.ts) as the API's item. */
export function toCatalogueItem(row: ItemRow, pictures: ItemPictures): CatalogueItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.category as Category,
    gender: row.gender as ItemGender,
    sizes: parseSizes(row.sizes),
    colour: row.colour,
    tags: row.tags ? row.tags.split(',').filter(Boolean) : [],
    retailPriceCents: row.retail_price_cents,
    rentalPriceCents: row.rental_price_cents,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    rentalCount: row.rental_count,
    isNew: !!row.is_new,
    description: row.description,
    materials: row.materials,
    careInstructions: row.care_instructions,
    imageUrl: pictures.imageUrl,
    imageAlt: pictures.imageAlt,
    images: pictures.images,
    fromMember: row.owner_id !== null,
  };
}

export function toSummary(
  row: ItemSummaryRow,
  cover: Pick<ItemPictures, 'imageUrl' | 'imageAlt'>,
): CatalogueItemSummary {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category as Category,
    gender: row.gender as ItemGender,
    colour: row.colour,
    retailPriceCents: row.retail_price_cents,
    rentalPriceCents: row.rental_price_cents,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    rentalCount: row.rental_count,
    isNew: !!row.is_new,
    imageUrl: cover.imageUrl,
    imageAlt: cover.imageAlt,
  };
}
