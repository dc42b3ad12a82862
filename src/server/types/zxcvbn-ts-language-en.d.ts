declare module '@zxcvbn-ts/language-en/dist/translations.mjs' {
  import type { TranslationKeys } from '@zxcvbn-ts/core';
  /** zxcvbn-ts's English warning and suggestion texts (the package's index would also load its word lists). */
  const translations: TranslationKeys;
  export default translations;
}
