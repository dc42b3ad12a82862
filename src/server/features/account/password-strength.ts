import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN_SCORE, passwordTooWeakMessage } from '../../../domain/auth.schema';

/*
 * Password strength, checked on the server for sign-up, reset and change (decision 0013):
 * zxcvbn-ts with its offline common-password, name and word lists (language-common), never sent
 * to the browser. They load on the first check (~50 ms), and a check costs ~8 ms. (The larger
 * English word lists cost 600 ms to load and 50 ms a check for the same verdicts on common
 * passwords; only their English warning texts are used.)
 */
/** Only this much of a password is scored: matching grows fast with length, and a strong start is a strong password. */
export const SCORED_PREFIX_LENGTH = 64;

let factory: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, { default: translations }] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      // The warning texts alone (the package's index would load its word lists too).
      import('@zxcvbn-ts/language-en/dist/translations.mjs'),
    ]);
    return new ZxcvbnFactory({
      translations: {
        ...translations,
        warnings: { ...translations.warnings, userInputs: 'It contains your name or email address.' },
      },
      graphs: common.adjacencyGraphs,
      dictionary: common.dictionary,
    });
  })();
  return factory;
}

export interface PasswordVerdict {
  ok: boolean;
  /** 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** Why it was refused, for the form ('' when ok). */
  message: string;
}

/**
 * Scores a password. `userInputs` are the member's own e-mail and name: a password built from
 * them is easy to guess for anyone who knows her.
 */
export async function checkPasswordStrength(
  password: string,
  userInputs: readonly string[] = [],
): Promise<PasswordVerdict> {
  const zxcvbn = await load();
  const inputs = userInputs.flatMap((s) => [s, ...s.split(/[^\p{L}\p{N}]+/u)]).filter((s) => s.length >= 3);
  const result = zxcvbn.check(password.slice(0, SCORED_PREFIX_LENGTH), inputs);
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true, score: result.score, message: '' };
  return { ok: false, score: result.score, message: passwordTooWeakMessage(result.feedback.warning ?? undefined) };
}
