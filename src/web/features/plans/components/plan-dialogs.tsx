import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  addMonths,
  ChangePlanSchema,
  MONTHLY_MAX_ITEMS,
  MONTHLY_MIN_ITEMS,
  type ChangePlanInput,
  type PlanActionResult,
  type Subscription,
} from '@domain/plans';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatCents, formatDate } from '../../../lib/format';
import { useCancelPlan } from '../api/cancel-plan';
import { useChangePlan } from '../api/change-plan';
import { useChangeQuote } from '../api/get-change-quote';
import { usePausePlan } from '../api/pause-plan';
import { useResumePlan } from '../api/resume-plan';
import { useSkipMonth } from '../api/skip-month';

/*
 * The confirmations of "Your plan" (decision 0058): each states the money and the dates before
 * she confirms, and shows the server's sentence when it refuses. Radix's dialog traps the focus
 * and gives it back to the button that opened it.
 */

/** What each dialog does when it is done: close, and say so. */
export interface DialogDone {
  onDone: () => void;
}

const price = (sub: Subscription) => `${formatCents(sub.priceCents ?? 0)} ${sub.priceUnit ?? ''}`.trim();

function Problem({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-4 rounded-sm border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
      {error.message}
    </p>
  );
}

function Actions({ children, busy }: { children: ReactNode; busy: boolean }) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button variant="subtle">Keep my plan as it is</Button>
      </DialogClose>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {children}
      </Button>
    </div>
  );
}

/** A refused action: its sentence is in the dialog (the mutation's error), nothing else to do. */
const shownInDialog = () => undefined;

function finish(done: DialogDone, title: string, result: PlanActionResult) {
  toast.success(title, result.chargedCents > 0 ? { description: `${formatCents(result.chargedCents)} charged.` } : {});
  done.onDone();
}

const PauseFormSchema = z.object({ months: z.enum(['1', '2'], { error: 'Choose 1 or 2 months' }) });
type PauseForm = z.infer<typeof PauseFormSchema>;

/** Pause 1 or 2 months from the next billing date. */
export function PauseDialog({ sub, ...done }: { sub: Subscription } & DialogDone) {
  const pause = usePausePlan();
  const form = useForm<PauseForm>({ resolver: zodResolver(PauseFormSchema), defaultValues: { months: '1' } });
  const months = Number(useWatch({ control: form.control, name: 'months' })) as 1 | 2;
  const from = sub.paidThrough!;
  const until = addMonths(from, months);
  const submit = form.handleSubmit((v) =>
    pause
      .mutateAsync({ months: Number(v.months) as 1 | 2 })
      .then((r) => finish(done, 'Your plan is paused', r))
      .catch(shownInDialog),
  );
  return (
    <DialogContent title="Pause your plan" description="Take a break from your next billing date.">
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Pause your plan">
        <fieldset className="mt-6 space-y-2">
          <legend className="text-sm font-medium">How long</legend>
          {(['1', '2'] as const).map((n) => (
            <label key={n} className="flex items-center gap-3 text-sm">
              <input type="radio" value={n} {...form.register('months')} />
              {n === '1' ? '1 month' : '2 months'}
            </label>
          ))}
        </fieldset>
        <p className="mt-4 text-sm leading-relaxed" data-testid="pause-summary">
          Paused from {formatDate(from)} to {formatDate(until)}: nothing is charged and plan pieces cannot be booked
          then; the pieces you have stay yours. Your paid time runs to {formatDate(from)}. Then {price(sub)} is charged
          on {formatDate(until)}, unless you resume earlier.
        </p>
        <Problem error={pause.error} />
        <Actions busy={pause.isPending}>Pause my plan</Actions>
      </form>
    </DialogContent>
  );
}

/** Monthly: skip the next month. */
export function SkipDialog({ sub, ...done }: { sub: Subscription } & DialogDone) {
  const skip = useSkipMonth();
  const from = sub.paidThrough!;
  const until = addMonths(from, 1);
  return (
    <DialogContent title="Skip next month" description="One month off, from your next billing date.">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void skip
            .mutateAsync()
            .then((r) => finish(done, 'Next month is skipped', r))
            .catch(shownInDialog);
        }}
      >
        <p className="mt-6 text-sm leading-relaxed">
          No charge on {formatDate(from)}; nothing is booked with your plan from {formatDate(from)} to{' '}
          {formatDate(until)}. {price(sub)} is charged again on {formatDate(until)}.
        </p>
        <Problem error={skip.error} />
        <Actions busy={skip.isPending}>Skip next month</Actions>
      </form>
    </DialogContent>
  );
}

/** Resume: a booked pause called off, or a pause ended now (charged now). */
export function ResumeDialog({ sub, ...done }: { sub: Subscription } & DialogDone) {
  const resume = useResumePlan();
  const inForce = sub.status === 'paused';
  return (
    <DialogContent title="Resume your plan" description={inForce ? 'Start a new term today.' : 'Call off your pause.'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void resume
            .mutateAsync()
            .then((r) => finish(done, 'Your plan is active', r))
            .catch(shownInDialog);
        }}
      >
        <p className="mt-6 text-sm leading-relaxed" data-testid="resume-summary">
          {inForce
            ? `${price(sub)} is charged now to your card, and your new term starts today; plan pieces can be booked at once.`
            : `Your pause is called off: your plan renews on ${formatDate(sub.paidThrough!)} at ${price(sub)}.`}
        </p>
        <Problem error={resume.error} />
        <Actions busy={resume.isPending}>
          {inForce ? `Resume and pay ${formatCents(sub.priceCents ?? 0)}` : 'Resume'}
        </Actions>
      </form>
    </DialogContent>
  );
}

/** Cancel at the end of the paid term. */
export function CancelDialog({ sub, ...done }: { sub: Subscription } & DialogDone) {
  const cancel = useCancelPlan();
  const paid = sub.status === 'active' && sub.paidThrough && !sub.renewal;
  return (
    <DialogContent title="Cancel your plan" description="You can undo this until the day it ends.">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void cancel
            .mutateAsync()
            .then((r) =>
              finish(
                done,
                r.subscription.cancelAt
                  ? `Your plan ends on ${formatDate(r.subscription.cancelAt)}`
                  : 'You are on Weekly now',
                r,
              ),
            )
            .catch(shownInDialog);
        }}
      >
        <p className="mt-6 text-sm leading-relaxed">
          {paid
            ? `Your ${sub.planTitle} plan stays active until ${formatDate(sub.paidThrough!)}, and nothing more is charged. From then you pay per item (Weekly).`
            : 'Your plan has no paid time left, so you move to Weekly (pay per item) now. Nothing more is charged.'}{' '}
          The pieces you have stay yours.
        </p>
        <Problem error={cancel.error} />
        <Actions busy={cancel.isPending}>Cancel my plan</Actions>
      </form>
    </DialogContent>
  );
}

type ChangeForm = z.input<typeof ChangePlanSchema>;

/** Change plan or item count: the quote (charged now, from when, the new price) before she confirms. */
export function ChangeDialog({ sub, ...done }: { sub: Subscription } & DialogDone) {
  const change = useChangePlan();
  const form = useForm<ChangeForm, unknown, ChangePlanInput>({
    resolver: zodResolver(ChangePlanSchema),
    defaultValues: { plan: sub.plan === 'threemonths' ? 'threemonths' : 'monthly', itemCount: sub.itemCount ?? 3 },
  });
  const watched = useWatch({ control: form.control });
  const parsed = ChangePlanSchema.safeParse(watched);
  const [asked, setAsked] = useState(false);
  const quote = useChangeQuote(parsed.success ? parsed.data : null);
  const submit = form.handleSubmit((v) => {
    setAsked(true);
    return change
      .mutateAsync(v)
      .then((r) => finish(done, 'Your plan is changed', r))
      .catch(shownInDialog);
  });
  const q = quote.data;
  return (
    <DialogContent title="Change your plan" description="See what it costs and when before you confirm.">
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Change your plan">
        <fieldset className="mt-6 space-y-2">
          <legend className="text-sm font-medium">Plan</legend>
          <label className="flex items-center gap-3 text-sm">
            <input type="radio" value="monthly" {...form.register('plan')} /> Monthly
          </label>
          <label className="flex items-center gap-3 text-sm">
            <input type="radio" value="threemonths" {...form.register('plan')} /> 3 Months (7 pieces a month)
          </label>
        </fieldset>
        {watched.plan === 'monthly' && (
          <Field
            className="mt-4"
            label="Pieces a month"
            hint={`${MONTHLY_MIN_ITEMS} to ${MONTHLY_MAX_ITEMS}`}
            error={form.formState.errors.itemCount?.message}
          >
            <Input type="number" min={MONTHLY_MIN_ITEMS} max={MONTHLY_MAX_ITEMS} {...form.register('itemCount')} />
          </Field>
        )}
        <div className="mt-4 text-sm leading-relaxed" aria-live="polite" data-testid="change-summary">
          {q ? (
            q.timing === 'now' ? (
              <p>
                Applies now: {formatCents(q.chargeNowCents)} is charged today for the rest of this term (the difference
                of {formatCents(q.newPriceCents - q.currentPriceCents)} for the days left, rounded down to the cent).
                From {formatDate(sub.paidThrough!)}: {formatCents(q.newPriceCents)} {q.newPriceUnit}.
              </p>
            ) : (
              <p>
                Applies on {formatDate(q.appliesOn)}, your next billing date: nothing is charged now; from then{' '}
                {q.planTitle}
                {q.itemCount ? `, ${q.itemCount} pieces a month` : ''}, {formatCents(q.newPriceCents)} {q.newPriceUnit}{' '}
                (now {formatCents(q.currentPriceCents)}).
              </p>
            )
          ) : quote.error && !asked ? (
            <p className="text-taupe">{quote.error.message}</p>
          ) : null}
        </div>
        <Problem error={change.error} />
        <Actions busy={change.isPending || !q}>Confirm the change</Actions>
      </form>
    </DialogContent>
  );
}
