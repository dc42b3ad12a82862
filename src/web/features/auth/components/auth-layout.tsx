import type { ReactNode } from 'react';

/** The two-column frame of the sign-up and sign-in pages: an editorial panel and the form. */
export function AuthLayout({
  eyebrow,
  title,
  lede,
  children,
}: {
  eyebrow: string;
  title: string;
  lede: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page grid gap-12 py-12 md:py-20 lg:grid-cols-[1fr_minmax(0,30rem)] lg:gap-24">
      <div className="hidden flex-col justify-between rounded-md bg-sand/60 p-12 lg:flex">
        <p className="eyebrow">Rentique Members</p>
        <blockquote className="font-display text-4xl leading-tight font-medium text-ink">
          “A wardrobe that changes with the season, and never fills the closet.”
        </blockquote>
        <ul className="grid grid-cols-3 gap-6 text-sm text-taupe">
          <li>
            <span className="block font-display text-3xl text-ink">5000+</span>designer pieces
          </li>
          <li>
            <span className="block font-display text-3xl text-ink">7 days</span>to wear each
          </li>
          <li>
            <span className="block font-display text-3xl text-ink">Free</span>shipping & returns
          </li>
        </ul>
      </div>
      <div>
        <p className="eyebrow mb-3">{eyebrow}</p>
        <h1 className="text-display-lg">{title}</h1>
        <p className="mt-3 text-sm text-taupe">{lede}</p>
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}
