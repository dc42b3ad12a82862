import type { MetaDescriptor } from 'react-router';
import type { CatalogueItem } from '@domain/catalogue';
import { RENTAL_DAYS } from '@domain/catalogue.rules';
import { formatCents } from '../../../lib/format';
import { absoluteUrl, pageMeta } from '../../../lib/meta';

type MetaArgs = Parameters<typeof pageMeta>[0];

/** Cents as schema.org wants a price: '29.99'. */
const price = (cents: number) => (cents / 100).toFixed(2);

/**
 * An item page's head: its name and brand in the title, what it is and costs in the description,
 * its first picture for link previews, and schema.org Product data (JSON-LD, a data block that
 * never runs) so search engines can show the piece with its price per week and rating.
 */
export function itemMeta(args: MetaArgs, item: CatalogueItem | undefined): MetaDescriptor[] {
  if (!item)
    return pageMeta(args, {
      title: 'Item Not Found · Rentique',
      description: 'This piece is not in the Rentique collection.',
      noindex: true,
    });
  const url = absoluteUrl(args, args.location.pathname);
  const description = `Rent the ${item.name} by ${item.brand} for ${formatCents(item.rentalPriceCents)} a week (retail ${formatCents(item.retailPriceCents)}). ${item.description}`;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    brand: { '@type': 'Brand', name: item.brand },
    description: item.description,
    image: item.images.map((p) => absoluteUrl(args, p.url)),
    sku: String(item.id),
    category: item.category,
    color: item.colour,
    url,
    // Star ratings, some of them the house catalogue's first figures: a count of ratings, not of written reviews.
    ...(item.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: item.rating,
            ratingCount: item.reviewCount,
            bestRating: 5,
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: price(item.rentalPriceCents),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      // The price is a rental for one week (UN/CEFACT unit WEE), not a sale.
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: price(item.rentalPriceCents),
        priceCurrency: 'USD',
        referenceQuantity: { '@type': 'QuantitativeValue', value: RENTAL_DAYS / 7, unitCode: 'WEE' },
      },
    },
  };
  return [
    ...pageMeta(args, {
      title: `${item.name} by ${item.brand} · Rentique`,
      description: description.slice(0, 300),
      image: item.imageUrl,
      type: 'product',
    }),
    { 'script:ld+json': product },
  ];
}
