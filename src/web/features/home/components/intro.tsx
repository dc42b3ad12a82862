import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { HOME_STATS } from '../content/marketing';
import { StatList } from './stat-list';

/** The intro blurb with the rail art, the monthly-collections highlight and the four figures. */
export function Intro() {
  return (
    <section aria-labelledby="intro-title" className="bg-ivory py-20 lg:py-28">
      <div className="container-page">
        <div className="grid items-center gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
          <img
            src="/home/hero-rail.svg"
            alt="A brass clothes rail hung with a camel coat, a clay dress, an ivory blouse, a black blazer and a sage skirt"
            width={480}
            height={600}
            loading="lazy"
            className="mx-auto aspect-[4/5] w-full max-w-md rounded-md object-cover shadow-soft"
          />
          <div>
            <p className="eyebrow">The Rentique idea</p>
            <h2 id="intro-title" className="mt-5 text-display-lg">
              A wardrobe that changes with you, not one that fills your home.
            </h2>
            <p className="mt-6 max-w-xl leading-relaxed text-taupe">
              Rentique is a rental house for women and men who love clothes and have run out of room for them. Choose
              from our curated designer rails, wear each piece for up to seven days, and send it back in the bag it came
              in. We clean, repair and re-home every piece, so beautiful clothes are worn far more than once.
            </p>
            <div className="mt-10 flex flex-col gap-5 rounded-md border border-linen bg-paper p-6 sm:flex-row sm:items-center sm:justify-between md:p-7">
              <div>
                <p className="eyebrow text-clay">Fresh every month</p>
                <p className="mt-2 font-display text-2xl leading-snug">
                  New collections arrive on the first of every month.
                </p>
              </div>
              <Link
                to={paths.browse}
                className="inline-flex shrink-0 items-center gap-2 text-sm font-medium underline decoration-linen underline-offset-4 hover:decoration-ink"
              >
                See what’s new <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
          </div>
        </div>
        <StatList stats={HOME_STATS} className="mt-20" />
      </div>
    </section>
  );
}
