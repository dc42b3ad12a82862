import { zodResolver } from '@hookform/resolvers/zod';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, NewPasswordFormSchema, type NewPasswordFormInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, requiredSummary } from '../components/form-alert';
import { authErrorMessage, isWeakPassword, issueFor, type AuthClientError } from '../../../lib/auth-errors';
import { PASSWORD_HINT } from '../../../lib/password-hint';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose a new password · Rentique',
    description: 'Choose a new password for your Rentique account.',
    noindex: true,
  });

/**
 * /reset-password?token=...: choose a new password with the link from the reset mail. The
 * server sends the link here with ?error=INVALID_TOKEN when it has expired or was used.
 */
export default function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [expired, setExpired] = useState(params.has('error') || !token);

  return (
    <AuthLayout
      eyebrow="Account help"
      title={expired ? 'This link no longer works' : 'Choose a new password'}
      lede={expired ? 'Reset links work once, for a limited time.' : 'Setting a new password signs you out on every device.'}
    >
      {expired || !token ? <ExpiredLink /> : <NewPasswordForm token={token} onExpired={() => setExpired(true)} />}
    </AuthLayout>
  );
}

function ExpiredLink() {
  return (
    <div role="status" className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
      <LinkIcon aria-hidden="true" className="size-6 text-clay" />
      <p className="mt-4 text-[0.95rem] leading-relaxed text-ink">This reset link has expired or has already been used.</p>
      <p className="mt-2 text-sm text-taupe">Ask for a new one: it takes a moment.</p>
      <Button asChild size="md" className="mt-6">
        <Link to={paths.forgotPassword}>Send a new link</Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const navigate = useNavigate();
  const session = useSession();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<NewPasswordFormInput>({ resolver: zodResolver(NewPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const summary = requiredSummary(errors, MESSAGES.allFieldsRequired) ?? failure;
  const fieldError = (e: { message?: string | undefined } | undefined) => (e?.message === MESSAGES.allFieldsRequired ? undefined : e?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await reset.mutateAsync({ token, newPassword: values.password });
    } catch (err) {
      const error = err as AuthClientError;
      if (isWeakPassword(error)) form.setError('password', { message: issueFor(error, 'password') ?? authErrorMessage(error) });
      else if (error.code === 'INVALID_TOKEN') onExpired();
      else setFailure(authErrorMessage(error));
      return;
    }
    // Every session ended, this browser's too (if it had one).
    await session.refetch();
    toast.success('Your password has been changed', { description: 'Sign in with your new password.' });
    await navigate(paths.login, { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose a new password">
      <FormAlert message={summary} />
      <Field label="New password" error={fieldError(errors.password)} hint={PASSWORD_HINT}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Confirm new password" error={fieldError(errors.confirmPassword)}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
