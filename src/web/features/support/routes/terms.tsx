import { RENTAL_DAYS } from '@domain/catalogue.rules';
import { ContentPage, type ContentSection } from '../components/content-page';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Terms of Service · Rentique',
    description: 'What you can expect of Rentique, and what we ask of you, when you rent, lend and book with us.',
  });

const SECTIONS: ContentSection[] = [
  {
    title: 'Membership',
    body: (
      <p>
        You must be 18 or older to join. One account per person; keep your password to yourself. You are responsible for
        what is rented and listed from your account.
      </p>
    ),
  },
  {
    title: 'Renting a piece',
    body: (
      <>
        <p>
          A rental lasts {RENTAL_DAYS} days from delivery. It is confirmed when we have accepted it and, on a paid plan,
          when your card has been charged. Pieces remain the property of Rentique or of the member who lends them.
        </p>
        <p>
          Wear and enjoy them as you would your own best clothes: no alterations, no home washing, no smoking while
          wearing them.
        </p>
      </>
    ),
  },
  {
    title: 'Returns, late returns and damage',
    body: (
      <>
        <p>
          Return each piece by the end of its rental. A late return costs one day’s share of the weekly price for each
          day it is late, up to the retail price.
        </p>
        <p>
          Ordinary wear and small marks are covered. If a piece comes back damaged beyond repair or does not come back,
          we charge a fair share of its retail price, after talking it through with you.
        </p>
      </>
    ),
  },
  {
    title: 'Plans and payment',
    body: (
      <p>
        Plans renew at the end of each period until you cancel. Cancelling stops the next renewal; the current period
        stays yours. Prices include VAT where it applies.
      </p>
    ),
  },
  {
    title: 'Lending your clothes',
    body: (
      <p>
        By listing a piece you confirm it is yours and authentic. We may decline or remove a listing. While a piece is
        on a rental it cannot be withdrawn; at other times you can take it back whenever you like. Your share of each
        rental is paid monthly.
      </p>
    ),
  },
  {
    title: 'Styling appointments',
    body: (
      <p>
        Appointments are free for members. Please cancel at least 24 hours ahead so another member can take the time;
        repeated no-shows may limit future bookings.
      </p>
    ),
  },
  {
    title: 'Our responsibility',
    body: (
      <p>
        We check every piece before it leaves us and answer for what we deliver. We are not liable for indirect losses,
        such as a missed event, beyond refunding the rental.
      </p>
    ),
  },
];

/** /terms: the rules of renting, lending and membership. */
export default function Component() {
  return (
    <ContentPage
      eyebrow="Terms of Service"
      title="The rules of the wardrobe"
      lede="What you can expect of us, and what we ask of you, when you rent, lend and book with Rentique."
      updated="23 November 2026"
      sections={SECTIONS}
      toc
    />
  );
}
