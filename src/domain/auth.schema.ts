import { z } from 'zod';

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;

export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  invalidEmail: 'Enter a valid email address',
} as const;

const required = z.string().trim().min(1, MESSAGES.allFieldsRequired);

/** The sign-up form, validated the same way in the browser and on the server. */
export const SignUpSchema = z
  .object({
    fullName: required.max(120, 'Full name is at most 120 characters'),
    email: required.pipe(z.email(MESSAGES.invalidEmail)),
    password: z
      .string()
      .min(1, MESSAGES.allFieldsRequired)
      .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, `Password is at most ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: z.string().min(1, MESSAGES.allFieldsRequired),
    gender: z.enum(GENDERS, { error: MESSAGES.allFieldsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: required.pipe(z.email(MESSAGES.invalidEmail)),
  password: z.string().min(1, MESSAGES.allFieldsRequired),
});
export type SignInInput = z.infer<typeof SignInSchema>;

/** The member's profile as the API returns it. */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  gender: GenderSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
