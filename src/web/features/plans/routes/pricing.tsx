import { CalendarDays, RefreshCw, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { CATALOGUE_PLAN_IDS, CUSTOM_PLAN_MAIL_SUBJECT, PLANS, type CataloguePlanId } from '@domain/plans.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { CONTACT_EMAIL, paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { cn } from '../../../lib/cn';
import { FeatureList } from '../components/feature-list';
import { PlanPrice } from '../components/plan-price';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/pricing';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Plans & Pricing · Rentique',
    description:
      'Rent one piece at a time, or subscribe: Weekly, Monthly from $39.99 and 3 Months. Cleaning, shipping and returns are included.',
  });

const CONTACT_SALES_HREF = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(CUSTOM_PLAN_MAIL_SUBJECT)}`;

const PROMISES = [
  { icon: RefreshCw, title: 'Cancel or change anytime', text: 'Move between plans whenever your calendar changes.' },
  { icon: CalendarDays, title: 'Wear up to 7 days', text: 'Every piece stays with you for a full week.' },
  { icon: Truck, title: 'Free shipping and returns', text: 'Delivered cleaned and pressed; returns collected free.' },
];

/** /pricing: the four plans. 'Choose Plan' goes to sign-up for visitors and to plan selection for members. */
export default function Component() {
  const { data: session } = useSession();
  const chooseHref = (id: CataloguePlanId) => (session ? `${paths.planSelection}?plan=${id}` : paths.signup);

  return (
    <div className="container-page pb-24">
      <PageHeader eyebrow="Membership" title="Plans & Pricing">
        Rent designer pieces one at a time, or subscribe and let your wardrobe change every month. Every plan includes
        professional cleaning, free shipping and returns.
      </PageHeader>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {CATALOGUE_PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const titleId = `plan-${id}-title`;
          return (
            <article
              key={id}
              aria-labelledby={titleId}
              className={cn(
                'relative flex flex-col rounded-md border bg-ivory p-7 shadow-soft',
                plan.popular ? 'border-ink ring-1 ring-ink' : 'border-linen/80',
              )}
            >
              <div className="flex min-h-6 items-center justify-between gap-3">
                <p className="eyebrow">{id === 'custom' ? 'Bespoke' : `${plan.itemsPerMonth} items`}</p>
                {plan.popular && <Badge tone="clay">Most popular</Badge>}
                {plan.id === 'threemonths' && <Badge tone="outline">Best value</Badge>}
              </div>
              <h2 id={titleId} className="mt-4 text-[2rem] leading-tight">
                {plan.title}
              </h2>
              <div className="mt-4">
                <PlanPrice id={id} />
              </div>
              <p className="mt-5 text-sm leading-relaxed text-taupe">{plan.description}</p>
              <FeatureList features={plan.features} className="mt-6 mb-8 border-t border-linen/70 pt-6" />
              <div className="mt-auto">
                {id === 'custom' ? (
                  <Button variant="outline" className="w-full" asChild>
                    <a href={CONTACT_SALES_HREF}>Contact Sales</a>
                  </Button>
                ) : (
                  <Button variant={plan.popular ? 'primary' : 'outline'} className="w-full" asChild>
                    <Link to={chooseHref(id)} aria-label={`Choose Plan: ${plan.title}`}>
                      Choose Plan
                    </Link>
                  </Button>
                )}
              </div>
            </article>
          );
        })}
      </div>

      <ul className="mt-16 grid gap-8 border-t border-linen pt-12 md:grid-cols-3">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-clay" />
            <div>
              <p className="font-display text-xl">{title}</p>
              <p className="mt-1 text-sm text-taupe">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
