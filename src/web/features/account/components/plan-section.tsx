import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PlanManager } from '../../plans';
import { SettingsSection } from './settings-section';

const LINKS = [
  { to: paths.creditCardManage, title: 'Payment details', text: 'The card your plan and rentals are charged to.' },
  {
    to: paths.accountAddresses,
    title: 'Addresses and pickup',
    text: 'Your delivery address, or the studio you pick up from.',
  },
  { to: paths.planSelection, title: 'Change plan', text: 'Weekly, monthly or three months.' },
  { to: '/account/saved-searches', title: 'Saved searches', text: 'Searches you saved on Browse, and their alerts.' },
  { to: paths.credit, title: 'Store credit', text: 'Your balance, spent before your card, and its history.' },
  { to: paths.referrals, title: 'Invite a friend', text: 'Store credit for you both after her first rental.' },
  { to: paths.giftCards, title: 'Gift cards', text: 'Give one by e-mail, or redeem one you received.' },
] as const;

/** Her plan and what she can do with it (PlanManager), and where card and pickup choice are changed (their own pages). */
export function PlanSection() {
  return (
    <SettingsSection
      id="plan"
      title="Plan and delivery"
      description="Your plan, the card it is charged to, and how your pieces reach you."
    >
      <PlanManager />
      <ul className="divide-y divide-linen rounded-md border border-linen/80 bg-ivory">
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="group flex items-center gap-4 px-4 py-4 transition-colors hover:bg-paper sm:px-5"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-[0.95rem] font-medium">{l.title}</span>
                <span className="block text-sm text-taupe">{l.text}</span>
              </span>
              <ArrowUpRight
                aria-hidden="true"
                className="size-4 text-stone transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
