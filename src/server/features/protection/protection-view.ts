import {
  PROTECTION_SETTINGS,
  type DamageAssessment,
  type DamageKind,
  type RentalProtection,
} from '../../../domain/protection';
import type { ProtectionRepository } from './protection.repository';

type DamageRow = NonNullable<Awaited<ReturnType<ProtectionRepository['damage']>>>;
type RentalRow = NonNullable<Awaited<ReturnType<ProtectionRepository['rental']>>>;

/** Damage recorded, as its parties and staff read it. */
export function toDamage(d: DamageRow): DamageAssessment {
  return {
    id: d.id,
    rentalId: d.rental_id,
    kind: d.kind as DamageKind,
    covered: d.covered === 1,
    renterCents: d.renter_cents,
    fullCents: d.full_cents,
    coverCents: d.full_cents - d.renter_cents,
    depositCapturedCents: d.deposit_captured_cents,
    chargedCents: d.charged_cents,
    lenderCents: d.lender_id ? d.full_cents : 0,
    note: d.note,
    createdAt: d.created_at,
  };
}

/** What protects a rental: its cover, its deposit (held or what it asks) and any damage recorded. */
export async function protectionView(
  repo: ProtectionRepository,
  rentalId: number,
  depositDue: (r: RentalRow) => Promise<number>,
): Promise<RentalProtection> {
  const r = (await repo.rental(rentalId))!;
  const [cover, deposit, damage] = await Promise.all([
    repo.cover(rentalId),
    repo.deposit(rentalId),
    repo.damage(rentalId),
  ]);
  return {
    rentalId,
    cover: cover
      ? {
          rentalId,
          feeCents: cover.fee_cents,
          status: cover.status as 'pending' | 'active' | 'failed',
          createdAt: cover.created_at,
        }
      : null,
    coverFeeCents: PROTECTION_SETTINGS.coverFeeCents,
    canAddCover:
      (!cover || cover.status === 'failed') &&
      r.dispatched_at === null &&
      r.returned_at === null &&
      r.released_at === null,
    deposit: deposit
      ? {
          rentalId,
          amountCents: deposit.amount_cents,
          status: deposit.status as 'held',
          capturedCents: deposit.captured_cents,
          settledAt: deposit.settled_at,
        }
      : null,
    depositCents: await depositDue(r),
    damage: damage ? toDamage(damage) : null,
  };
}
