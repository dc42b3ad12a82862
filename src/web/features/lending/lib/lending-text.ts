import { paths } from '../../../config/paths';
import type { HandoverStage, LendingAction } from '@domain/lending';

export const lendingPaths = {
  requests: paths.requests,
  thread: (rentalId: number) => `/requests/${rentalId}`,
  calendar: (itemId: number) => `/lending/calendar/${itemId}`,
} as const;

export const ACTION_LABELS: Record<LendingAction, { label: string; busy: string; done: string }> = {
  accept: { label: 'Accept', busy: 'Accepting…', done: 'Request accepted' },
  decline: { label: 'Decline', busy: 'Declining…', done: 'Request declined' },
  withdraw: { label: 'Withdraw request', busy: 'Withdrawing…', done: 'Request withdrawn' },
  send: { label: 'Mark sent', busy: 'Saving…', done: 'Marked sent' },
  received: { label: 'Mark received', busy: 'Saving…', done: 'Marked received' },
  return: { label: 'Return', busy: 'Saving…', done: 'Marked returned' },
  back: { label: 'Mark back', busy: 'Saving…', done: 'Marked back: cleaning' },
  clean: { label: 'Mark cleaned', busy: 'Saving…', done: 'Ready to lend again' },
  cancel: { label: 'Cancel rental', busy: 'Cancelling…', done: 'Rental cancelled: the renter is refunded' },
};

export const STAGE_LABELS: Record<HandoverStage, string> = {
  requested: 'Requested',
  to_send: 'To hand over',
  sent: 'On its way',
  with_renter: 'With the renter',
  sent_back: 'On its way back',
  back: 'Back: cleaning',
  done: 'Done',
};

/** Whole hours left until `iso` (never below 0). */
export function hoursLeft(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 3_600_000));
}
