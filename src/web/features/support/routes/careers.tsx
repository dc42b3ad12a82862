import { CONTACT_EMAIL } from '../../../config/paths';
import { ContentPage, type ContentSection } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/careers';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Careers · Rentique',
    description:
      'Join a small team of stylists, tailors, drivers and engineers who would rather clothes were worn than stored.',
  });

const ROLES = [
  {
    title: 'Senior Stylist',
    team: 'Studio',
    place: 'Mercer Lane, full-time',
    about:
      'Run styling appointments, dress members for their occasions and help shape what the collection buys next season.',
  },
  {
    title: 'Garment Care Technician',
    team: 'Atelier',
    place: 'Atelier, full-time',
    about:
      'Clean, steam and inspect the collection between rentals; experience with delicate fabrics and wet-cleaning welcome.',
  },
  {
    title: 'Client Care Associate',
    team: 'Client care',
    place: 'Hybrid, part-time',
    about: 'Answer members by e-mail and phone, sort out deliveries and returns, and make every message feel personal.',
  },
  {
    title: 'Full-stack Engineer',
    team: 'Technology',
    place: 'Remote within the EU',
    about:
      'TypeScript, React and PostgreSQL: build the booking, lending and styling tools our members and teams use every day.',
  },
];

const SECTIONS: ContentSection[] = [
  {
    title: 'Working here',
    body: (
      <ul className="list-disc space-y-2 pl-5">
        <li>A monthly clothing allowance in the collection, for everyone.</li>
        <li>Thirty days of holiday, and your birthday off.</li>
        <li>Training with our tailors and stylists, whatever your role.</li>
      </ul>
    ),
  },
  {
    title: 'How to apply',
    body: (
      <p>
        Send a short note about yourself and, if you have one, a CV or portfolio to{' '}
        <a href={`mailto:${CONTACT_EMAIL}?subject=Application`} className="text-ink underline underline-offset-4">
          {CONTACT_EMAIL}
        </a>
        , with the role in the subject. We reply to everyone within two weeks.
      </p>
    ),
  },
];

/** /careers: open roles. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="Careers"
      title="Join the house"
      lede="We are a small team of stylists, tailors, drivers and engineers who would rather clothes were worn than stored."
      sections={SECTIONS}
    >
      <h2 className="sr-only">Open roles</h2>
      <ul className="mb-14 divide-y divide-linen border-y border-linen">
        {ROLES.map((r) => (
          <li key={r.title} className="grid gap-2 py-6 sm:grid-cols-[1fr_12rem] sm:gap-8">
            <div>
              <h3 className="font-display text-2xl">{r.title}</h3>
              <p className="mt-2 text-[0.95rem] leading-relaxed text-taupe">{r.about}</p>
            </div>
            <p className="text-sm text-stone sm:text-right">
              {r.team}
              <br />
              {r.place}
            </p>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
