import { Link } from 'react-router';
import { CONTACT_EMAIL, paths } from '../../../config/paths';
import { ContentPage, type ContentSection } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Privacy Policy · Rentique',
    description: 'What Rentique knows about you, why, and how to take it with you or have it removed.',
  });

const SECTIONS: ContentSection[] = [
  {
    title: 'What we collect',
    body: (
      <>
        <p>
          To run your account: your name, e-mail address, the password you choose (stored only as a salted hash) and, if
          you tell us, your gender for the match feature.
        </p>
        <p>
          To rent and lend: your plan, the pieces you rent and list, your delivery or pickup choice and your billing
          address. Of your card we keep only the brand, the last four digits and the expiry date; the number itself
          never touches our servers.
        </p>
        <p>
          When you write to us or book a styling appointment: what you send, and the time and network address it came
          from, so we can answer and keep the forms free of abuse.
        </p>
      </>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <ul className="list-disc space-y-2 pl-5">
        <li>to deliver, collect and clean the pieces you rent, and to pay you for the pieces you lend;</li>
        <li>
          to send the e-mails that belong to your account: confirmations, reminders before a return is due, security
          notices;
        </li>
        <li>to suggest pieces you may like, from what you liked and rented here (never from anywhere else);</li>
        <li>to keep the service safe: limits on sign-in attempts, forms and messages.</li>
      </ul>
    ),
  },
  {
    title: 'What we never do',
    body: (
      <p>
        We do not sell your data, we do not show third-party advertising, and we do not use tracking cookies. The only
        cookie we set keeps you signed in.
      </p>
    ),
  },
  {
    title: 'Who else sees it',
    body: (
      <p>
        Our payment provider (to charge your card), our delivery partner (your name and address for a delivery) and our
        cleaning atelier (only the piece, never your details). Each is bound by contract to use the data for that
        purpose alone.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <p>
        As long as you have an account. When you delete it, your profile, fit details, favorites, shortlists, payout
        account, listings and the photos of your reviews go at once, and you leave any waitlist; what you wrote to or
        about other members (reviews, messages, ratings, damage claims) stays, signed by a former member; records we
        must keep for tax (charges and payouts) are kept for the legal period, without your name, and then deleted.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        You can download everything we hold about you, correct it or delete your account from{' '}
        <Link to={paths.account} className="text-ink underline underline-offset-4">
          your account settings
        </Link>
        . For anything else, write to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`} className="text-ink underline underline-offset-4">
          {CONTACT_EMAIL}
        </a>{' '}
        and we will answer within 30 days.
      </p>
    ),
  },
];

/** /privacy: what we collect, why, and what you can do about it. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="Privacy Policy"
      title="Your data, plainly"
      lede="What Rentique knows about you, why, and how to take it with you or have it removed."
      updated="23 November 2026"
      sections={SECTIONS}
      toc
    />
  );
}
