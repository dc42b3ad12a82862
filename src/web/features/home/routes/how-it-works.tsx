import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { SERVICES } from '../components/services';
import { StatList } from '../components/stat-list';
import { HOW_IT_WORKS_STATS } from '../content/marketing';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/how-it-works';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'How It Works · Rentique',
    description:
      'How renting and lending work at Rentique: choose your dates, wear each piece for a week, and let us handle pickup, cleaning and delivery.',
  });

/** /how-it-works: both services step by step, the figures, and the ways in. */
export default function Component() {
  return (
    <>
      <section
        aria-labelledby="hiw-title"
        className="container-page grid items-center gap-12 pt-12 pb-16 md:pt-16 lg:grid-cols-[1.2fr_1fr] lg:gap-20 lg:pb-24"
      >
        <div>
          <p className="eyebrow">How it works</p>
          <h1 id="hiw-title" className="mt-6 text-display-xl">
            Wear more.
            <br />
            <em className="font-normal text-clay">Own less.</em>
          </h1>
          <p className="mt-7 max-w-xl text-[1.05rem] leading-relaxed text-taupe">
            Rentique works both ways. Rent designer pieces for a week at a time, or make your own clothes available to
            members and earn while you travel. We handle pickup, cleaning and delivery.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.signup}>Sign Up Now</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.browse}>Browse the Collection</Link>
            </Button>
          </div>
        </div>
        <img
          src="/home/hero-rail.svg"
          alt="A brass clothes rail hung with a camel coat, a clay dress, an ivory blouse, a black blazer and a sage skirt"
          width={480}
          height={600}
          className="mx-auto aspect-[4/5] w-full max-w-sm rounded-t-full border border-linen object-cover shadow-soft"
        />
      </section>

      <div className="container-page">
        <StatList stats={HOW_IT_WORKS_STATS} />
      </div>

      {SERVICES.map((service, index) => (
        <section
          key={service.key}
          aria-labelledby={`service-${service.key}`}
          className={index === 0 ? 'container-page py-20 lg:py-28' : 'bg-ivory py-20 lg:py-28'}
        >
          <div className={index === 0 ? '' : 'container-page'}>
            <div className="grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-20">
              <div>
                <p className="font-display text-6xl text-clay" aria-hidden="true">
                  {service.number}
                </p>
                <h2 id={`service-${service.key}`} className="mt-4 text-display-lg">
                  {service.title}
                </h2>
                <p className="mt-5 max-w-md leading-relaxed text-taupe">{service.lede}</p>
              </div>
              <ol className="grid gap-px overflow-hidden rounded-md border border-linen bg-linen sm:grid-cols-2">
                {service.steps.map((step, i) => (
                  <li key={step.title} className="bg-paper p-7 md:p-8">
                    <p className="eyebrow text-clay">Step {i + 1}</p>
                    <h3 className="mt-4 font-display text-2xl">{step.title}</h3>
                    <p className="mt-3 text-[0.93rem] leading-relaxed text-taupe">{step.text}</p>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        </section>
      ))}

      <section aria-labelledby="hiw-cta" className="container-page pt-20 lg:pt-28">
        <div className="rounded-md bg-ink px-7 py-14 text-center text-ivory md:px-16 md:py-20">
          <p className="eyebrow !text-linen/80">Your first week starts here</p>
          <h2 id="hiw-cta" className="mx-auto mt-5 max-w-2xl text-display-lg">
            Ready to rent, or ready to earn?
          </h2>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="accent">
              <Link to={paths.signup}>Create Your Account</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-ivory/70 text-ivory hover:bg-ivory hover:text-ink"
            >
              <Link to={paths.browse}>Browse Items</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
