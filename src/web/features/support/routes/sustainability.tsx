import { ContentPage, type ContentSection } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/sustainability';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Sustainability · Rentique',
    description:
      'The most sustainable garment is the one that already exists: how Rentique keeps its clothes in use, and where we still fall short.',
  });

const FIGURES = [
  { figure: '30+', label: 'wears for an average piece in our collection, against a handful in a private wardrobe' },
  { figure: '0', label: 'pieces sent to landfill: what can no longer be rented is repaired, resold or recycled' },
  { figure: '100%', label: 'of our deliveries in the city made by electric van or cargo bike' },
];

const SECTIONS: ContentSection[] = [
  {
    title: 'Why renting matters',
    body: (
      <>
        <p>
          Most of a garment’s footprint is made before it is ever worn: growing the fibre, dyeing, sewing, shipping.
          Every extra wear spreads that cost thinner. A dress rented by twenty people does the work of twenty dresses
          that were never made.
        </p>
        <p>
          Your account shows an estimate of the water your rentals have saved, based on the typical water use of making
          each kind of garment.
        </p>
      </>
    ),
  },
  {
    title: 'Cleaning with care',
    body: (
      <p>
        Our atelier uses liquid CO₂ and wet-cleaning instead of perchloroethylene, steams rather than presses where it
        can, and re-uses every garment bag and hanger until it wears out.
      </p>
    ),
  },
  {
    title: 'Repair before replace',
    body: (
      <p>
        Two tailors work on the collection full-time: hems, linings, zips and buttons. A piece leaves the collection
        only when it can no longer be made beautiful; then it is sold at a low price to members or sent to a textile
        recycler.
      </p>
    ),
  },
  {
    title: 'What we are still working on',
    body: (
      <p>
        Deliveries outside the city still travel by courier van, and some pieces in the collection come from
        fast-fashion brands. We publish our progress on both each year on this page.
      </p>
    ),
  },
];

/** /sustainability: the case for renting, and what we do and do not yet do. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="Sustainability"
      title="Wear more, own less"
      lede="The most sustainable garment is the one that already exists. Here is how we keep ours in use, and where we still fall short."
      sections={SECTIONS}
    >
      <ul className="mb-14 grid gap-6 sm:grid-cols-3">
        {FIGURES.map((f) => (
          <li key={f.figure} className="border-t border-ink pt-5">
            <p className="font-display text-5xl text-clay">{f.figure}</p>
            <p className="mt-3 text-sm leading-relaxed text-taupe">{f.label}</p>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
