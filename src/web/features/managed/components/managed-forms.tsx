import type { ReactNode } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { INTAKE_METHOD_LABELS, RECALL_METHOD_LABELS } from '@domain/managed-lending';
import { studioAddress } from '@domain/orders';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useStudios } from '../../delivery';
import { answerKey, LISTING_TAB, type ManagedAnswer, type ManagedIntent } from '../api/managed-action';

/*
 * Her forms on a managed piece (decisions 0062, 0070): React Router <Form>s posted to the
 * dashboard's action, so each works before the app's script has loaded and after it, with the same
 * sentence under it either way (the action's answer).
 */

/** Whether this form is being sent. */
function useSending(intent: ManagedIntent, itemId?: number): boolean {
  const nav = useNavigation();
  return (
    nav.state === 'submitting' &&
    nav.formData?.get('intent') === intent &&
    (itemId === undefined || nav.formData.get('itemId') === String(itemId))
  );
}

/** The sentence the dashboard's action answered to this form: what was done, or why not. */
export function AnswerLine({ intent, itemId }: { intent: ManagedIntent; itemId?: number }) {
  const answer = useActionData<ManagedAnswer | undefined>();
  const a = answer && 'managed' in answer ? answer.managed : null;
  if (!a || a.key !== answerKey(intent, itemId)) return null;
  return (
    <p
      role={a.ok ? 'status' : 'alert'}
      className={cn('mt-2 text-sm', a.ok ? 'text-ink' : 'font-medium text-danger')}
      data-testid="managed-answer"
    >
      {a.message}
    </p>
  );
}

/** A <Form> of hers: its intent and piece as hidden fields, and its answer under it. */
export function ManagedForm({
  intent,
  itemId,
  label,
  className,
  children,
}: {
  intent: ManagedIntent;
  itemId?: number;
  label: string;
  className?: string;
  children: (sending: boolean) => ReactNode;
}) {
  const sending = useSending(intent, itemId);
  return (
    <>
      <Form method="post" action={LISTING_TAB} className={className} aria-label={label}>
        <input type="hidden" name="intent" value={intent} />
        {itemId !== undefined && <input type="hidden" name="itemId" value={itemId} />}
        {children(sending)}
      </Form>
      <AnswerLine intent={intent} {...(itemId !== undefined ? { itemId } : {})} />
    </>
  );
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** By address or at a studio: the two ways, the address for one and the studio for the other. */
function PlaceFields({
  itemId,
  prefix,
  methods,
  addressLabel,
}: {
  itemId: number;
  prefix: 'pickup' | 'recall';
  methods: Record<string, string>;
  addressLabel: string;
}) {
  const studios = useStudios().data?.studios ?? [];
  const [byAddress, atStudio] = Object.keys(methods) as [string, string];
  return (
    <>
      <fieldset>
        <legend className="mb-1 text-[0.8rem] font-medium tracking-wide text-taupe">How</legend>
        <div className="flex flex-col gap-1">
          {[byAddress, atStudio].map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input type="radio" name="method" value={m} defaultChecked={m === byAddress} className="accent-ink" />
              {methods[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Label htmlFor={`${prefix}-address-${itemId}`}>{addressLabel}</Label>
        <Input id={`${prefix}-address-${itemId}`} name="address" autoComplete="street-address" />
      </div>
      {studios.length > 0 && (
        <div>
          <Label htmlFor={`${prefix}-studio-${itemId}`}>Studio (if you chose a studio)</Label>
          <select
            id={`${prefix}-studio-${itemId}`}
            name="studioId"
            defaultValue=""
            className="h-11 w-full rounded-sm border border-linen bg-ivory px-3 text-sm"
          >
            <option value="">Choose a studio</option>
            {studios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}, {studioAddress(s)}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

/** Book its pickup at her address (the default), or a drop-off at a studio. */
export function IntakeForm({ itemId }: { itemId: number }) {
  return (
    <ManagedForm intent="managed-intake" itemId={itemId} label="Book a pickup" className="mt-3 grid gap-3">
      {(sending) => (
        <>
          <PlaceFields
            itemId={itemId}
            prefix="pickup"
            methods={INTAKE_METHOD_LABELS}
            addressLabel="Your address (for a pickup)"
          />
          <div>
            <Label htmlFor={`pickup-day-${itemId}`}>Pickup day</Label>
            <Input id={`pickup-day-${itemId}`} name="day" type="date" defaultValue={tomorrow()} min={tomorrow()} />
          </div>
          <Button size="sm" type="submit" disabled={sending} className="justify-self-start">
            Book the pickup
          </Button>
        </>
      )}
    </ManagedForm>
  );
}

/** Ask for it back on a day after its last booking: by parcel to her address, or at a studio. */
export function RecallForm({ itemId, bookedUntil }: { itemId: number; bookedUntil: string | null }) {
  return (
    <details className="mt-3 group">
      <summary className="cursor-pointer text-sm font-medium text-ink underline underline-offset-4">
        Ask for it back
      </summary>
      <ManagedForm intent="managed-recall" itemId={itemId} label="Ask for it back" className="mt-3 grid gap-3">
        {(sending) => (
          <>
            {bookedUntil && (
              <p className="text-sm text-taupe">Booked until {formatDate(bookedUntil)}: choose a day after that.</p>
            )}
            <PlaceFields itemId={itemId} prefix="recall" methods={RECALL_METHOD_LABELS} addressLabel="Send it to" />
            <div>
              <Label htmlFor={`recall-day-${itemId}`}>Day it comes back to you</Label>
              <Input id={`recall-day-${itemId}`} name="day" type="date" min={tomorrow()} />
            </div>
            <Button size="sm" type="submit" disabled={sending} className="justify-self-start">
              Send it back to me
            </Button>
          </>
        )}
      </ManagedForm>
    </details>
  );
}

/** Keep it with us for another storage term (in the term's last days). */
export function RenewForm({ itemId, months }: { itemId: number; months: number }) {
  return (
    <ManagedForm intent="managed-renew" itemId={itemId} label="Renew its storage" className="mt-2">
      {(sending) => (
        <Button size="sm" variant="subtle" type="submit" disabled={sending}>
          Renew: store it {months} more months
        </Button>
      )}
    </ManagedForm>
  );
}
