import { Link } from 'react-router';
import { paths } from '../../../config/paths';

const COLUMNS = [
  {
    title: 'Quick Links',
    links: [
      { label: 'Home', to: paths.home },
      { label: 'Browse Collection', to: paths.browse },
      { label: 'Pricing', to: paths.pricing },
      { label: 'Pre-loved', to: paths.preLoved },
      { label: 'How It Works', to: paths.howItWorks },
    ],
  },
  // Each leads to a page of ours (docs/product.md, Contact).
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Sustainability', to: paths.sustainability },
      { label: 'Blog', to: paths.blog },
      { label: 'Careers', to: paths.careers },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.help },
      { label: 'Damage & Loss Schedule', to: paths.damageSchedule },
      { label: 'Contact Us', to: paths.contact },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Service', to: paths.terms },
    ],
  },
];

// Simple line glyphs in the lucide style (lucide no longer ships brand marks).
function Glyph({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
const SOCIAL = [
  {
    label: 'Instagram',
    Icon: () => (
      <Glyph d="M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01" />
    ),
  },
  { label: 'Twitter', Icon: () => <Glyph d="M4 4l16 16M20 4L4 20" /> },
  {
    label: 'Facebook',
    Icon: () => <Glyph d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6v3.5h3V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />,
  },
];

export function Footer() {
  return (
    <footer className="mt-24 bg-ink text-sand">
      <div className="container-page grid grid-cols-2 gap-x-8 gap-y-12 py-16 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-1">
          <p className="font-display text-3xl text-ivory">Rentique</p>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-linen/80">
            Designer wardrobes, shared. Rent by the week, lend what you love, and wear it better.
          </p>
          <ul className="mt-6 flex gap-2" aria-label="Social media">
            {SOCIAL.map(({ label, Icon }) => (
              <li key={label}>
                <a
                  href={paths.home}
                  aria-label={`Rentique on ${label} (coming soon)`}
                  className="inline-flex size-10 items-center justify-center rounded-full border border-linen/25 text-linen transition-colors hover:border-linen hover:text-ivory"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="eyebrow font-sans !text-linen/70">{col.title}</h2>
            <ul className="mt-5 space-y-3 text-sm">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-linen/90 transition-colors hover:text-ivory">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-linen/15">
        {/* Room for the floating assistant button on pages that show it (styles.css). */}
        <p className="container-page pt-6 pb-[calc(1.5rem+var(--assistant-space,0px))] text-xs tracking-wide text-linen/60">
          © {new Date().getFullYear()} Rentique. Wear more, own less.
        </p>
      </div>
    </footer>
  );
}
