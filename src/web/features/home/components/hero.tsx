import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** The opening of the home page: the promise, the three ways in, and the atelier art. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="container-page grid items-center gap-12 pt-10 pb-20 md:pt-16 lg:grid-cols-[1.4fr_1fr] lg:gap-12 lg:pt-20 lg:pb-28"
    >
      <div>
        <p className="eyebrow">Designer fashion, rented by the week</p>
        <h1 id="hero-title" className="mt-6 text-display-xl">
          Limited space.
          <br />
          <em className="font-normal text-clay">Unlimited</em> style.
        </h1>
        <p className="mt-7 max-w-lg text-[1.05rem] leading-relaxed text-taupe">
          A small wardrobe no longer means a small choice. Rent the pieces you love, return them when the moment has
          passed, and let your own clothes earn while you travel.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button asChild size="lg" className="lg:h-12 lg:px-6">
            <Link to={paths.signup}>Start Your Style Journey</Link>
          </Button>
          <Button asChild size="lg" variant="accent" className="lg:h-12 lg:px-6">
            <Link to={paths.match}>Try Our New Match Feature</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="lg:h-12 lg:px-6">
            <Link to={paths.pricing}>View Plans</Link>
          </Button>
        </div>
      </div>
      <div className="relative mx-auto w-full max-w-md lg:max-w-none">
        <img
          src="/home/hero-atelier.svg"
          alt="A dress form in an arched atelier window, draped in a long clay gown"
          width={480}
          height={600}
          fetchPriority="high"
          className="aspect-[4/5] w-[78%] rounded-t-full border border-linen object-cover shadow-soft lg:ml-auto"
        />
        <div className="absolute right-0 -bottom-8 w-[46%] rounded-md bg-ivory p-5 shadow-lift lg:right-auto lg:-left-4 lg:bottom-10">
          <p className="eyebrow text-clay">New in</p>
          <p className="mt-2 font-display text-xl leading-snug">The autumn tailoring edit has arrived.</p>
        </div>
      </div>
    </section>
  );
}
