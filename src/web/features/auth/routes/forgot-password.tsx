import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ForgotPasswordSchema, MESSAGES, RESET_LINK_TTL_MINUTES, type ForgotPasswordInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, requiredSummary } from '../components/form-alert';
import { authErrorMessage, type AuthClientError } from '../../../lib/auth-errors';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Forgot password · Rentique',
    description: 'Ask for a link to choose a new Rentique password.',
    noindex: true,
  });

/** /forgot-password: ask for a link to choose a new password. */
export default function Component() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const summary = requiredSummary(errors, MESSAGES.allFieldsRequired) ?? failure;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (err) {
      setFailure(authErrorMessage(err as AuthClientError));
    }
  });

  return (
    <AuthLayout
      eyebrow="Account help"
      title={sentTo ? 'Check your inbox' : 'Forgot your password?'}
      lede={sentTo ? 'The link is on its way.' : 'Enter the email address of your account and we will send you a link to choose a new password.'}
    >
      {sentTo ? (
        <div role="status" className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
          <MailCheck aria-hidden="true" className="size-6 text-sage" />
          <p className="mt-4 text-[0.95rem] leading-relaxed text-ink">
            If an account exists for <strong className="font-semibold break-all">{sentTo}</strong>, we have sent it a link to reset the password.
          </p>
          <p className="mt-3 text-sm leading-relaxed text-taupe">
            The link works once, for {RESET_LINK_TTL_MINUTES} minutes. Nothing there? Look in your spam folder, or send another link.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild size="md">
              <Link to={paths.login}>Back to sign in</Link>
            </Button>
            <Button variant="ghost" size="md" onClick={() => setSentTo(null)}>
              Send another link
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Reset your password">
          <FormAlert message={summary} />
          <Field label="Email" error={errors.email?.message === MESSAGES.allFieldsRequired ? undefined : errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
          <p className="text-center text-sm text-taupe">
            Remembered it?{' '}
            <Link to={paths.login} className="font-medium text-ink underline underline-offset-4">
              Sign in
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
