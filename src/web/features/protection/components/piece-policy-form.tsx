import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_LABELS,
  CANCELLATION_POLICY_TEXT,
  LENDER_POLICY_SETTINGS as LP,
} from '@domain/lender-policies.rules';
import { PiecePolicyInputSchema, type PiecePolicyInput, type PieceTerms } from '@domain/protection';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { alreadyShown } from '../../../lib/error-toast';
import { usePieceTerms } from '../api/get-piece-terms';
import { useSetPiecePolicy } from '../api/set-piece-policy';

/**
 * Her piece's policy (decisions 0064 and 0067), on its calendar page: days, notice, the
 * cancellation policy, the longer-rental discount and her care note. What the form does not show
 * (the deposit, Instant Book) is sent back as it is, so saving here never changes it.
 */
export function PiecePolicyForm({ itemId }: { itemId: number }) {
  const { data: terms } = usePieceTerms(itemId);
  if (!terms) return <Skeleton className="h-64" aria-label="Loading the policy" />;
  return <PolicyFields itemId={itemId} terms={terms} />;
}

function PolicyFields({ itemId, terms }: { itemId: number; terms: PieceTerms }) {
  const save = useSetPiecePolicy(itemId);
  const form = useForm<PiecePolicyInput>({
    resolver: zodResolver(PiecePolicyInputSchema) as Resolver<PiecePolicyInput>,
    defaultValues: {
      minDays: terms.minDays,
      maxDays: terms.maxDays,
      cleaning: terms.cleaning,
      depositRequired: terms.depositRequired,
      instantBook: terms.instantBook,
      cancellationPolicy: terms.cancellationPolicy,
      noticeDays: terms.noticeDays,
      longDiscountPercent: terms.longDiscountPercent,
    },
  });
  const errors = form.formState.errors;
  const chosen = useWatch({ control: form.control, name: 'cancellationPolicy' });
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => toast.success('Policy saved', { description: 'Renters see it before they request.' }),
      (err: unknown) => {
        if (err instanceof ApiClientError && err.status === 400) form.setError('root', { message: err.message });
        else alreadyShown();
      },
    ),
  );
  const num = { valueAsNumber: true } as const;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Your piece’s policy"
      className="rounded-md border border-linen/80 bg-paper p-5 sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Cancellation policy"
          error={errors.cancellationPolicy?.message}
          hint={CANCELLATION_POLICY_TEXT[chosen]}
        >
          <NativeSelect {...form.register('cancellationPolicy')}>
            {CANCELLATION_POLICIES.map((p) => (
              <option key={p} value={p}>
                {CANCELLATION_POLICY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Notice (days before the start)"
          error={errors.noticeDays?.message}
          hint={`0 to ${LP.maxNoticeDays}: requests starting sooner are refused.`}
        >
          <Input
            type="number"
            min={0}
            max={LP.maxNoticeDays}
            inputMode="numeric"
            {...form.register('noticeDays', num)}
          />
        </Field>
        <Field label="Shortest rental (days)" error={errors.minDays?.message}>
          <Input type="number" min={1} max={30} inputMode="numeric" {...form.register('minDays', num)} />
        </Field>
        <Field label="Longest rental (days)" error={errors.maxDays?.message}>
          <Input type="number" min={1} max={30} inputMode="numeric" {...form.register('maxDays', num)} />
        </Field>
        <Field
          label={`Longer-rental discount (% off ${LP.longRentalDays} days or more)`}
          error={errors.longDiscountPercent?.message}
          hint={`0 for none, at most ${LP.maxLongDiscountPercent}.`}
        >
          <Input
            type="number"
            min={0}
            max={LP.maxLongDiscountPercent}
            inputMode="numeric"
            {...form.register('longDiscountPercent', num)}
          />
        </Field>
        <Field label="Care note (optional)" error={errors.cleaning?.message}>
          <Input autoComplete="off" {...form.register('cleaning')} />
        </Field>
      </div>
      {errors.root?.message && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="mt-5" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save policy'}
      </Button>
    </form>
  );
}
