import { zodResolver } from '@hookform/resolvers/zod';
import { LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Form, Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { NewPasswordFormSchema, type NewPasswordFormInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { callAuthApi, redirectWithCookies, refused } from '../lib/auth-api.server';
import { runServerAction } from '../lib/client-action';
import { fieldErrorsOf, formStrings, shownErrors, type FormResult } from '../lib/form-result';
import { useServerForm } from '../lib/use-server-form';
import { authErrorMessage, isWeakPassword, issueFor } from '../../../lib/auth-errors';
import { PASSWORD_HINT } from '../../../lib/password-hint';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose a new password · Rentique',
    description: 'Choose a new password for your Rentique account.',
    noindex: true,
  });

type ResetField = keyof NewPasswordFormInput;
type ResetResult = FormResult<ResetField> & { expired?: boolean };

/**
 * Sets the new password with the token of the mailed link (?token=..., the form posts to its own
 * URL) through better-auth's endpoint, in-process as the browser that posted (decision 0044).
 * Every session ends (this browser's too, if it had one: its cookie is passed on), and she is sent
 * to sign in. A used or expired link says so; a guessable password is said under its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const input = formStrings(await request.formData(), ['password', 'confirmPassword']);
  const token = new URL(request.url).searchParams.get('token');
  const expired: ResetResult = { values: {}, fieldErrors: {}, expired: true };
  if (!token) return refused<ResetField>(expired);
  const parsed = NewPasswordFormSchema.safeParse(input);
  if (!parsed.success) return refused<ResetField>({ values: {}, fieldErrors: fieldErrorsOf(parsed.error.issues) });
  const result = await callAuthApi(context, '/reset-password', { token, newPassword: parsed.data.password });
  if (result.ok) return redirectWithCookies(paths.login, result.response);
  const { error } = result;
  if (isWeakPassword(error))
    return refused<ResetField>({
      values: {},
      fieldErrors: { password: issueFor(error, 'password') ?? authErrorMessage(error) },
    });
  if (error.code === 'INVALID_TOKEN') return refused<ResetField>(expired);
  return refused<ResetField>({ values: {}, fieldErrors: {}, formError: authErrorMessage(error) }, error.status);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return runServerAction(serverAction, () =>
    toast.success('Your password has been changed', { description: 'Sign in with your new password.' }),
  );
}

/**
 * /reset-password?token=...: choose a new password with the link from the reset mail. The
 * server sends the link here with ?error=INVALID_TOKEN when it has expired or was used.
 */
export default function Component({ actionData }: Route.ComponentProps) {
  const result = actionData as ResetResult | undefined;
  const [params] = useSearchParams();
  const token = params.get('token');
  const expired = params.has('error') || !token || Boolean(result?.expired);

  return (
    <AuthLayout
      eyebrow="Account help"
      title={expired ? 'This link no longer works' : 'Choose a new password'}
      lede={
        expired ? 'Reset links work once, for a limited time.' : 'Setting a new password signs you out on every device.'
      }
    >
      {expired ? <ExpiredLink /> : <NewPasswordForm result={result} />}
    </AuthLayout>
  );
}

function ExpiredLink() {
  return (
    <div role="status" className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
      <LinkIcon aria-hidden="true" className="size-6 text-clay" />
      <p className="mt-4 text-[0.95rem] leading-relaxed text-ink">
        This reset link has expired or has already been used.
      </p>
      <p className="mt-2 text-sm text-taupe">Ask for a new one: it takes a moment.</p>
      <Button asChild size="md" className="mt-6">
        <Link to={paths.forgotPassword}>Send a new link</Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({ result }: { result: ResetResult | undefined }) {
  const form = useForm<NewPasswordFormInput>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { ref, onSubmit, busy } = useServerForm(form);
  const errors = shownErrors(form.formState.errors, result);

  return (
    <Form
      ref={ref}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="space-y-5"
      aria-label="Choose a new password"
    >
      <FormAlert message={errors.summary} />
      <Field label="New password" error={errors.field('password')} hint={PASSWORD_HINT}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Confirm new password" error={errors.field('confirmPassword')}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
    </Form>
  );
}
