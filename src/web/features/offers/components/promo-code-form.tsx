import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { PromoCodeFormSchema, type PromoCodeFormValues, type PromoCodeInput } from '@domain/offers';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';

const EMPTY: PromoCodeFormValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  minSpend: '',
  firstRentalOnly: false,
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerMember: '1',
};

/** The desk's form for a new promo code (decision 0056): checked with the domain's schema, sent as its body. */
export function PromoCodeForm({ onCreate }: { onCreate: (input: PromoCodeInput) => Promise<unknown> }) {
  const form = useForm<PromoCodeFormValues, unknown, PromoCodeInput>({
    resolver: zodResolver(PromoCodeFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onCreate(values);
      form.reset(EMPTY);
    } catch {
      // shown by the query client
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New promo code" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Code"
          error={errors.code?.message}
          hint="Letters, digits and dashes; members type it in any case."
        >
          <Input autoComplete="off" className="uppercase" {...form.register('code')} />
        </Field>
        <Field label="Discount" error={errors.kind?.message}>
          <NativeSelect {...form.register('kind')}>
            <option value="percent">Percentage off</option>
            <option value="amount">Amount off</option>
          </NativeSelect>
        </Field>
        {kind === 'percent' ? (
          <Field label="Percent off" error={errors.percentOff?.message}>
            <Input inputMode="numeric" autoComplete="off" {...form.register('percentOff')} />
          </Field>
        ) : (
          <Field label="Amount off ($)" error={errors.amountOff?.message}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('amountOff')} />
          </Field>
        )}
        <Field label="Minimum spend ($)" error={errors.minSpend?.message} hint="The price before any discount.">
          <Input inputMode="decimal" autoComplete="off" {...form.register('minSpend')} />
        </Field>
        <Field label="Valid from" error={errors.validFrom?.message}>
          <Input type="date" {...form.register('validFrom')} />
        </Field>
        <Field label="Valid until" error={errors.validUntil?.message}>
          <Input type="date" {...form.register('validUntil')} />
        </Field>
        <Field label="Total uses" error={errors.maxUses?.message} hint="Empty: no limit.">
          <Input inputMode="numeric" autoComplete="off" {...form.register('maxUses')} />
        </Field>
        <Field label="Uses per member" error={errors.maxUsesPerMember?.message} hint="Empty: no limit.">
          <Input inputMode="numeric" autoComplete="off" {...form.register('maxUsesPerMember')} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('firstRentalOnly')} />
        First rental only
      </label>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating…' : 'Create code'}
      </Button>
    </form>
  );
}
