/** The check-in at the desk: the form that grades a unit back in, and the photos of its condition. */
import { Camera, Check, Sparkles, Wrench } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { CONDITIONS, CONDITION_LABELS, nextStateAfterCheckIn } from '@domain/unit-life';
import { OPS_MESSAGES } from '@domain/ops.rules';
import type { Condition, UnitDetail } from '@domain/ops';
import { LATE_FEE_STATUS_LABELS } from '@domain/rentals.rules';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { alreadyShown } from '../../../lib/error-toast';
import { cn } from '../../../lib/cn';
import { formatCents } from '../../../lib/format';
import { useAddConditionPhotos } from '../api/rental-actions';
import { useCheckIn } from '../api/unit-actions';

/** Grade the condition, choose cleaning or repair (repair when it needs it), a note; Check in. */
export function CheckInForm({ unit }: { unit: UnitDetail }) {
  const checkIn = useCheckIn();
  const [condition, setCondition] = useState<Condition | null>(null);
  const [to, setTo] = useState<'cleaning' | 'repair' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fit = condition ? nextStateAfterCheckIn(condition) === 'cleaning' : true;
  const target = condition ? (fit ? (to ?? 'cleaning') : 'repair') : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!condition || !target) {
      setError('Grade the condition first');
      return;
    }
    setError(undefined);
    checkIn
      .mutateAsync({ code: unit.code, input: { condition, to: target, ...(note.trim() ? { note: note.trim() } : {}) } })
      .then(({ rental }) => {
        const fee =
          rental.lateFeeCents > 0
            ? ` Late fee ${formatCents(rental.lateFeeCents)} (${LATE_FEE_STATUS_LABELS[rental.lateFeeStatus ?? 'due']}).`
            : '';
        toast.success(OPS_MESSAGES.checkedIn, {
          description: `${unit.itemName} (${unit.code}) is in ${target}.${fee}`,
        });
      }, alreadyShown);
  };

  return (
    <form onSubmit={submit} aria-label="Check in" className="mt-6 space-y-5 border-t border-linen pt-5">
      <fieldset>
        <legend className="mb-2 text-[0.8rem] font-medium tracking-wide text-taupe">Condition</legend>
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {CONDITIONS.map((c) => (
            <label
              key={c}
              className={cn(
                'flex min-h-13 cursor-pointer items-center justify-center rounded-sm border px-3 text-center text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink',
                condition === c ? 'border-ink bg-ink text-ivory' : 'border-linen bg-ivory text-ink hover:border-ink/60',
              )}
            >
              <input
                type="radio"
                name="condition"
                value={c}
                checked={condition === c}
                onChange={() => setCondition(c)}
                className="sr-only"
              />
              {CONDITION_LABELS[c]}
            </label>
          ))}
        </div>
        {error && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {error}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-[0.8rem] font-medium tracking-wide text-taupe">Send to</legend>
        <div className="grid grid-cols-2 gap-2 md:max-w-sm">
          {(['cleaning', 'repair'] as const).map((t) => {
            const disabled = t === 'cleaning' && !fit;
            return (
              <label
                key={t}
                className={cn(
                  'flex min-h-12 items-center justify-center gap-2 rounded-sm border px-3 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink',
                  disabled ? 'cursor-not-allowed border-linen text-stone/70' : 'cursor-pointer',
                  target === t ? 'border-ink bg-sand text-ink' : 'border-linen bg-ivory text-ink',
                )}
              >
                <input
                  type="radio"
                  name="to"
                  value={t}
                  checked={target === t}
                  disabled={disabled}
                  onChange={() => setTo(t)}
                  className="sr-only"
                />
                {t === 'cleaning' ? (
                  <Sparkles className="size-4" aria-hidden="true" />
                ) : (
                  <Wrench className="size-4" aria-hidden="true" />
                )}
                {t === 'cleaning' ? 'Cleaning' : 'Repair'}
              </label>
            );
          })}
        </div>
        {!fit && <p className="mt-1.5 text-xs text-stone">{OPS_MESSAGES.conditionNeedsRepair}.</p>}
      </fieldset>
      <Field label="Note (optional)" hint="What you saw: a loose button, a mark on the hem.">
        <Textarea value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className="min-h-20" />
      </Field>
      {unit.rental?.backup && (
        <p
          className="rounded-sm border border-linen bg-sand/50 px-4 py-3 text-sm text-ink"
          data-testid="check-in-backup"
        >
          The backup size comes back with it: size {unit.rental.backup.size} ({unit.rental.backup.unitCode}). Check both
          are in the parcel.
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={checkIn.isPending}>
        <Check aria-hidden="true" /> {checkIn.isPending ? 'Checking in…' : 'Check in'}
      </Button>
    </form>
  );
}

/** The photos taken at check-in, and a button to add more (up to the limit). */
export function ConditionPhotos({ unit }: { unit: UnitDetail }) {
  const r = unit.rental!;
  const add = useAddConditionPhotos();
  const input = useRef<HTMLInputElement>(null);
  const upload = (files: FileList | null) => {
    const photos = [...(files ?? [])];
    if (photos.length === 0) return;
    add.mutateAsync({ rentalId: r.rentalId, photos }).then(
      ({ photos: all }) =>
        toast.success('Photos added', {
          description: `${all.length} photo${all.length === 1 ? '' : 's'} of this check-in.`,
        }),
      alreadyShown,
    );
    if (input.current) input.current.value = '';
  };
  return (
    <div className="mt-6 border-t border-linen pt-5">
      <h3 className="text-[0.8rem] font-medium tracking-wide text-taupe">Condition photos</h3>
      {unit.conditionPhotos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Condition photos">
          {unit.conditionPhotos.map((p, i) => (
            <li key={p.url}>
              <a
                href={p.url}
                target="_blank"
                rel="noreferrer"
                className="block size-20 overflow-hidden rounded-xs border border-linen"
              >
                <img
                  src={p.url}
                  alt={`Check-in photo ${i + 1} of ${unit.itemName}`}
                  className="size-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-stone">No photo yet.</p>
      )}
      <label className="mt-3 inline-flex">
        <span className="sr-only">Add check-in photos</span>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          className="sr-only peer"
          onChange={(e) => upload(e.target.files)}
          disabled={add.isPending}
        />
        <span
          aria-hidden="true"
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-sm border border-linen bg-ivory px-5 text-sm font-medium text-ink peer-focus-visible:ring-2 peer-focus-visible:ring-ink hover:border-ink/60"
        >
          <Camera className="size-4" /> {add.isPending ? 'Uploading…' : 'Add photos'}
        </span>
      </label>
    </div>
  );
}
