import { CATEGORY_RENTAL_PRICE_CENTS } from '@domain/catalogue.rules';
import { PLANS, type CataloguePlanId } from '@domain/plans.rules';
import { formatCents } from '../../../lib/format';

const LOWEST_WEEKLY_CENTS = Math.min(...Object.values(CATEGORY_RENTAL_PRICE_CENTS));

/** The price block of a plan card: a large figure with its unit from planTerms (via PLANS), and a quiet line under it. */
export function PlanPrice({ id }: { id: CataloguePlanId }) {
  const plan = PLANS[id];
  let figure: string;
  let unit: string | null = null;
  let note: string;
  switch (id) {
    case 'weekly':
      figure = 'Per item';
      note = `Weekly rentals from ${formatCents(LOWEST_WEEKLY_CENTS)}`;
      break;
    case 'monthly':
      figure = formatCents(plan.priceCents ?? 0);
      unit = plan.priceUnit;
      note = `for 3 items, up to ${formatCents(plan.maxPriceCents ?? 0)} for 9`;
      break;
    case 'threemonths':
      // One payment for the term (decision 0030): the figure is the total, the note what a month comes to.
      figure = formatCents(plan.priceCents ?? 0);
      unit = plan.priceUnit;
      note = `${formatCents(plan.monthlyEquivalentCents ?? 0)} a month · ${plan.itemsPerMonth} outfits a month, the best price per piece`;
      break;
    default:
      figure = "Let's talk";
      note = plan.priceUnit;
  }
  return (
    <div>
      <p className="flex items-baseline gap-1.5" data-testid={unit ? 'plan-price' : undefined}>
        <span className="font-display text-[2.6rem] leading-none font-medium text-ink">{figure}</span>
        {unit && <span className="text-sm text-taupe">{` ${unit}`}</span>}
      </p>
      <p className="mt-2 text-xs tracking-wide text-stone">{note}</p>
    </div>
  );
}
