import type { ErrorIssue } from '@domain/errors';

/**
 * The server words a request it could not validate for the API's callers ("Invalid body:
 * studioId choose the studio to pick up from", with the fields in `issues`). A member never sees
 * that wording: every API error the web app shows is an ApiClientError made by `unwrap`, which
 * keeps the server's message when it is a sentence already and otherwise makes one from the first
 * issue with this ("Choose the studio to pick up from."). Decision 0045. Loaded only then.
 */
const RAW_VALIDATION = /^Invalid (?:[A-Za-z ]+:|(?:body|query|query parameter|path|form)$)/;

/** "startDate" -> "start date", "studioId" -> "studio", "billingAddress.zipCode" -> "ZIP code". */
const fieldName = (path: string) =>
  (
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? ''
  )
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/ id$|^\(root\)$/, '')
    .replace(/^zip code$/, 'ZIP code');

/** Capital first letter, a full stop at the end. */
const asSentence = (text: string) => {
  const t = text.trim();
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
};

/** What a member is told for an API error: the server's message, or a sentence made from its issues. */
export function memberMessage(message: string, issues: readonly ErrorIssue[] = []): string {
  if (!RAW_VALIDATION.test(message)) return message;
  const issue = issues[0];
  // Without issues ("Invalid body: condition") the field is all there is.
  const path = issue?.path ?? message.replace(RAW_VALIDATION, '').trim().split(' ')[0] ?? '';
  const field = fieldName(path);
  let why = issue?.message.trim() ?? '';
  // zod's own wording ("Invalid input: expected number, received string") says nothing to a member.
  if (!why || /^invalid\b|\bexpected\b.*\breceived\b/i.test(why)) {
    return field
      ? asSentence(`${field} is missing or not valid`)
      : 'Some of the details were not valid. Please check them and try again.';
  }
  // Written for people ("Choose the studio to pick up from"): as it is.
  if (/^[A-Z]/.test(why) && !why.startsWith(path)) return asSentence(why);
  // "studioId must be a number" or "must be today or later": the field, in words, then why.
  const leaf = path.split('.').pop() ?? '';
  if (leaf && why.startsWith(leaf)) why = why.slice(leaf.length).trim();
  return asSentence(field ? `${field} ${why}` : why);
}
