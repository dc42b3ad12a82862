import { PASSWORD_TOO_WEAK } from '@domain/auth.schema';

/** An error as better-auth's client hands it back: our error shape with better-auth's code and message on top. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } | undefined;
}

/** The server's message about one field (e.g. why a password was refused), if it sent one. */
export function issueFor(error: AuthClientError, path: string): string | undefined {
  return error.error?.issues?.find((i) => i.path === path)?.message;
}

/** True when the server refused a new password as too easy to guess. */
export function isWeakPassword(error: AuthClientError): boolean {
  return error.code === PASSWORD_TOO_WEAK;
}

/** The message to show for an auth error. */
export function authErrorMessage(error: AuthClientError, fallback = 'Something went wrong. Please try again.'): string {
  return error.message || error.error?.message || fallback;
}
