import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export interface ContentSection {
  /** The section's heading (and, slugged, its anchor). */
  title: string;
  body: ReactNode;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A page of the house's own words (help, policies, the company): an editorial header, an optional
 * table of contents, and sections in a readable measure, with a note on where to ask further.
 */
export function ContentPage({
  eyebrow,
  title,
  lede,
  sections,
  updated,
  toc = false,
  aside,
  children,
}: {
  eyebrow: string;
  title: string;
  lede: ReactNode;
  sections?: ContentSection[];
  /** 'Last updated' line (policies). */
  updated?: string;
  toc?: boolean;
  /** Shown beside the text on wide screens, below it on phones. */
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="pb-12">
      <header className="border-b border-linen/70 bg-ivory">
        <div className="container-page pt-14 pb-12 md:pt-20 md:pb-16">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-5 max-w-3xl text-display-xl">{title}</h1>
          <div className="mt-6 max-w-2xl text-[1.05rem] leading-relaxed text-taupe">{lede}</div>
          {updated && <p className="mt-6 text-xs tracking-wide text-stone">Last updated {updated}</p>}
        </div>
      </header>
      <div className="container-page grid gap-12 pt-12 md:pt-16 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-20">
        <div className="min-w-0">
          {toc && sections && sections.length > 2 && (
            <nav aria-label="On this page" className="mb-12 rounded-md border border-linen bg-ivory p-6">
              <p className="eyebrow mb-4">On this page</p>
              <ol className="grid gap-2 text-sm sm:grid-cols-2">
                {sections.map((s, i) => (
                  <li key={s.title}>
                    <a
                      href={`#${slug(s.title)}`}
                      className="text-taupe underline decoration-linen underline-offset-4 hover:text-ink hover:decoration-ink"
                    >
                      {i + 1}. {s.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {children}
          {sections?.map((s) => (
            <section
              key={s.title}
              aria-labelledby={slug(s.title)}
              className="scroll-mt-28 border-t border-linen/70 py-10 first:border-t-0 first:pt-0"
            >
              <h2 id={slug(s.title)} className="text-display-md">
                {s.title}
              </h2>
              <div className="prose-rentique mt-5 max-w-[68ch] space-y-4 text-[0.98rem] leading-relaxed text-taupe">
                {s.body}
              </div>
            </section>
          ))}
        </div>
        <aside className="space-y-6 lg:pt-1">
          {aside}
          <div className="rounded-md bg-ink p-7 text-sand">
            <p className="font-display text-2xl text-ivory">Still wondering?</p>
            <p className="mt-3 text-sm leading-relaxed text-linen/85">
              Our client care team answers every message within one working day, Monday to Saturday.
            </p>
            <Link
              to={paths.contact}
              className="mt-5 inline-flex h-11 items-center rounded-sm border border-linen/40 px-5 text-sm font-medium text-ivory transition-colors hover:border-ivory"
            >
              Contact us
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
