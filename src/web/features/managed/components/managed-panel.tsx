import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { managedParcelLine, type Care } from '@domain/managed-lending';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { useBookIntake, useRecall } from '../api/managed';

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
 * and the one thing she can do now: book its pickup (or a studio drop-off), or ask for it back.
 */
export function ManagedPanel({ care, itemName }: { care: Care; itemName: string }) {
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
          Back to you on {formatDate(care.recall.day)} · {care.recall.place}
          {care.recall.waitsForReturn && ' · after its current rental comes back'}
        </p>
      )}
      {care.recall?.parcel && <ParcelLine line={managedParcelLine(care.recall.labelStatus, care.recall.parcel)} />}
      {care.stage === 'book_intake' && <IntakeForm itemId={care.itemId} />}
      {care.stage === 'live' && <RecallForm itemId={care.itemId} bookedUntil={care.bookedUntil} />}
    </div>
  );
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

function IntakeForm({ itemId }: { itemId: number }) {
  const book = useBookIntake();
  const [day, setDay] = useState(tomorrow());
  const [address, setAddress] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    book.mutateAsync({ itemId, input: { method: 'pickup', day, address } }).then(
      () => toast.success('Pickup booked', { description: 'We will collect it on the day you chose.' }),
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-2" aria-label="Book a pickup">
      <div>
        <Label htmlFor={`pickup-day-${itemId}`}>Pickup day</Label>
        <Input
          id={`pickup-day-${itemId}`}
          type="date"
          value={day}
          min={tomorrow()}
          onChange={(e) => setDay(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`pickup-address-${itemId}`}>Your address</Label>
        <Input
          id={`pickup-address-${itemId}`}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          autoComplete="street-address"
        />
      </div>
      <Button size="sm" type="submit" disabled={book.isPending}>
        Book the pickup
      </Button>
    </form>
  );
}

function RecallForm({ itemId, bookedUntil }: { itemId: number; bookedUntil: string | null }) {
  const recall = useRecall();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [address, setAddress] = useState('');
  if (!open)
    return (
      <Button size="sm" variant="subtle" className="mt-3" onClick={() => setOpen(true)}>
        Ask for it back
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    recall.mutateAsync({ itemId, input: { method: 'parcel', day, address } }).then(
      () => toast.success('It is coming back to you', { description: 'It has left the collection.' }),
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-2" aria-label="Ask for it back">
      {bookedUntil && <p className="text-taupe">Booked until {formatDate(bookedUntil)}: choose a day after that.</p>}
      <div>
        <Label htmlFor={`recall-day-${itemId}`}>Day it comes back to you</Label>
        <Input id={`recall-day-${itemId}`} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`recall-address-${itemId}`}>Send it to</Label>
        <Input
          id={`recall-address-${itemId}`}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          autoComplete="street-address"
        />
      </div>
      <Button size="sm" type="submit" disabled={recall.isPending}>
        Send it back to me
      </Button>
    </form>
  );
}
