import type { FormResult } from './form-result';

const UNEXPECTED: FormResult = {
  values: {},
  fieldErrors: {},
  formError: 'An unexpected error occurred. Please try again.',
};

/**
 * An account form's `clientAction` once the app runs: the same server action as without
 * JavaScript (decision 0044), plus what only the running app can do when it succeeded and sends
 * us on (`onRedirect`: a toast). A request that never reached the server is told on the form.
 */
export async function runServerAction<T>(
  serverAction: () => Promise<T>,
  onRedirect: () => void,
): Promise<T | FormResult> {
  try {
    return await serverAction();
  } catch (err) {
    if (err instanceof Response) {
      if (err.status >= 300 && err.status < 400) onRedirect();
      throw err;
    }
    return UNEXPECTED;
  }
}
