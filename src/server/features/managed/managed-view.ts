import {
  CARE_STAGE_LABELS,
  renewFrom,
  storageTermEnd,
  type Care,
  type CareStage,
} from '../../../domain/managed-lending';
import { studioAddress, type Studio } from '../../../domain/orders';
import type { ManagedParcelTracking } from '../parcels';
import { labelOf } from './labels';
import type { IntakeRow, RecallRow } from './managed.repository';

/** Where a pickup, drop-off or return happens, in words: her address, or the studio's name and address. */
export function placeOf(r: { address: string | null; studio_id: number | null }, studios: Studio[]): string {
  if (r.address) return r.address;
  const s = studios.find((x) => x.id === r.studio_id);
  return s ? `${s.name}, ${studioAddress(s)}` : 'A Rentique studio';
}

/** The day a live intake's storage term ends: stored, or MANAGED_STORAGE_MONTHS from the day it went live (decision 0070). */
export function termEndOf(i: { term_ends_on: string | null; live_at: string | null }, months: number): string | null {
  if (i.term_ends_on) return i.term_ends_on;
  return i.live_at ? storageTermEnd(i.live_at.slice(0, 10), months) : null;
}

/** Where a managed piece stands, from its item status, its last intake and its last recall. */
export function stageOf(status: string, intake: IntakeRow | undefined, recall: RecallRow | undefined): CareStage {
  if (status === 'pending_review' || status === 'rejected') return 'in_review';
  if (status === 'returned') return 'returned';
  if (recall && recall.status === 'waiting') return recall.reason === 'rejected' ? 'rejected' : 'recall_waiting';
  if (status === 'active') return 'live';
  if (!intake || intake.status === 'live' || intake.status === 'rejected') return 'book_intake';
  if (intake.status === 'booked') return 'intake_booked';
  return intake.status === 'received' ? 'received' : 'checked';
}

/** Her managed piece as her listing shows it: the stage, the intake and recall, and each step. */
export function careOf(
  piece: { id: number; name: string; status: string },
  intake: IntakeRow | undefined,
  recall: RecallRow | undefined,
  bookedUntil: string | null,
  studios: Studio[],
  parcels: { intake?: ManagedParcelTracking | undefined; recall?: ManagedParcelTracking | undefined },
  clock: { today: string; months: number },
): Care {
  const stage = stageOf(piece.status, intake, recall);
  const endsOn = stage === 'live' && intake?.status === 'live' ? termEndOf(intake, clock.months) : null;
  const openRecall = recall && (recall.status === 'waiting' || piece.status === 'returned') ? recall : undefined;
  const steps = [
    { label: 'Approved by our team', done: stage !== 'in_review', at: null },
    {
      label: intake?.method === 'drop-off' ? 'Dropped at the studio' : 'Collected from you',
      done: !!intake?.received_at,
      at: intake?.received_at ?? null,
    },
    { label: 'Checked against your photos', done: !!intake?.checked_at, at: intake?.checked_at ?? null },
    { label: 'Cleaned and live', done: !!intake?.live_at, at: intake?.live_at ?? null },
  ];
  if (openRecall) steps.push({ label: 'Sent back to you', done: openRecall.status === 'sent', at: openRecall.sent_at });
  return {
    itemId: piece.id,
    itemName: piece.name,
    stage,
    stageLabel: CARE_STAGE_LABELS[stage],
    intake: intake
      ? {
          method: intake.method,
          day: intake.day,
          place: placeOf(intake, studios),
          status: intake.status,
          ...labelOf(intake.label_status, parcels.intake),
          conditionNote: intake.condition_note,
          rejectReason: intake.reject_reason,
          receivedAt: intake.received_at,
          checkedAt: intake.checked_at,
          liveAt: intake.live_at,
        }
      : null,
    recall: openRecall
      ? {
          method: openRecall.method,
          day: openRecall.day,
          place: placeOf(openRecall, studios),
          status: openRecall.status,
          ...labelOf(openRecall.label_status, parcels.recall),
          reason: openRecall.reason,
          sentAt: openRecall.sent_at,
          waitsForReturn: openRecall.status === 'waiting' && bookedUntil !== null,
          termEnd: openRecall.term_end === 1,
        }
      : null,
    steps,
    bookedUntil,
    term: endsOn
      ? { endsOn, renewFrom: renewFrom(endsOn), canRenew: clock.today >= renewFrom(endsOn) && clock.today < endsOn }
      : null,
  };
}
