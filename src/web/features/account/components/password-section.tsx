import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ChangePasswordFormSchema, MESSAGES, type ChangePasswordFormInput } from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { authErrorMessage, isWeakPassword, issueFor, type AuthClientError } from '../../../lib/auth-errors';
import { PASSWORD_HINT } from '../../../lib/password-hint';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

/** Change password: the current one first; every other device is signed out. */
export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = (e: { message?: string | undefined } | undefined, empty: string) =>
    e?.message === MESSAGES.allFieldsRequired ? empty : e?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.password });
    } catch (err) {
      const error = err as AuthClientError;
      if (isWeakPassword(error))
        form.setError(
          'password',
          { message: issueFor(error, 'password') ?? authErrorMessage(error) },
          { shouldFocus: true },
        );
      else if (error.code === 'INVALID_PASSWORD')
        form.setError('currentPassword', { message: 'That is not your current password.' }, { shouldFocus: true });
      // anything else is shown by the query client (useChangePassword's meta)
      return;
    }
    form.reset();
    toast.success('Your password has been changed', {
      description: 'Any other device signed in to your account has been signed out.',
    });
  });

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing it signs you out on every other device. This one stays signed in."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Change password" className="space-y-5">
        <Field label="Current password" error={fieldError(errors.currentPassword, 'Enter your current password')}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <Field label="New password" error={fieldError(errors.password, 'Choose a new password')} hint={PASSWORD_HINT}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm new password" error={fieldError(errors.confirmPassword, 'Type the new password again')}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
