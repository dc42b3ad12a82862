import { Badge } from '../../../components/ui/badge';
import { TESTIMONIALS } from '../content/marketing';

/** Three members, each quoting the plan they wear. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-sand/60 py-20 lg:py-28">
      <div className="container-page">
        <p className="eyebrow text-center">From our members</p>
        <h2 id="testimonials-title" className="mt-5 text-center text-display-lg">
          Worn, loved, returned
        </h2>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-md bg-ivory p-7 shadow-soft md:p-8">
                <span aria-hidden="true" className="font-display text-6xl leading-[0.6] text-gold">
                  “
                </span>
                <blockquote className="mt-4 flex-1 font-display text-[1.35rem] leading-snug text-ink">
                  {t.quote}
                </blockquote>
                <figcaption className="mt-8 flex items-center justify-between gap-3 border-t border-linen pt-5">
                  <span>
                    <span className="block text-sm font-medium">{t.name}</span>
                    <span className="block text-xs text-taupe">{t.place}</span>
                  </span>
                  <Badge tone={t.plan === 'Luxe' ? 'ink' : 'sand'}>{t.plan} member</Badge>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
