import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Form, Link, useLocation, type Location } from 'react-router';
import { toast } from 'sonner';
import { SignInSchema, type SignInInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { authErrorMessage } from '../../../lib/auth-errors';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { callAuthApi, redirectWithCookies, refused } from '../lib/auth-api.server';
import { runServerAction } from '../lib/client-action';
import { fieldErrorsOf, formStrings, safeReturnPath, shownErrors, type FormResult } from '../lib/form-result';
import { useServerForm } from '../lib/use-server-form';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Sign in · Rentique',
    description: 'Sign in to Rentique to see your rentals, favorites, plan and earnings.',
  });

/**
 * Signs in with better-auth's own endpoint, in-process as the browser that posted (decision 0044),
 * and sends her on with its session cookie: to the page the login gate sent her from (only a path
 * of this app), else her dashboard. A refusal ('Invalid email or password', too many attempts)
 * comes back on the form, with the address she typed and never the password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const input = formStrings(await request.formData(), ['email', 'password', 'from']);
  const values = { email: input.email };
  const parsed = SignInSchema.safeParse(input);
  if (!parsed.success) return refused<keyof SignInInput>({ values, fieldErrors: fieldErrorsOf(parsed.error.issues) });
  const result = await callAuthApi(context, '/sign-in/email', {
    email: parsed.data.email,
    password: parsed.data.password,
  });
  if (!result.ok)
    return refused<keyof SignInInput>(
      { values, fieldErrors: {}, formError: authErrorMessage(result.error, 'Sign-in failed.') },
      result.error.status,
    );
  const from = input.from || new URL(request.url).searchParams.get('from');
  return redirectWithCookies(safeReturnPath(from), result.response);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return runServerAction(serverAction, () => toast.success('You have been logged in!'));
}

/** Where the login gate sent us from: its state (a navigation inside the app), or ?from=/path. */
function returnPath(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (from) return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  return safeReturnPath(new URLSearchParams(location.search).get('from'));
}

/** /login: sign in, then the dashboard or the page the gate sent you from. */
export default function Component({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  const result = actionData as FormResult<keyof SignInInput> | undefined;
  const form = useForm<SignInInput>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: result?.values.email ?? '', password: '' },
  });
  const { ref, onSubmit, busy } = useServerForm(form);
  const errors = shownErrors(form.formState.errors, result);

  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Sign in"
      lede={
        <>
          New to Rentique?{' '}
          <Link to={paths.signup} className="font-medium text-ink underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      <Form ref={ref} method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
        <FormAlert message={errors.summary} />
        <input type="hidden" name="from" value={returnPath(location)} />
        <Field label="Email" error={errors.field('email')}>
          <Input type="email" autoComplete="email" defaultValue={result?.values.email} {...form.register('email')} />
        </Field>
        <Field label="Password" error={undefined}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="text-xs text-taupe underline underline-offset-4 hover:text-ink">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
