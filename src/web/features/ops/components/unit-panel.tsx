import { Archive, Check, Sparkles, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CONDITION_LABELS, OUT_STATES, UNIT_STATE_LABELS } from '@domain/unit-life';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { RetireUnitSchema, WaiveLateFeeSchema } from '@domain/ops-reasons';
import type { UnitDetail } from '@domain/ops';
import { LATE_FEE_STATUS_LABELS } from '@domain/rentals.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { useWaiveLateFee } from '../api/rental-actions';
import { useCleaningDone, useRepairDone, useRetireUnit, useSendToRepair } from '../api/unit-actions';
import { BackupSize, lateText } from './desk-rental-card';
import { ReasonDialog } from './reason-dialog';
import { CheckInForm, ConditionPhotos } from './check-in-form';

const isOut = (u: UnitDetail) => (OUT_STATES as readonly string[]).includes(u.state);

/**
 * A scanned unit: where it is, the rental it is out on (or came back from), and the moves it
 * allows now: check in (graded, to cleaning or repair), photos of its condition, the late fee and
 * its waiver, cleaning done, repair, repair done, retire.
 */
export function UnitPanel({ unit: u }: { unit: UnitDetail }) {
  const r = u.rental;
  return (
    <section
      aria-labelledby="unit-heading"
      className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft md:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">
            {u.brand} · size {u.size}
          </p>
          <h2 id="unit-heading" className="mt-1 font-display text-2xl leading-tight break-words md:text-3xl">
            {u.itemName}
          </h2>
          <p className="mt-1 font-mono text-sm text-taupe">
            <span>{u.code}</span> ·{' '}
            <Link to={paths.opsUnit(u.code)} className="font-sans underline underline-offset-4 hover:text-ink">
              Its whole history
            </Link>
          </p>
        </div>
        <Badge
          tone={u.state === 'available' ? 'success' : u.state === 'retired' ? 'outline' : 'sand'}
          data-testid="unit-state"
        >
          {UNIT_STATE_LABELS[u.state]}
        </Badge>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {u.condition && (
          <>
            <dt className="text-stone">Last graded</dt>
            <dd>{CONDITION_LABELS[u.condition]}</dd>
          </>
        )}
        {u.note && (
          <>
            <dt className="text-stone">Note</dt>
            <dd className="break-words">{u.note}</dd>
          </>
        )}
        {u.heldUntil && (
          <>
            <dt className="text-stone">Held until</dt>
            <dd>{formatDate(u.heldUntil)} (bookable then even if nobody marks it done)</dd>
          </>
        )}
        {r && (
          <>
            <dt className="text-stone">{r.checkedInAt ? 'Last rental' : 'Rental'}</dt>
            <dd className="min-w-0">
              {r.member.name} <span className="break-all text-stone">· {r.member.email}</span>
              <br />
              {formatDate(r.startDate)} → {formatDate(r.returnDate)}
            </dd>
            {r.backup && (
              <>
                <dt className="text-stone">Backup size</dt>
                <dd className="min-w-0 font-semibold">
                  <BackupSize backup={r.backup} />
                </dd>
              </>
            )}
          </>
        )}
        {u.nextRental && (
          <>
            <dt className="text-stone">Next</dt>
            <dd>
              {u.nextRental.member}, from {formatDate(u.nextRental.holdsFrom)}
            </dd>
          </>
        )}
      </dl>
      {u.backupOf && (
        <p
          className="mt-5 rounded-sm border border-linen bg-sand/50 px-4 py-3 text-sm text-ink"
          data-testid="backup-of"
        >
          Held as the backup size of {u.backupOf.member}’s rental (due back {formatDate(u.backupOf.returnDate)}). It
          goes out and comes back with unit{' '}
          <Link
            to={`${paths.opsCheckIn}?code=${u.backupOf.unitCode}`}
            className="font-mono font-medium underline underline-offset-4"
          >
            {u.backupOf.unitCode}
          </Link>
          ; checking that unit in checks in both.
        </p>
      )}
      {r && (r.daysLate > 0 || r.lateFeeCents > 0) && <LateFee unit={u} />}
      {isOut(u) && <CheckInForm unit={u} />}
      {r?.checkedInAt && !isOut(u) && <ConditionPhotos unit={u} />}
      <UnitMoves unit={u} />
    </section>
  );
}

/** The late fee: days late, the fee (so far, or as charged at check-in) and, once worked out, Waive. */
function LateFee({ unit }: { unit: UnitDetail }) {
  const r = unit.rental!;
  const waive = useWaiveLateFee();
  const [open, setOpen] = useState(false);
  const canWaive = !!r.checkedInAt && r.lateFeeCents > 0 && r.lateFeeStatus !== 'waived';
  return (
    <div
      className="mt-5 flex flex-col gap-3 rounded-sm border border-danger/30 bg-danger/5 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="late-fee"
    >
      <p className="text-sm text-ink">
        <span className="font-semibold text-danger">{lateText(r.daysLate)}</span> · late fee{' '}
        {formatCents(r.lateFeeCents)}
        {r.lateFeeStatus && <span className="text-taupe"> · {LATE_FEE_STATUS_LABELS[r.lateFeeStatus]}</span>}
      </p>
      {canWaive && (
        <Button variant="subtle" onClick={() => setOpen(true)}>
          Waive fee
        </Button>
      )}
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Waive the late fee"
        description={`${formatCents(r.lateFeeCents)} for ${r.member.name}. A charged fee is refunded to her card. The reason goes into the audit log.`}
        label="Reason"
        hint="E.g. the courier was late collecting it."
        confirm="Waive fee"
        busyLabel="Waiving…"
        schema={WaiveLateFeeSchema}
        onConfirm={(reason) =>
          waive
            .mutateAsync({ rentalId: r.rentalId, reason })
            .then(() => toast.success(OPS_MESSAGES.feeWaived, { description: `${r.member.name} will not pay it.` }))
        }
      />
    </div>
  );
}

/** The moves of a unit in the warehouse: cleaning done, to repair, repair done, retire. */
function UnitMoves({ unit: u }: { unit: UnitDetail }) {
  const cleaningDone = useCleaningDone();
  const toRepair = useSendToRepair();
  const repairDone = useRepairDone();
  const retire = useRetireUnit();
  const [retiring, setRetiring] = useState(false);
  const busy = cleaningDone.isPending || toRepair.isPending || repairDone.isPending;
  const canRetire = u.state === 'available' || u.state === 'cleaning' || u.state === 'repair';
  if (!canRetire) return null;
  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-linen pt-5 sm:flex-row sm:flex-wrap">
      {u.state === 'cleaning' && (
        <Button
          size="lg"
          className="sm:h-11"
          disabled={busy}
          onClick={() =>
            cleaningDone.mutateAsync(u.code).then(
              () =>
                toast.success(OPS_MESSAGES.cleaningDone, {
                  description: `${u.itemName} (${u.code}) can be booked again.`,
                }),
              alreadyShown,
            )
          }
        >
          <Sparkles aria-hidden="true" /> {cleaningDone.isPending ? 'Saving…' : 'Cleaning done'}
        </Button>
      )}
      {u.state === 'repair' && (
        <Button
          size="lg"
          className="sm:h-11"
          disabled={busy}
          onClick={() =>
            repairDone.mutateAsync({ code: u.code }).then(
              () =>
                toast.success(OPS_MESSAGES.repairDone, {
                  description: `${u.itemName} (${u.code}) goes to cleaning.`,
                }),
              alreadyShown,
            )
          }
        >
          <Check aria-hidden="true" /> {repairDone.isPending ? 'Saving…' : 'Repair done'}
        </Button>
      )}
      {(u.state === 'available' || u.state === 'cleaning') && (
        <Button
          size="lg"
          variant="subtle"
          className="sm:h-11"
          disabled={busy}
          onClick={() =>
            toRepair
              .mutateAsync({ code: u.code })
              .then(
                () => toast.success(OPS_MESSAGES.sentToRepair, { description: `${u.itemName} (${u.code}).` }),
                alreadyShown,
              )
          }
        >
          <Wrench aria-hidden="true" /> {toRepair.isPending ? 'Saving…' : 'Send to repair'}
        </Button>
      )}
      <Button size="lg" variant="ghost" className="text-danger sm:ml-auto sm:h-11" onClick={() => setRetiring(true)}>
        <Archive aria-hidden="true" /> Retire unit
      </Button>
      <ReasonDialog
        open={retiring}
        onOpenChange={setRetiring}
        title="Retire this unit?"
        description={`${u.itemName}, size ${u.size} (${u.code}) will never be booked again; its reservations move to another free unit. This cannot be undone.`}
        label="Reason"
        hint="E.g. torn beyond repair."
        confirm="Retire unit"
        busyLabel="Retiring…"
        schema={RetireUnitSchema}
        onConfirm={(reason) =>
          retire
            .mutateAsync({ code: u.code, reason })
            .then(() => toast.success(OPS_MESSAGES.retired, { description: `${u.code} is retired.` }))
        }
      />
    </div>
  );
}
