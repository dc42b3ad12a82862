import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, SignInSchema, type SignInInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { safePath } from '../../../lib/safe-path';
import { useSession } from '../../../lib/session';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, requiredSummary } from '../components/form-alert';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Sign in · Rentique',
    description: 'Sign in to Rentique to see your rentals, favourites, plan and earnings.',
  });

/** Where the login gate sent us from, if it did (its state, or ?from=/path): only a path of this site (safePath). */
function returnPath(location: Location): string {
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  const remembered = from && typeof from.pathname === 'string' ? safePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`) : null;
  return remembered ?? safePath(new URLSearchParams(location.search).get('from')) ?? paths.dashboard;
}

/** /login: sign in, then the dashboard or the page the gate sent you from. */
export default function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const form = useForm<SignInInput>({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const summary = requiredSummary(errors, MESSAGES.allFieldsRequired);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error) {
        toast.error('Error', { description: error.message ?? 'Sign-in failed.' });
        return;
      }
      // better-auth re-reads the session 10 ms after sign-in; the next page's gate must not see
      // the visitor we were a moment ago, so the new session is read before we go.
      await session.refetch();
      toast.success('You have been logged in!');
      await navigate(returnPath(location), { replace: true });
    } catch {
      toast.error('Error', { description: 'An unexpected error occurred. Please try again.' });
    }
  });

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
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
        <FormAlert message={summary} />
        <Field label="Email" error={errors.email?.message === MESSAGES.allFieldsRequired ? undefined : errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Password" error={undefined}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="text-xs text-taupe underline underline-offset-4 hover:text-ink">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
