import { z } from 'zod';

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
/** How long a password-reset link works. */
export const RESET_LINK_TTL_MINUTES = 60;
/** zxcvbn's score a password needs (0-4; 3 is "safely unguessable" for a slow hash like ours). */
export const PASSWORD_MIN_SCORE = 3;

export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password is too short: use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password is at most ${PASSWORD_MAX_LENGTH} characters`,
  invalidEmail: 'Enter a valid email address',
  invalidGender: 'Choose male, female, other or prefer not to say',
  fullNameTooLong: `Full name is at most ${FULL_NAME_MAX_LENGTH} characters`,
  fullNameControl: 'Full name cannot contain control characters',
  imageUrl: 'Image must be an https:// address or a path on this site',
  nothingToUpdate: 'Nothing to update',
} as const;

/** The weak-password message: what is wrong (zxcvbn's warning, if any), then what to do. */
export function passwordTooWeakMessage(warning?: string): string {
  return ['This password is too easy to guess.', warning, 'Try a phrase of three or four unrelated words.']
    .filter(Boolean)
    .join(' ');
}

/** Error code (better-auth's `code`, our `details.authCode`) for a password refused as guessable. */
export const PASSWORD_TOO_WEAK = 'PASSWORD_TOO_WEAK';

const required = z.string().trim().min(1, MESSAGES.allFieldsRequired);
// C0 and C1 control characters (NUL, newlines, escapes...) have no place in a name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

export const GenderSchema = z.enum(GENDERS, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? MESSAGES.allFieldsRequired : MESSAGES.invalidGender,
});
export type Gender = z.infer<typeof GenderSchema>;

export const FullNameSchema = required
  .max(FULL_NAME_MAX_LENGTH, MESSAGES.fullNameTooLong)
  .refine((v) => !CONTROL_CHARS.test(v), MESSAGES.fullNameControl);

export const EmailSchema = required.max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail).pipe(z.email(MESSAGES.invalidEmail));

/** A new password's length rules (its strength is checked on the server, decision 0013). */
export const NewPasswordSchema = z
  .string()
  .min(1, MESSAGES.allFieldsRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

/**
 * The member's own profile fields. One schema for sign-up and for every later change of them
 * (PATCH /api/me and better-auth's /update-user), so the rules cannot drift apart.
 */
export const ProfileFieldsSchema = z.object({
  fullName: FullNameSchema,
  gender: GenderSchema,
});
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;

/** A profile picture: an https:// address or a path on our own site (never javascript:, data:, http:). */
export const ImageUrlSchema = z
  .string()
  .max(2048, MESSAGES.imageUrl)
  .refine(
    (v) => (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || /^https:\/\/[^\s/?#]+[^\s]*$/i.test(v),
    MESSAGES.imageUrl,
  );

/**
 * A change to the profile: any of its fields, nothing else. Fields a member may not set
 * (email, emailVerified, role, ids, timestamps...) are refused by name.
 */
export const ProfileUpdateSchema = ProfileFieldsSchema.extend({ image: ImageUrlSchema.nullable() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, MESSAGES.nothingToUpdate);
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The sign-up form, validated the same way in the browser and on the server. */
export const SignUpSchema = ProfileFieldsSchema.extend({
  email: EmailSchema,
  password: NewPasswordSchema,
  confirmPassword: z.string().min(1, MESSAGES.allFieldsRequired),
}).refine((v) => v.password === v.confirmPassword, {
  message: MESSAGES.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

/**
 * What POST /api/auth/sign-up/email accepts: the form's fields without the confirmation, plus
 * better-auth's own `name` (kept equal to the full name), `callbackURL` and `rememberMe`.
 */
export const SignUpRequestSchema = ProfileFieldsSchema.extend({
  email: EmailSchema,
  password: NewPasswordSchema,
  name: z
    .string()
    .max(FULL_NAME_MAX_LENGTH * 2)
    .optional(),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
}).strict();

export const SignInSchema = z.object({
  email: required.pipe(z.email(MESSAGES.invalidEmail)),
  password: z.string().min(1, MESSAGES.allFieldsRequired),
});
export type SignInInput = z.infer<typeof SignInSchema>;

/** Forgot password: the address to send the link to. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** A new password, typed twice (reset). */
export const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string().min(1, MESSAGES.allFieldsRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type NewPasswordFormInput = z.infer<typeof NewPasswordFormSchema>;

/** Change password: the current one and the new one, typed twice. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.allFieldsRequired),
    password: NewPasswordSchema,
    confirmPassword: z.string().min(1, MESSAGES.allFieldsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof ChangePasswordFormSchema>;

/** Change e-mail: the new address (it takes effect once confirmed from that address). */
export const ChangeEmailSchema = z.object({ newEmail: EmailSchema });
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

/** Delete my account: the password, to prove it is her. */
export const DeleteAccountSchema = z
  .object({
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
    /**
     * Cancel her reserved pieces not sent yet (each refunded in full) and then delete the account.
     * Without it, such a reservation refuses the deletion with the offer (409, details.unsentReservations).
     */
    cancelReservations: z.boolean({ error: 'cancelReservations must be true or false' }).optional(),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

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

/** One signed-in device, as the account page lists them. */
export const DeviceSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  /** The last time this session was used (to within a few minutes). */
  lastActiveAt: z.string(),
  signedInAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;
export const DeviceSessionListSchema = z.object({ sessions: z.array(DeviceSessionSchema) });
export type DeviceSessionList = z.infer<typeof DeviceSessionListSchema>;
