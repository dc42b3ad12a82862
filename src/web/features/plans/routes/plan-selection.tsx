import { useId, useState } from 'react';
import { Link, data, redirect, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Subscription } from '@domain/plans';
import {
  MONTHLY_DEFAULT_ITEMS,
  PLAN_IDS,
  PLANS,
  planTerms,
  isPaidPlan,
  isPlanId,
  type PlanId,
} from '@domain/plans.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { apiErrorOf } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { useBusinessToday } from '../../../lib/time-zone';
import { withMinimumDuration } from '../../../lib/min-duration';
import { useHydrated } from '../../../lib/use-hydrated';
import { SAVE_FAILED, useChoosePlan } from '../api/choose-plan';
import { getSubscriptionQueryOptions, useSubscription } from '../api/get-subscription';
import { FeatureList } from '../components/feature-list';
import { ItemStepper } from '../components/item-stepper';
import { PlansLoadError, PlansPageSkeleton } from '../components/page-states';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/plan-selection';

/** Her current plan (shown chosen). */
const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getSubscriptionQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

const CHOOSE_FIRST = 'Select a plan to continue.';

/**
 * The plan form before the app runs (decision 0044): the chosen plan (or Continue without Plan's
 * Weekly) saved through PUT /api/plans/subscription in-process as the member, then on to the dashboard
 * (Weekly is active at once) or to add a card. Once the app runs, the page saves it itself (with
 * its toasts and its 'Setting up...' second).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const plan = form.get('intent') === 'weekly' ? 'weekly' : form.get('plan');
  if (!isPlanId(plan)) return data({ error: CHOOSE_FIRST }, { status: 400 });
  const body = { plan, ...(plan === 'monthly' ? { itemCount: Number(form.get('itemCount')) } : {}) };
  const res = await context.apiFetch(
    new Request(new URL('/api/plans/subscription', context.origin), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  // A paid term still running is refused with the way to change it (the server's words); else the page's.
  if (!res.ok)
    return data(
      { error: (res.status === 409 && (await apiErrorOf(res))?.message) || SAVE_FAILED },
      { status: res.status },
    );
  const saved = (await res.json()) as Subscription;
  return redirect(saved.status === 'active' ? paths.dashboard : paths.creditCard);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose your plan · Rentique',
    description: 'Choose your Rentique plan: Weekly, Monthly (3 to 9 pieces) or 3 Months.',
    noindex: true,
  });

/** docs/product.md, Messages and timings: the plan's saving state ('Setting up...') lasts at least this long. */
const PLAN_SETUP_MS = 1000;

/** /plan-selection: choose Weekly, Monthly (3 to 9 items) or 3 Months. */
export default function Component({ actionData }: Route.ComponentProps) {
  const subscription = useSubscription();
  const [params] = useSearchParams();
  if (subscription.isPending) return <PlansPageSkeleton />;
  if (subscription.isError) return <PlansLoadError onRetry={() => void subscription.refetch()} />;
  const requested = params.get('plan');
  return (
    <PlanSelection
      current={subscription.data}
      requested={isPlanId(requested) ? requested : null}
      refusal={actionData?.error}
    />
  );
}

/** The price as every page says it (planTerms, docs/product.md): "$56.66 a month", "$99.99 for 3 months". */
function priceLine(plan: PlanId, items: number): { figure: string; unit: string } {
  const terms = planTerms(plan, plan === 'monthly' ? items : null);
  return terms ? { figure: formatCents(terms.priceCents), unit: terms.unit } : { figure: 'Pay per item', unit: '' };
}

function PlanSelection({
  current,
  requested,
  refusal,
}: {
  current: Subscription;
  requested: PlanId | null;
  refusal: string | undefined;
}) {
  const navigate = useNavigate();
  const today = useBusinessToday();
  // Before the app runs, the form posts to the action: Continue cannot wait for a choice it cannot see.
  const hydrated = useHydrated();
  const formId = useId();
  const choose = useChoosePlan();
  const groupName = useId();
  // A plan the member chose before is shown selected; the Weekly default nobody chose is not.
  const [selected, setSelected] = useState<PlanId | null>(requested ?? (current.autoAssigned ? null : current.plan));
  const [items, setItems] = useState(
    current.plan === 'monthly' && current.itemCount ? current.itemCount : MONTHLY_DEFAULT_ITEMS,
  );
  const [saving, setSaving] = useState<'plan' | 'weekly' | null>(null);

  const save = async (plan: PlanId, via: 'plan' | 'weekly') => {
    setSaving(via);
    try {
      // docs/product.md, Messages and timings: 'Setting up...' stays for its second even when the server answers sooner.
      const result = await withMinimumDuration(
        choose.mutateAsync({ plan, ...(plan === 'monthly' ? { itemCount: items } : {}) }),
        PLAN_SETUP_MS,
      );
      if (result.status === 'active') {
        toast.success('Plan Selected', {
          description: `You're on the ${result.planTitle} plan. Pay per item, as you go.`,
        });
        await navigate(paths.dashboard);
      } else {
        toast.success('Complete Your Subscription', {
          description: 'Add your payment information to start your plan.',
        });
        await navigate(paths.creditCard);
      }
    } catch {
      // The toast (SAVE_FAILED) comes from the query client: useChoosePlan's meta.
      setSaving(null);
    }
  };

  const summary = selected ? priceLine(selected, items) : null;
  const termRunning = isPaidPlan(current.plan) && !!current.paidThrough && current.paidThrough > today;

  return (
    <div className="container-page pb-24">
      <PageHeader eyebrow="Step 1 of 2 · Your plan" title="Choose Your Plan">
        Pick how you would like to rent. You can change or cancel your plan anytime.
      </PageHeader>
      {termRunning && (
        <p role="status" className="mb-8 rounded-md border border-linen bg-sand/50 p-4 text-sm leading-relaxed">
          Your {PLANS[current.plan].title} plan is paid until {formatDate(current.paidThrough!)}. To change or cancel
          it, go to{' '}
          <Link to={`${paths.account}#plan`} className="font-medium underline underline-offset-4">
            Your plan
          </Link>
          : a change starts at your next billing date, so the time you paid for is kept.
        </p>
      )}

      <form
        id={formId}
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (selected && !saving) void save(selected, 'plan');
        }}
      >
        {/* The stepper's count, for the form posted before the app runs. */}
        <input type="hidden" name="itemCount" value={items} />
        <fieldset>
          <legend className="sr-only">Plans</legend>
          <div className="grid gap-6 md:grid-cols-3">
            {PLAN_IDS.map((id) => {
              const plan = PLANS[id];
              const price = priceLine(id, items);
              const isCurrent = !current.autoAssigned && current.plan === id;
              const inputId = `${groupName}-${id}`;
              return (
                <div
                  key={id}
                  className={cn(
                    'relative flex flex-col rounded-md border bg-ivory shadow-soft transition-colors',
                    'has-checked:border-ink has-checked:ring-1 has-checked:ring-ink has-focus-visible:ring-2 has-focus-visible:ring-clay',
                    selected === id ? '' : 'border-linen/80 hover:border-ink/40',
                  )}
                >
                  <label htmlFor={inputId} className="block flex-1 cursor-pointer p-6 pb-4">
                    <span className="flex items-start justify-between gap-3">
                      <span>
                        <span className="eyebrow block">{plan.itemsPerMonth} items</span>
                        <span
                          id={`${inputId}-title`}
                          className="mt-3 block font-display text-[1.9rem] leading-tight font-medium"
                        >
                          {plan.title}
                        </span>
                      </span>
                      <input
                        id={inputId}
                        type="radio"
                        name="plan"
                        value={id}
                        checked={selected === id}
                        onChange={() => setSelected(id)}
                        disabled={!!saving}
                        aria-labelledby={`${inputId}-title`}
                        aria-describedby={`${inputId}-price`}
                        className="mt-1 size-5 shrink-0 cursor-pointer accent-ink"
                      />
                    </span>
                    {(plan.popular || isCurrent) && (
                      <span className="mt-2 flex flex-wrap gap-2">
                        {plan.popular && <Badge tone="clay">Most popular</Badge>}
                        {isCurrent && (
                          <Badge tone="outline">
                            {current.status === 'active' ? 'Current plan' : 'Awaiting payment'}
                          </Badge>
                        )}
                      </span>
                    )}
                    <span id={`${inputId}-price`} className="mt-4 flex items-baseline gap-1.5">
                      <span
                        className="font-display text-4xl leading-none text-ink"
                        data-testid={id === 'monthly' ? 'monthly-price' : undefined}
                      >
                        {price.figure}
                      </span>
                      {price.unit && <span className="text-sm text-taupe">{` ${price.unit}`}</span>}
                    </span>
                    <span className="mt-4 block text-sm leading-relaxed text-taupe">{plan.description}</span>
                    <FeatureList features={plan.features.slice(0, 3)} className="mt-5 border-t border-linen/70 pt-5" />
                  </label>
                  {plan.isFlexible && (
                    <div className="border-t border-linen/70 px-6 py-5">
                      <p className="mb-3 text-[0.8rem] font-medium tracking-wide text-taupe">How many items a month?</p>
                      <ItemStepper
                        value={items}
                        disabled={!!saving}
                        onChange={(n) => {
                          setItems(n);
                          setSelected('monthly');
                        }}
                      />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>

        <div className="mt-10 flex flex-col gap-6 rounded-md border border-linen bg-sand/40 p-6 md:flex-row md:items-center md:justify-between">
          <div aria-live="polite">
            <p className="eyebrow">Your choice</p>
            {selected && summary ? (
              <p className="mt-2 font-display text-2xl">
                {PLANS[selected].title}
                {selected === 'monthly' && ` · ${items} items`}
                <span className="ml-2 font-sans text-base text-taupe" data-testid="plan-price">
                  {summary.unit ? `${summary.figure} ${summary.unit}` : summary.figure}
                </span>
              </p>
            ) : (
              <p className="mt-2 text-sm text-taupe">{CHOOSE_FIRST}</p>
            )}
            {refusal && (
              <p role="alert" className="mt-2 text-sm font-medium text-danger">
                {refusal}
              </p>
            )}
          </div>
          <Button
            type="submit"
            size="lg"
            className="w-full md:w-auto md:min-w-56"
            disabled={hydrated && (!selected || !!saving)}
          >
            {saving === 'plan' ? 'Setting up...' : 'Continue'}
          </Button>
        </div>
      </form>

      <div className="mt-8 text-center">
        <Button
          type="submit"
          form={formId}
          name="intent"
          value="weekly"
          variant="link"
          disabled={!!saving}
          onClick={(e) => {
            e.preventDefault();
            void save('weekly', 'weekly');
          }}
        >
          {saving === 'weekly' ? 'Setting up...' : 'Continue without Plan - Start with Weekly'}
        </Button>
        <p className="mt-6 text-xs text-stone">
          Want to compare first?{' '}
          <Link to={paths.pricing} className="underline underline-offset-4 hover:text-ink">
            See plans & pricing
          </Link>
        </p>
      </div>
    </div>
  );
}
