import { managedParcelLine, type Care } from '@domain/managed-lending';
import { formatDate } from '../../../lib/format';
import { AnswerLine, IntakeForm, RecallForm, RenewForm } from './managed-forms';

/** Her pickup's or return's parcel: its tracking number and status, or "Label pending". */
function ParcelLine({ line }: { line: string | null }) {
  return line ? (
    <p className="mt-1 text-xs text-stone" data-testid="managed-tracking">
      {line}
    </p>
  ) : null;
}

/**
 * A managed piece on her listing card (decision 0062): where it stands, each step with its day,
 * its storage term (decision 0070), and the one thing she can do now: book its pickup (or a studio
 * drop-off), renew its storage, or ask for it back. Each form's answer stays under the panel
 * once the form is gone (a booked pickup's form gives way to its day).
 */
export function ManagedPanel({ care, itemName, months }: { care: Care; itemName: string; months: number }) {
  return (
    <div className="mt-3 rounded-sm border border-linen bg-sand/40 p-3 text-sm" data-testid="managed-panel">
      <p className="font-medium text-ink" data-testid="managed-stage">
        {care.stageLabel}
      </p>
      <ol className="mt-2 space-y-1" aria-label={`${itemName}: steps into our care`}>
        {care.steps.map((s) => (
          <li key={s.label} className={s.done ? 'text-ink' : 'text-stone'}>
            <span aria-hidden="true">{s.done ? '✓ ' : '○ '}</span>
            {s.label}
            {s.done && s.at ? ` · ${formatDate(s.at.slice(0, 10))}` : ''}
            <span className="sr-only">{s.done ? ' (done)' : ' (to come)'}</span>
          </li>
        ))}
      </ol>
      {care.intake && care.stage === 'intake_booked' && (
        <p className="mt-2 text-taupe">
          {care.intake.method === 'pickup' ? 'We collect it' : 'You drop it'} on {formatDate(care.intake.day)} ·{' '}
          {care.intake.place}
        </p>
      )}
      {care.intake && care.stage === 'intake_booked' && (
        <ParcelLine line={managedParcelLine(care.intake.labelStatus, care.intake.parcel)} />
      )}
      {care.recall && (
        <p className="mt-2 text-taupe">
          {care.recall.termEnd && 'Its storage term has ended, so it comes back to you at no cost. '}
          Back to you on {formatDate(care.recall.day)} · {care.recall.place}
          {care.recall.waitsForReturn && ' · after its current rental comes back'}
        </p>
      )}
      {care.term && (
        <p className="mt-2 text-taupe" data-testid="managed-term">
          Stored with us until {formatDate(care.term.endsOn)}.{' '}
          {care.term.canRenew
            ? 'Renew it to keep it here longer; otherwise it comes back to you then, at no cost.'
            : `You can renew it from ${formatDate(care.term.renewFrom)}.`}
        </p>
      )}
      {care.recall?.parcel && <ParcelLine line={managedParcelLine(care.recall.labelStatus, care.recall.parcel)} />}
      {care.stage === 'book_intake' && <IntakeForm itemId={care.itemId} />}
      {care.stage !== 'book_intake' && <AnswerLine intent="managed-intake" itemId={care.itemId} />}
      {care.term?.canRenew && <RenewForm itemId={care.itemId} months={months} />}
      {!care.term?.canRenew && <AnswerLine intent="managed-renew" itemId={care.itemId} />}
      {care.stage === 'live' && <RecallForm itemId={care.itemId} bookedUntil={care.bookedUntil} />}
      {care.stage !== 'live' && <AnswerLine intent="managed-recall" itemId={care.itemId} />}
    </div>
  );
}
