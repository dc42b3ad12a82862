import { PROMO_CODE_PATTERN, normaliseCode } from '@domain/offers.rules';

export const CODE_FORMAT_MESSAGE = 'A code is 3 to 32 letters, digits or dashes (e.g. SPRING-10).';

/** What she typed as the code the API reads (trimmed, upper-case), or the reason it cannot be one. */
export function readCode(text: string): { code: string } | { error: string } {
  const code = normaliseCode(text);
  if (!code) return { error: 'Enter a code.' };
  return PROMO_CODE_PATTERN.test(code) ? { code } : { error: CODE_FORMAT_MESSAGE };
}

/** The refusal codes of a promo code (decision 0056): shown at the code's field, not as the booking's refusal. */
export function isCodeRefusal(code: string | undefined): boolean {
  return !!code && code.startsWith('PROMO_CODE_');
}
