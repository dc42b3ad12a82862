import type { ErrorIssue } from '@domain/errors';

/**
 * The server words a request it could not validate for the API's callers ("Invalid body:
 * studioId choose the studio to pick up from", with the fields in `issues`). A member never sees
 * that wording: every API error the web app shows goes through ApiClientError, which keeps the
 * server's message when it is a sentence already and otherwise makes one from the first issue
 * ("Choose the studio to pick up from."). decision 0045.
 */
const RAW_VALIDATION = /^Invalid (?:[A-Za-z ]+:|(?:body|query|query parameter|path|form)$)/;

/** True for the API's validation wording, which is never shown as it is. */
export function isRawValidationMessage(message: string): boolean {
  return RAW_VALIDATION.test(message);
}

/** "startDate" -> "start date", "studioId" -> "studio", "billingAddress.zipCode" -> "ZIP code". */
export function fieldName(path: string): string {
  const last = path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? '';
  if (!last || last === '(root)') return '';
  if (/^zip(code)?$/i.test(last)) return 'ZIP code';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.endsWith(' id') ? words.slice(0, -3) : words;
}

/** Capital first letter, a full stop at the end. */
export function asSentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

const CHECK_AND_RETRY = 'Some of the details were not valid. Please check them and try again.';

/** The sentence for one issue: its own message when written for people, else the field and why. */
function issueSentence(issue: ErrorIssue): string {
  const field = fieldName(issue.path);
  const message = issue.message.trim();
  // zod's own wording ("Invalid input: expected number, received string") says nothing to a member.
  if (!message || /^invalid\b|\bexpected\b.*\breceived\b/i.test(message)) return field ? asSentence(`${field} is missing or not valid`) : CHECK_AND_RETRY;
  if (/^[A-Z]/.test(message) && !message.startsWith(issue.path)) return asSentence(message);
  // "studioId must be a number" or "must be today or later": the field, in words, then why.
  const leaf = issue.path.split('.').pop() ?? '';
  const rest = leaf && message.startsWith(leaf) ? message.slice(leaf.length).trim() : message;
  return field ? asSentence(`${field} ${rest}`) : asSentence(rest);
}

/** What a member is told for an API error: the server's message, or a sentence made from its issues. */
export function memberMessage(message: string, issues: readonly ErrorIssue[] = []): string {
  if (!isRawValidationMessage(message)) return message;
  const first = issues[0];
  if (first) return issueSentence(first);
  // "Invalid body: condition" with no issue: the field is all there is.
  const field = fieldName(message.replace(RAW_VALIDATION, '').trim().split(/\s+/)[0] ?? '');
  return field ? asSentence(`${field} is missing or not valid`) : CHECK_AND_RETRY;
}
