import { FEATURED_BRANDS } from '../content/marketing';

/** The featured designers, set in the display serif. */
export function BrandStrip() {
  return (
    <section aria-labelledby="brands-title" className="container-page pt-20 lg:pt-24">
      <h2 id="brands-title" className="eyebrow text-center !font-sans !font-medium">
        Featured designers
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-y-6 border-y border-linen py-10 text-center sm:grid-cols-3 lg:grid-cols-6">
        {FEATURED_BRANDS.map((b) => (
          <li key={b} className="font-display text-[1.6rem] whitespace-nowrap text-taupe italic md:text-[1.75rem]">
            {b}
          </li>
        ))}
      </ul>
    </section>
  );
}
