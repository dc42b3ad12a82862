import { addDays, daysBetween } from './calendar';
import { DomainError } from './errors';
import { LENDER_POLICY_MESSAGES } from './lender-policies.rules';

export * from './lender-policies.rules';

/**
 * The notice and the blocked dates as one rule, for every request and Instant Book (beside
 * `outsidePolicyDays`): nothing when the days are open, else a 400 naming the reason (the start
 * date named, the rule's numbers in its details).
 */
export function outsidePolicyDates(
  range: { startDate: string; endDate: string; today: string },
  p: { noticeDays: number; blocks: { startDate: string; endDate: string }[] },
): DomainError | null {
  if (p.noticeDays > 0 && daysBetween(range.today, range.startDate) < p.noticeDays) {
    const earliest = addDays(range.today, p.noticeDays);
    const message = LENDER_POLICY_MESSAGES.notice(p.noticeDays, earliest);
    return new DomainError('VALIDATION_FAILED', message, {
      issues: [{ path: 'startDate', message }],
      details: { reason: 'notice', noticeDays: p.noticeDays, earliestStart: earliest },
    });
  }
  const hit = p.blocks.find((b) => range.startDate < b.endDate && b.startDate < range.endDate);
  if (hit) {
    const message = LENDER_POLICY_MESSAGES.blocked(hit.startDate, hit.endDate);
    return new DomainError('VALIDATION_FAILED', message, {
      issues: [{ path: 'startDate', message }],
      details: { reason: 'blocked', blockedFrom: hit.startDate, blockedUntil: hit.endDate },
    });
  }
  return null;
}
