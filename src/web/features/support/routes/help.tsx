import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RENTAL_DAYS } from '@domain/catalogue.rules';
import { paths } from '../../../config/paths';
import { ContentPage, type ContentSection } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/help';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Help Center · Rentique',
    description: 'Answers to what members ask us most, about renting, plans, lending your own clothes and deliveries.',
  });

const QUESTIONS: { group: string; items: { q: string; a: ReactNode }[] }[] = [
  {
    group: 'Renting',
    items: [
      {
        q: 'How long is a rental?',
        a: `Every rental runs for ${RENTAL_DAYS} days, from the day it reaches you. Choose your dates on the collection page and we plan the delivery around them. Need it longer? You can extend a rental from your account while nobody else has booked the piece after you.`,
      },
      {
        q: 'What if it does not fit?',
        a: 'Tell us within 24 hours of delivery and we will collect it and send another size at no cost, if one is free. Every piece lists its measurements, and our stylists are happy to advise before you rent.',
      },
      {
        q: 'Is cleaning included?',
        a: 'Yes. Every piece is professionally cleaned, steamed and checked between wears by our partner atelier. Please do not wash or dry-clean it yourself; just return it as it is.',
      },
      {
        q: 'What happens if I damage something?',
        a: (
          <>
            Small things happen: normal wear costs nothing, and damage cover (added to a rental from your dashboard
            until it is sent) takes care of stains and minor repairs. What each kind of damage costs, with and without
            cover, is on our{' '}
            <Link to={paths.damageSchedule} className="text-ink underline underline-offset-4">
              damage and loss schedule
            </Link>
            : never more than the piece is worth.
          </>
        ),
      },
    ],
  },
  {
    group: 'Plans and payment',
    items: [
      {
        q: 'What is the difference between the plans?',
        a: (
          <>
            Weekly is pay-as-you-go: you pay each rental. Monthly gives you a number of pieces each month for a fixed
            price, and the three-month plan adds a lower monthly rate. See{' '}
            <Link to={paths.pricing} className="text-ink underline underline-offset-4">
              Pricing
            </Link>{' '}
            for today’s figures.
          </>
        ),
      },
      {
        q: 'Can I pause or cancel?',
        a: 'Yes, anytime from your account. A cancelled plan runs to the end of the period you have paid for; nothing renews after that.',
      },
      {
        q: 'Which cards do you accept?',
        a: 'Visa, Mastercard and American Express. We keep only the brand, the last four digits and the expiry date; the card itself stays with our payment provider.',
      },
    ],
  },
  {
    group: 'Lending your clothes',
    items: [
      {
        q: 'Which pieces can I list?',
        a: 'Designer and premium pieces in excellent condition, from the last five years or true classics. Our team reviews each listing, and its photos, before it goes live.',
      },
      {
        q: 'How do I get paid?',
        a: 'You earn a share of every rental of your piece, shown in the Listing tab of your account. We pay out monthly to the account you choose.',
      },
      {
        q: 'Who looks after my piece?',
        a: 'We do: collection, cleaning, insurance while it is out, and small repairs. You can take a piece off the collection whenever it is not on a rental.',
      },
    ],
  },
  {
    group: 'Delivery and returns',
    items: [
      {
        q: 'How does delivery work?',
        a: 'Choose delivery to your door or pickup at our studio when you set up your account. Deliveries arrive the day before your rental starts.',
      },
      {
        q: 'How do I return a piece?',
        a: 'Put it back in the garment bag it came in and book a collection, or drop it at the studio. Returns are free.',
      },
    ],
  },
];

const SECTIONS: ContentSection[] = QUESTIONS.map(({ group, items }) => ({
  title: group,
  body: (
    <dl className="divide-y divide-linen/70">
      {items.map(({ q, a }) => (
        <div key={q} className="py-5 first:pt-0">
          <dt className="font-medium text-ink">{q}</dt>
          <dd className="mt-2">{a}</dd>
        </div>
      ))}
    </dl>
  ),
}));

/** /help: the questions members ask most, by topic. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="Help Center"
      title="How can we help?"
      lede="Answers to what members ask us most, about renting, plans, lending your own clothes and deliveries."
      sections={SECTIONS}
      toc
    />
  );
}
