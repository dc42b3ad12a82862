import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  DeliveryAddressInputSchema,
  US_STATES,
  type DeliveryAddress,
  type DeliveryAddressForm,
  type DeliveryAddressInput,
} from '@domain/orders';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { useSaveDeliveryAddress } from '../api/get-delivery';

/**
 * The delivery address form (kept on her account: PUT /api/orders/delivery-address), on the item page
 * when she books a delivery and on the account page. Loaded when shown: it brings the schema.
 */
export default function DeliveryAddressFormView({
  saved,
  onDone,
  onCancel,
}: {
  saved: DeliveryAddress | null;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const save = useSaveDeliveryAddress();
  const form = useForm<DeliveryAddressInput, unknown, DeliveryAddressForm>({
    resolver: zodResolver(DeliveryAddressInputSchema),
    defaultValues: {
      recipientName: saved?.recipientName ?? '',
      line1: saved?.line1 ?? '',
      line2: saved?.line2 ?? '',
      city: saved?.city ?? '',
      state: saved?.state ?? '',
      zipCode: saved?.zipCode ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, line2: values.line2 ?? undefined });
      onDone?.();
    } catch (err) {
      if (err instanceof ApiClientError) {
        for (const issue of err.issues)
          form.setError(issue.path as keyof DeliveryAddressInput, {
            message: issue.message,
          });
      }
    }
  });

  return (
    <form noValidate aria-label="Delivery address" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <fieldset disabled={save.isPending} className="grid gap-4 sm:grid-cols-2">
        <Field label="Full name" error={errors.recipientName?.message} className="sm:col-span-2">
          <Input autoComplete="shipping name" {...form.register('recipientName')} />
        </Field>
        <Field label="Street address" error={errors.line1?.message} className="sm:col-span-2">
          <Input autoComplete="shipping address-line1" {...form.register('line1')} />
        </Field>
        <Field label="Apartment, suite or floor (optional)" error={errors.line2?.message} className="sm:col-span-2">
          <Input autoComplete="shipping address-line2" {...form.register('line2')} />
        </Field>
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="shipping address-level2" {...form.register('city')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="State" error={errors.state?.message}>
            <NativeSelect autoComplete="shipping address-level1" {...form.register('state')}>
              <option value="">—</option>
              {US_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="ZIP code" error={errors.zipCode?.message}>
            <Input
              inputMode="numeric"
              autoComplete="shipping postal-code"
              maxLength={10}
              {...form.register('zipCode')}
            />
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save address'}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
