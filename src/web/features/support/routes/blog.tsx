import { ContentPage } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'The Journal · Rentique',
    description:
      'Styling ideas, stories from members who lend, and a look behind the scenes at how a shared wardrobe is kept.',
  });

const POSTS = [
  {
    date: '18 November 2026',
    tag: 'Styling',
    title: 'Three ways to wear one camel coat',
    excerpt:
      'Over a slip dress for dinner, with a roll-neck and denim for the weekend, belted over tailoring for the office: our head stylist on the coat everyone rents in November.',
  },
  {
    date: '4 November 2026',
    tag: 'Lending',
    title: 'What our lenders earned this year',
    excerpt:
      'A wedding-guest dress that paid for itself four times over, and the trench coat that has been to six countries. What members lend, and what it earns them.',
  },
  {
    date: '21 October 2026',
    tag: 'Care',
    title: 'Inside the atelier',
    excerpt:
      'Between every rental, every piece comes through our atelier. We spent a day with the team who clean, steam and mend the collection.',
  },
  {
    date: '7 October 2026',
    tag: 'Occasions',
    title: 'The black-tie guide for people who hate black tie',
    excerpt:
      'Column gowns, velvet tuxedos and the one accessory that changes everything: how to dress for a formal invitation without buying anything.',
  },
];

/** /blog: the journal. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="The Journal"
      title="Notes from the studio"
      lede="Styling ideas, stories from members who lend, and a look behind the scenes at how a shared wardrobe is kept."
    >
      <ul className="grid gap-x-10 gap-y-12 md:grid-cols-2">
        {POSTS.map((p) => (
          <li key={p.title}>
            <article className="group h-full border-t border-ink pt-5">
              <p className="eyebrow">
                {p.tag} · <time>{p.date}</time>
              </p>
              <h2 className="mt-4 font-display text-3xl leading-tight">{p.title}</h2>
              <p className="mt-3 text-[0.95rem] leading-relaxed text-taupe">{p.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
