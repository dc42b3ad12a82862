/** Shortlists' limits and texts without zod (the item page, a public page, offers 'Add to a shortlist'); shortlists.ts re-exports them. */

/** Lists per member. */
export const MAX_SHORTLISTS = 20;
/** Pieces per list. */
export const MAX_SHORTLIST_ITEMS = 100;
export const SHORTLIST_NAME_MAX = 60;

export const SHORTLIST_MESSAGES = {
  title: 'Shortlists',
  add: 'Add to a shortlist',
  newList: 'New shortlist',
  created: 'Shortlist created',
  renamed: 'Shortlist renamed',
  deleted: 'Shortlist deleted',
  added: 'Added to shortlist',
  removed: 'Removed from shortlist',
  empty: 'Group your favorites into lists for an occasion: "Wedding in June", "Weekend in Paris".',
  emptyList: 'Nothing here yet: add pieces from their page or from your favorites.',
  nameTaken: 'You already have a shortlist with this name.',
  tooMany: `You can keep up to ${MAX_SHORTLISTS} shortlists: delete one to start another.`,
  full: `A shortlist holds up to ${MAX_SHORTLIST_ITEMS} pieces.`,
} as const;

/** The key a name is unique by, per member: trimmed, spaces collapsed, lower case. */
export function shortlistNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
