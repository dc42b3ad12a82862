import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Form, Link } from 'react-router';
import { ForgotPasswordSchema, RESET_LINK_TTL_MINUTES, type ForgotPasswordInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { callAuthApi, refused } from '../lib/auth-api.server';
import { runServerAction } from '../lib/client-action';
import { fieldErrorsOf, formStrings, shownErrors, type FormResult } from '../lib/form-result';
import { useServerForm } from '../lib/use-server-form';
import { authErrorMessage } from '../../../lib/auth-errors';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Forgot password · Rentique',
    description: 'Ask for a link to choose a new Rentique password.',
    noindex: true,
  });

type ForgotResult = FormResult<keyof ForgotPasswordInput> & { sentTo?: string };

/**
 * Asks better-auth for a reset link (POST /api/auth/request-password-reset, in-process as the
 * browser that posted: decision 0044). The answer is the same whether or not the address has an
 * account; the link lands on /reset-password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const input = formStrings(await request.formData(), ['email']);
  const values = { email: input.email };
  const parsed = ForgotPasswordSchema.safeParse(input);
  if (!parsed.success)
    return refused<keyof ForgotPasswordInput>({ values, fieldErrors: fieldErrorsOf(parsed.error.issues) });
  const result = await callAuthApi(context, '/request-password-reset', {
    email: parsed.data.email,
    redirectTo: paths.resetPassword,
  });
  if (!result.ok)
    return refused<keyof ForgotPasswordInput>(
      { values, fieldErrors: {}, formError: authErrorMessage(result.error) },
      result.error.status,
    );
  const sent: ForgotResult = { values, fieldErrors: {}, sentTo: parsed.data.email };
  return sent;
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return runServerAction(serverAction, () => {});
}

/** /forgot-password: ask for a link to choose a new password. */
export default function Component({ actionData }: Route.ComponentProps) {
  const result = actionData as ForgotResult | undefined;
  const sentTo = result?.sentTo;
  return (
    <AuthLayout
      eyebrow="Account help"
      title={sentTo ? 'Check your inbox' : 'Forgot your password?'}
      lede={
        sentTo
          ? 'The link is on its way.'
          : 'Enter the email address of your account and we will send you a link to choose a new password.'
      }
    >
      {sentTo ? <Sent to={sentTo} /> : <AskForLink result={result} />}
    </AuthLayout>
  );
}

function Sent({ to }: { to: string }) {
  return (
    <div role="status" className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
      <MailCheck aria-hidden="true" className="size-6 text-sage" />
      <p className="mt-4 text-[0.95rem] leading-relaxed text-ink">
        If an account exists for <strong className="font-semibold break-all">{to}</strong>, we have sent it a link to
        reset the password.
      </p>
      <p className="mt-3 text-sm leading-relaxed text-taupe">
        The link works once, for {RESET_LINK_TTL_MINUTES} minutes. Nothing there? Look in your spam folder, or send
        another link.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild size="md">
          <Link to={paths.login}>Back to sign in</Link>
        </Button>
        {/* A plain visit to this page: the form again (the answer above is left behind). */}
        <Button asChild variant="ghost" size="md">
          <Link to={paths.forgotPassword}>Send another link</Link>
        </Button>
      </div>
    </div>
  );
}

function AskForLink({ result }: { result: ForgotResult | undefined }) {
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: result?.values.email ?? '' },
  });
  const { ref, onSubmit, busy } = useServerForm(form);
  const errors = shownErrors(form.formState.errors, result);
  return (
    <Form ref={ref} method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Reset your password">
      <FormAlert message={errors.summary} />
      <Field label="Email" error={errors.field('email')}>
        <Input type="email" autoComplete="email" defaultValue={result?.values.email} {...form.register('email')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-taupe">
        Remembered it?{' '}
        <Link to={paths.login} className="font-medium text-ink underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </Form>
  );
}
