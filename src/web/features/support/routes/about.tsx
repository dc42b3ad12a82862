import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ContentPage, type ContentSection } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'About Us · Rentique',
    description:
      'Rentique is a fashion rental house: we buy, borrow and care for exceptional clothes so that more people can wear them, more often.',
  });

const SECTIONS: ContentSection[] = [
  {
    title: 'A wardrobe that moves',
    body: (
      <>
        <p>
          Rentique began with a rail of twelve dresses in a studio on Mercer Lane and a simple question: why do the best
          pieces in our wardrobes spend most of the year on a hanger? Our founders, a buyer from a Paris fashion house
          and a logistics engineer, set out to make designer clothing something you wear for the week you need it, and
          then pass on.
        </p>
        <p>
          Today members rent coats, gowns, tailoring and weekend pieces for a week at a time, on a plan or as they go,
          and many of them lend their own clothes to the collection.
        </p>
      </>
    ),
  },
  {
    title: 'How we work',
    body: (
      <ul className="list-disc space-y-2 pl-5">
        <li>Every piece is checked, cleaned and steamed by our partner atelier between wears.</li>
        <li>Our stylists know the collection piece by piece, and members can book time with them for free.</li>
        <li>Members who lend are paid for every rental, and we look after their pieces as if they were our own.</li>
      </ul>
    ),
  },
  {
    title: 'The people',
    body: (
      <p>
        Twenty-four of us, between the studio, the atelier and the warehouse: stylists, tailors, drivers, engineers and
        the client care team who read every message you send.
      </p>
    ),
  },
];

/** /about: who we are. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="About Us"
      title="Designer wardrobes, shared"
      lede="Rentique is a fashion rental house: we buy, borrow and care for exceptional clothes so that more people can wear them, more often."
      sections={SECTIONS}
      aside={
        <div className="rounded-md border border-linen bg-ivory p-7">
          <p className="eyebrow">Visit the studio</p>
          <p className="mt-3 font-display text-2xl">18 Mercer Lane</p>
          <p className="mt-2 text-sm leading-relaxed text-taupe">
            Monday to Saturday, 10:00 to 18:00. Try pieces on, or book an hour with a stylist.
          </p>
          <Button asChild variant="outline" className="mt-5">
            <Link to={paths.browse}>Browse the collection</Link>
          </Button>
        </div>
      }
    />
  );
}
