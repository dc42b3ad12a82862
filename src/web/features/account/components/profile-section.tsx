import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  GENDER_LABELS,
  GENDERS,
  MESSAGES,
  ProfileFieldsSchema,
  type Profile,
  type ProfileFields,
} from '@domain/auth.schema';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { isProfileField } from '../api/update-profile';
import { useUpdateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';

/** Name and gender, with the sign-up form's rules. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFields>({
    resolver: zodResolver(ProfileFieldsSchema),
    defaultValues: { fullName: profile.fullName, gender: profile.gender },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ fullName: saved.fullName, gender: saved.gender });
      toast.success('Your details have been saved');
    } catch (err) {
      const issue = err instanceof ApiClientError ? err.issues[0] : undefined;
      // Other failures are shown by the query client (useUpdateProfile's meta).
      if (issue && isProfileField(issue.path)) form.setError(issue.path, { message: issue.message });
    }
  });

  return (
    <SettingsSection
      id="profile"
      title="Your details"
      description="The name we greet you by, and the gender we use to suggest pieces for you."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Your details" className="space-y-5">
        <Field
          label="Full name"
          error={
            errors.fullName?.message === MESSAGES.allFieldsRequired ? 'Enter your full name' : errors.fullName?.message
          }
        >
          <Input autoComplete="name" {...form.register('fullName')} />
        </Field>
        <Field label="Gender" error={errors.gender?.message}>
          <NativeSelect {...form.register('gender')}>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {GENDER_LABELS[g]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
    </SettingsSection>
  );
}
