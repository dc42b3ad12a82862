import type { PlanTerms } from '@domain/plans.rules';
import { formatCents } from '../../../lib/format';

/**
 * A paid plan's price as every page says it, from the domain's one reading (planTerms):
 * "$56.66 a month", "$99.99 for 3 months" (docs/product.md, Plans and payment).
 */
export function planPriceText(terms: Pick<PlanTerms, 'priceCents' | 'unit'>): string {
  return `${formatCents(terms.priceCents)} ${terms.unit}`;
}
