import { Link } from 'react-router';
import { formatCents } from '@domain/money';
import { PROTECTION_SETTINGS, damageSchedule } from '@domain/protection';
import { paths } from '../../../config/paths';
import { pageMeta } from '../../../lib/meta';
import { ContentPage, type ContentSection } from '../components/content-page';
import type { Route } from './+types/damage-schedule';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Damage and loss schedule · Rentique',
    description: `What wear, a stain, a repair, a missing part and a loss cost, with damage cover and without. Never more than the piece is worth.`,
  });

const S = PROTECTION_SETTINGS;

const SECTIONS: ContentSection[] = [
  {
    title: 'Damage cover',
    body: (
      <p>
        Add cover to a rental for {formatCents(S.coverFeeCents)} from the{' '}
        <Link to={`${paths.dashboard}?tab=renting`} className="text-ink underline underline-offset-4">
          Renting tab of your dashboard
        </Link>
        , until the piece is sent; its fee is charged to your card. Normal wear, small stains and minor repairs then
        cost you nothing, and a major repair, a missing part or a loss costs at most the capped amount in the table.
        When a member’s piece is damaged, its lender is paid the schedule’s full amount: the cover pays the difference.
      </p>
    ),
  },
  {
    title: 'Deposits',
    body: (
      <p>
        A member’s piece worth {formatCents(S.depositThresholdCents)} or more, or one whose lender asks it, holds a
        deposit of {Math.round(S.depositRate * 100)}% of its retail price (at most {formatCents(S.depositCapCents)}): an
        authorisation on your card with your request or Instant Book, not a charge. The piece’s page shows it before you
        book. It is released when the piece comes back as it left (or the request ends), and kept in part or in full
        only for damage decided on a claim or recorded against this schedule. Pieces from our own collection hold no
        deposit.
      </p>
    ),
  },
  {
    title: 'How we decide',
    body: (
      <p>
        Our atelier inspects every piece when it comes back and records what it finds against this schedule; the amount
        is a line of your receipt. A repair’s cost is what our tailors or the lender’s repairer charge, never more than
        the cap. If you disagree, write to us from{' '}
        <Link to={paths.contact} className="text-ink underline underline-offset-4">
          Contact
        </Link>
        .
      </p>
    ),
  },
];

/** /protection: the published damage and loss schedule; its amounts come from the same settings as the charges. */
export default function Component() {
  const lines = damageSchedule();
  return (
    <ContentPage
      eyebrow="Care and protection"
      title="Damage and loss schedule"
      lede="Clothes are made to be worn. Here is exactly what happens when something goes wrong, with and without damage cover: never more than the piece is worth."
      sections={SECTIONS}
    >
      <div className="mb-14 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">What each kind of damage costs, with and without cover</caption>
          <thead>
            <tr className="border-b border-ink">
              <th scope="col" className="py-3 pr-4 font-medium text-ink">
                What happened
              </th>
              <th scope="col" className="py-3 pr-4 font-medium text-ink">
                With cover ({formatCents(S.coverFeeCents)})
              </th>
              <th scope="col" className="py-3 font-medium text-ink">
                Without cover
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.kind} className="border-b border-linen align-top">
                <th scope="row" className="py-4 pr-4 font-normal">
                  <span className="block font-display text-lg text-ink">{l.title}</span>
                  <span className="mt-1 block text-taupe">{l.example}</span>
                </th>
                <td className="py-4 pr-4 text-ink">{l.withCover}</td>
                <td className="py-4 text-ink">{l.withoutCover}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ContentPage>
  );
}
