import { Clock, Mail, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { CONTACT_EMAIL, paths } from '../../../config/paths';
import { BookAppointmentButton } from '../components/book-appointment-button';
import { ContactForm } from '../components/contact-form';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Contact Us · Rentique',
    description:
      'Write to Rentique client care or book an appointment with a stylist: we answer every message within one working day.',
  });

/** /contact: the contact form, the studio, and a styling appointment. */
export default function Component() {
  return (
    <div className="pb-12">
      <header className="border-b border-linen/70 bg-ivory">
        <div className="container-page pt-14 pb-12 md:pt-20 md:pb-16">
          <p className="eyebrow">Contact Us</p>
          <h1 className="mt-5 max-w-3xl text-display-xl">We would love to hear from you</h1>
          <p className="mt-6 max-w-2xl text-[1.05rem] leading-relaxed text-taupe">
            A question about a rental, your plan or a piece you would like to lend: write to our client care team and we
            will answer within one working day. Many answers are already in the{' '}
            <Link to={paths.help} className="text-ink underline underline-offset-4">
              Help Center
            </Link>
            .
          </p>
        </div>
      </header>
      <div className="container-page grid gap-12 pt-12 md:pt-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <section aria-labelledby="write-to-us" className="min-w-0">
          <h2 id="write-to-us" className="mb-6 text-display-md">
            Write to us
          </h2>
          <ContactForm />
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="styling" className="rounded-md bg-ink p-7 text-sand">
            <p className="eyebrow !text-linen/70">Members</p>
            <h2 id="styling" className="mt-3 font-display text-3xl text-ivory">
              Book a stylist
            </h2>
            <p className="mt-3 text-sm leading-relaxed text-linen/85">
              A wardrobe consultation, styling for an occasion, a fitting or a video call: free for members, at the
              studio or online.
            </p>
            <BookAppointmentButton
              variant="outline"
              className="mt-6 w-full border-linen/50 text-ivory hover:bg-ivory hover:text-ink"
            />
          </section>
          <section aria-labelledby="studio" className="rounded-md border border-linen bg-ivory p-7">
            <h2 id="studio" className="font-display text-2xl">
              The studio
            </h2>
            <ul className="mt-4 space-y-3 text-sm text-taupe">
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-clay" /> 18 Mercer Lane
              </li>
              <li className="flex gap-3">
                <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-clay" /> Monday to Saturday, 10:00 to
                18:00
              </li>
              <li className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-clay" />
                <a href={`mailto:${CONTACT_EMAIL}`} className="underline underline-offset-4 hover:text-ink">
                  {CONTACT_EMAIL}
                </a>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
