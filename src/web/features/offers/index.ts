/** The offers feature's public API: the promo code at checkout, and the desk's codes (decision 0056). */
export { PromoCodeField } from './components/promo-code-field';
export { isCodeRefusal, readCode } from './lib/code-input';
