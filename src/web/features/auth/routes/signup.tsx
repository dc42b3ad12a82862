import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Form, Link } from 'react-router';
import { toast } from 'sonner';
import { GENDER_LABELS, GENDERS, PASSWORD_MIN_LENGTH, SignUpSchema, type SignUpInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { authErrorMessage, isWeakPassword, issueFor } from '../../../lib/auth-errors';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { callAuthApi, redirectWithCookies, refused } from '../lib/auth-api.server';
import { runServerAction } from '../lib/client-action';
import { fieldErrorsOf, formStrings, shownErrors, type FormResult } from '../lib/form-result';
import { useServerForm } from '../lib/use-server-form';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Create your account · Rentique',
    description: 'Join Rentique to rent designer fashion by the week, save favorites and lend your own clothes.',
  });

const ALREADY_EXISTS = /USER_ALREADY_EXISTS|already (registered|exists)/i;
const FIELDS = ['fullName', 'email', 'password', 'confirmPassword', 'gender'] as const;
type SignUpField = (typeof FIELDS)[number];

/**
 * Creates the account with better-auth's own endpoint, in-process as the browser that posted
 * (decision 0044), and sends the new member to choose a plan with her session cookie. A refusal
 * comes back on the form with her name, address and gender, never the passwords.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const input = formStrings(await request.formData(), FIELDS);
  const values = { fullName: input.fullName, email: input.email, gender: input.gender };
  const parsed = SignUpSchema.safeParse(input);
  if (!parsed.success) return refused<SignUpField>({ values, fieldErrors: fieldErrorsOf(parsed.error.issues) });
  const { fullName, email, password, gender } = parsed.data;
  const result = await callAuthApi(context, '/sign-up/email', {
    email,
    password,
    name: fullName,
    fullName,
    gender,
    callbackURL: '/',
  });
  if (result.ok) return redirectWithCookies(paths.planSelection, result.response);
  const { error } = result;
  if (ALREADY_EXISTS.test(`${error.code ?? ''} ${error.message ?? ''}`)) {
    return refused<SignUpField>(
      { values, fieldErrors: {}, formError: 'An account with this email already exists. Please sign in instead.' },
      error.status,
    );
  }
  // A guessable password is said under its field, where she is typing.
  if (isWeakPassword(error))
    return refused<SignUpField>({
      values,
      fieldErrors: { password: issueFor(error, 'password') ?? authErrorMessage(error) },
    });
  return refused<SignUpField>(
    { values, fieldErrors: {}, formError: authErrorMessage(error, 'Sign-up failed.') },
    error.status,
  );
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return runServerAction(serverAction, () =>
    toast.success('Welcome!', {
      description: 'Your account has been created! Please check your email for verification.',
    }),
  );
}

/** /signup: create an account, then choose a plan. */
export default function Component({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult<SignUpField> | undefined;
  const given = result?.values;
  const form = useForm<SignUpInput>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: {
      fullName: given?.fullName ?? '',
      email: given?.email ?? '',
      password: '',
      confirmPassword: '',
      gender: (given?.gender ?? '') as SignUpInput['gender'],
    },
  });
  const { ref, onSubmit, busy } = useServerForm(form);
  const errors = shownErrors(form.formState.errors, result);

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
      <Form
        ref={ref}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label="Create your account"
      >
        <FormAlert message={errors.summary} />
        <Field label="Full name" error={errors.field('fullName')}>
          <Input autoComplete="name" defaultValue={given?.fullName} {...form.register('fullName')} />
        </Field>
        <Field label="Email" error={errors.field('email')}>
          <Input type="email" autoComplete="email" defaultValue={given?.email} {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.field('password')} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm password" error={errors.field('confirmPassword')}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Field label="Gender" error={errors.field('gender')} hint="We use it to suggest pieces for you.">
          <NativeSelect defaultValue={given?.gender ?? ''} {...form.register('gender')}>
            <option value="">Select…</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {GENDER_LABELS[g]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className="text-center text-xs text-stone">
          <Link to={paths.home} className="underline underline-offset-4 hover:text-ink">
            Back to home
          </Link>
        </p>
      </Form>
    </AuthLayout>
  );
}
