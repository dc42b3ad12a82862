import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** The two services, step by step: renting from Rentique, and lending your own clothes. */
export const SERVICES = [
  {
    key: 'rent',
    number: '01',
    title: 'Rent designer pieces',
    lede: 'Pick the clothes you want to wear this week, from evening gowns to hiking shells.',
    steps: [
      {
        title: 'Choose a plan',
        text: 'Pay per piece each week, or subscribe monthly for more items and a better price.',
      },
      { title: 'Pick what you love', text: 'Browse the collection, match outfits, and save favorites for later.' },
      {
        title: 'Wear it for a week',
        text: 'Your pieces arrive within a day, cleaned and pressed. Wear them for up to 7 days.',
      },
      {
        title: 'Send it back',
        text: 'Returns are free. We take care of the cleaning; extend by a week if you are not ready.',
      },
    ],
  },
  {
    key: 'lend',
    number: '02',
    title: 'List your own clothes',
    lede: 'Travelling abroad, or short of space? Let your wardrobe earn money while you are away.',
    steps: [
      { title: 'List your pieces', text: 'Add photos and details online, or bring your clothes to one of our stores.' },
      { title: 'We collect and clean', text: 'We pick up, professionally clean and photograph each piece.' },
      {
        title: 'Members rent them',
        text: 'Your pieces join the collection and are delivered to members within 1 day.',
      },
      { title: 'You earn', text: 'Every rental adds to your earnings, shown on your dashboard.' },
    ],
  },
] as const;

/** The home page's how-it-works section: the two services in brief. */
export function Services() {
  return (
    <section aria-labelledby="services-title" className="container-page py-20 lg:py-28">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">How it works</p>
          <h2 id="services-title" className="mt-5 max-w-xl text-display-lg">
            Two ways to wear Rentique
          </h2>
        </div>
        <Link
          to={paths.howItWorks}
          className="inline-flex items-center gap-2 text-sm font-medium underline decoration-linen underline-offset-4 hover:decoration-ink"
        >
          The full guide <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        {SERVICES.map((s) => (
          <article key={s.key} className="flex flex-col rounded-md border border-linen bg-ivory p-7 md:p-10">
            <p className="font-display text-5xl text-clay" aria-hidden="true">
              {s.number}
            </p>
            <h3 className="mt-5 font-display text-3xl">{s.title}</h3>
            <p className="mt-3 text-taupe">{s.lede}</p>
            <ol className="mt-8 space-y-4 border-t border-linen pt-7">
              {s.steps.map((step, i) => (
                <li key={step.title} className="flex gap-4 text-[0.93rem]">
                  <span className="mt-0.5 text-xs font-semibold tracking-[0.14em] text-clay">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <span>
                    <span className="font-medium text-ink">{step.title}.</span>{' '}
                    <span className="text-taupe">{step.text}</span>
                  </span>
                </li>
              ))}
            </ol>
            <div className="mt-auto pt-9">
              <Button asChild variant={s.key === 'rent' ? 'primary' : 'outline'}>
                <Link to={s.key === 'rent' ? paths.browse : paths.signup}>
                  {s.key === 'rent' ? 'Browse the Collection' : 'Start Listing'}
                </Link>
              </Button>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
