import type { Location, MetaDescriptor } from 'react-router';
import type { RootData } from './session';

/** The site's name, last in every title ('Browse Items · Rentique'). */
export const SITE_NAME = 'Rentique';

/** The description of pages that have none of their own. */
export const SITE_DESCRIPTION =
  'Rentique: rent designer fashion by the week, match outfits, and earn from your own wardrobe.';

export interface PageMeta {
  /** The whole title, e.g. 'Browse Items · Rentique'. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** A picture for link previews (a path on our site or an absolute URL). */
  image?: string;
  /** Open Graph's type: 'website' unless said (an item page is a 'product'). */
  type?: string;
  /** Pages that should stay out of search results (account pages, the ops desk). */
  noindex?: boolean;
}

/** What a route's `meta` function receives that pageMeta reads (React Router's MetaArgs). */
interface MetaArgsLike {
  location: Location;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** What the root loader answered (who is visiting, the site's origin), as `meta` sees it. */
export function rootDataOf(args: MetaArgsLike): RootData | undefined {
  return args.matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

/** The site's origin, from the root loader (PUBLIC_URL on the server). */
export function originOf(args: MetaArgsLike): string {
  return rootDataOf(args)?.origin ?? '';
}

/** An absolute URL on our site. */
export function absoluteUrl(args: MetaArgsLike, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${originOf(args)}${pathOrUrl}`;
}

/**
 * A page's head (decision 0027): its title, description, canonical URL (the page's path on
 * PUBLIC_URL, without query parameters) and the Open Graph tags link previews read. Every route's
 * `meta` returns this (plus anything of its own, such as an item's structured data).
 */
export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const canonical = absoluteUrl(args, args.location.pathname);
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:url', content: canonical },
    ...(page.image ? [{ property: 'og:image', content: absoluteUrl(args, page.image) }] : []),
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
