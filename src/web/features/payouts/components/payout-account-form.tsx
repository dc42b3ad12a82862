import { useState } from 'react';
import { toast } from 'sonner';
import { PAYOUT_MESSAGES, PayoutAccountInputSchema } from '@domain/payouts';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { useSavePayoutAccount } from '../api/save-payout-account';

type Errors = Partial<Record<'holderName' | 'routingNumber' | 'accountNumber' | 'form', string>>;

/** The bank account payouts go to: checked here with the same schema the API uses; only the holder and last four come back. */
export function PayoutAccountForm({ onDone }: { onDone: () => void }) {
  const save = useSavePayoutAccount();
  const [values, setValues] = useState({ holderName: '', routingNumber: '', accountNumber: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = PayoutAccountInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: (account) => {
        toast.success(PAYOUT_MESSAGES.accountSaved, {
          description: `Payouts go to ${account.holderName} ···· ${account.lastFour}.`,
        });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiClientError && err.issues.length) {
          const next: Errors = {};
          for (const i of err.issues)
            next[(i.path as keyof Errors) in values ? (i.path as keyof Errors) : 'form'] ??= i.message;
          setErrors(next);
        } else setErrors({ form: err instanceof ApiClientError ? err.message : 'The account could not be saved.' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5" aria-label="Payout account">
      <Field label="Account holder" error={errors.holderName}>
        <Input autoComplete="name" value={values.holderName} onChange={set('holderName')} autoFocus />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Routing number" error={errors.routingNumber} hint="9 digits">
          <Input inputMode="numeric" autoComplete="off" value={values.routingNumber} onChange={set('routingNumber')} />
        </Field>
        <Field label="Account number" error={errors.accountNumber} hint="We keep only the last four digits.">
          <Input inputMode="numeric" autoComplete="off" value={values.accountNumber} onChange={set('accountNumber')} />
        </Field>
      </div>
      <FormActions
        error={errors.form}
        onCancel={onDone}
        pending={save.isPending}
        submitLabel="Save account"
        pendingLabel="Saving…"
      />
    </form>
  );
}
