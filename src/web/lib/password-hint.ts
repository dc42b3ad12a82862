import { PASSWORD_MIN_LENGTH } from '@domain/auth.schema';

/** What makes a good password here, under a new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A phrase of three or four unrelated words is strong and easy to remember.`;
