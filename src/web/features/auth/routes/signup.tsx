import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { GENDER_LABELS, GENDERS, MESSAGES, PASSWORD_MIN_LENGTH, SignUpSchema, type SignUpInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { useSession } from '../../../lib/session';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert, requiredSummary } from '../components/form-alert';
import { isWeakPassword, issueFor } from '../../../lib/auth-errors';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Create your account · Rentique',
    description: 'Join Rentique to rent designer fashion by the week, save favourites and lend your own clothes.',
  });

const ALREADY_EXISTS = /USER_ALREADY_EXISTS|already (registered|exists)/i;

/** /signup: create an account, then choose a plan. */
export default function Component() {
  const navigate = useNavigate();
  const session = useSession();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '', gender: '' as SignUpInput['gender'] },
  });
  const { errors, isSubmitting } = form.formState;
  const summary = requiredSummary(errors, MESSAGES.allFieldsRequired);
  const fieldError = (e: { message?: string | undefined } | undefined) => (e?.message === MESSAGES.allFieldsRequired ? undefined : e?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { error } = await authClient.signUp.email({
        email: values.email,
        password: values.password,
        name: values.fullName,
        fullName: values.fullName,
        gender: values.gender,
        callbackURL: '/',
      });
      if (error) {
        if (ALREADY_EXISTS.test(`${error.code ?? ''} ${error.message ?? ''}`)) {
          toast.error('Account Already Exists', { description: 'An account with this email already exists. Please sign in instead.' });
        } else if (isWeakPassword(error)) {
          // Said under the field too, where the member is typing.
          const message = issueFor(error, 'password') ?? error.message ?? 'Choose a stronger password.';
          form.setError('password', { message }, { shouldFocus: true });
          toast.error('Error', { description: message });
        } else {
          toast.error('Error', { description: error.message ?? 'Sign-up failed.' });
        }
        return;
      }
      // Read the new session before going to a member page (see login.tsx).
      await session.refetch();
      toast.success('Welcome!', { description: 'Your account has been created! Please check your email for verification.' });
      await navigate(paths.planSelection, { replace: true });
    } catch {
      toast.error('Error', { description: 'An unexpected error occurred. Please try again.' });
    }
  });

  return (
    <AuthLayout
      eyebrow="Join Rentique"
      title="Create your account"
      lede={
        <>
          Already a member?{' '}
          <Link to={paths.login} className="font-medium text-ink underline underline-offset-4">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create your account">
        <FormAlert message={summary} />
        <Field label="Full name" error={fieldError(errors.fullName)}>
          <Input autoComplete="name" {...form.register('fullName')} />
        </Field>
        <Field label="Email" error={fieldError(errors.email)}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Password" error={fieldError(errors.password)} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm password" error={fieldError(errors.confirmPassword)}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Field label="Gender" error={fieldError(errors.gender)} hint="We use it to suggest pieces for you.">
          <NativeSelect {...form.register('gender')}>
            <option value="">Select…</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {GENDER_LABELS[g]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className="text-center text-xs text-stone">
          <Link to={paths.home} className="underline underline-offset-4 hover:text-ink">
            Back to home
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
