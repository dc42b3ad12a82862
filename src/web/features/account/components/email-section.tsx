import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ChangeEmailSchema, MESSAGES, type ChangeEmailInput, type Profile } from '@domain/auth.schema';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { authErrorMessage, type AuthClientError } from '../../../lib/auth-errors';
import { useChangeEmail, useResendConfirmation } from '../api/change-email';
import { SettingsSection } from './settings-section';

/** The sign-in address: whether it is confirmed, and a change that takes effect once confirmed. */
export function EmailSection({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const resend = useResendConfirmation();
  const [pending, setPending] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(ChangeEmailSchema), defaultValues: { newEmail: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    if (newEmail.toLowerCase() === profile.email.toLowerCase()) {
      form.setError('newEmail', { message: 'This is already your address.' });
      return;
    }
    try {
      await change.mutateAsync(newEmail);
      setPending(newEmail);
      form.reset();
    } catch (err) {
      form.setError('newEmail', { message: authErrorMessage(err as AuthClientError) });
    }
  });

  const resendLink = async () => {
    try {
      await resend.mutateAsync(profile.email);
      toast.success('Confirmation link sent', { description: `Open the link we sent to ${profile.email}.` });
    } catch {
      // shown by the query client
    }
  };

  return (
    <SettingsSection
      id="email"
      title="Email address"
      description="Where we send your receipts and sign-in help. A new address takes effect once you confirm it from that inbox."
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-[0.95rem] font-medium break-all text-ink">{profile.email}</p>
        {profile.emailVerified ? <Badge tone="success">Confirmed</Badge> : <Badge tone="sand">Not confirmed</Badge>}
      </div>
      {!profile.emailVerified && (
        <p className="mt-2 text-sm text-taupe">
          Not received the confirmation mail?{' '}
          <button
            type="button"
            onClick={() => void resendLink()}
            disabled={resend.isPending}
            className="cursor-pointer font-medium text-ink underline underline-offset-4 disabled:opacity-50"
          >
            {resend.isPending ? 'Sending...' : 'Send it again'}
          </button>
        </p>
      )}

      {pending && (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-md border border-linen/80 bg-ivory p-4 text-sm leading-relaxed shadow-soft"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sage" />
          <p>
            We sent a link to <strong className="font-semibold break-all">{pending}</strong>. Your address changes when
            you open it; until then you sign in with <span className="break-all">{profile.email}</span>.
          </p>
        </div>
      )}

      <form noValidate onSubmit={onSubmit} aria-label="Change email address" className="mt-6 space-y-5">
        <Field
          label="New email address"
          error={
            errors.newEmail?.message === MESSAGES.allFieldsRequired ? 'Enter the new address' : errors.newEmail?.message
          }
        >
          <Input type="email" autoComplete="email" {...form.register('newEmail')} />
        </Field>
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </form>
    </SettingsSection>
  );
}
