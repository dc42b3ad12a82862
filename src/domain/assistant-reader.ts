/**
 * Reading a member's message: normalised, then a category, colour, brand, gender, occasion and
 * budget picked out of it, whole words first and longest phrases first.
 */
import type { AssistantFilters } from './assistant-contract';
import { CATEGORY_WORDS, COLOUR_WORDS, GENDER_WORDS, OCCASION_WORDS } from './assistant-words';
import { parseCents } from './money';

// A budget: "under $10", "below 20", "less than $15.50", "up to 30 dollars", "max $12",
// "no more than $8", "cheaper than 9", "budget of $25", "$10 or less", "$10 max".
const CURRENCY_AMOUNT = String.raw`(?:\$|usd\s*|£|€)?\s*(\d{1,6}(?:\.\d{1,2})?)\s*(?:dollars?|usd|bucks)?`;
const BUDGET_BEFORE = new RegExp(
  String.raw`(?:under|below|beneath|less than|lower than|cheaper than|up to|upto|at most|max(?:imum)?|no more than|not more than|budget(?: of| is)?|<=?)\s*` +
    CURRENCY_AMOUNT,
  'i',
);
const BUDGET_AFTER = new RegExp(
  String.raw`(?:\$|usd\s*)\s*(\d{1,6}(?:\.\d{1,2})?)\s*(?:or less|or under|or below|max(?:imum)?|tops)\b`,
  'i',
);

/** Lower-cases, unifies apostrophes and dashes, and squeezes spaces so word lists can match. */
export function normaliseMessage(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where a word or phrase first occurs as whole words (letters/digits on neither side), or -1. */
function findPhrase(text: string, phrase: string): number {
  const re = new RegExp(`(?<![a-z0-9'-])${escapeRegExp(phrase)}(?![a-z0-9-])`, 'i');
  const m = re.exec(text);
  return m ? m.index : -1;
}

/**
 * Among a table of keys -> words, the key whose word occurs earliest in the text (a longer
 * phrase wins at the same position). Returns undefined when none occurs.
 */
function firstMatch<K extends string>(text: string, table: Record<K, readonly string[]>): K | undefined {
  let best: { key: K; at: number; len: number } | undefined;
  for (const key of Object.keys(table) as K[]) {
    for (const word of table[key]) {
      const at = findPhrase(text, word);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && word.length > best.len)) best = { key, at, len: word.length };
    }
  }
  return best?.key;
}

/** The budget phrase in the text: its amount in cents and where it sits. */
function findBudget(text: string): { cents: number; at: number; length: number } | undefined {
  const m = BUDGET_BEFORE.exec(text) ?? BUDGET_AFTER.exec(text);
  if (!m?.[1]) return undefined;
  const cents = parseCents(m[1]) ?? Number.NaN;
  return Number.isFinite(cents) ? { cents, at: m.index, length: m[0].length } : undefined;
}

/** The budget in cents, or undefined. "under $10" -> 1000 (read as "at most"). */
export function parseBudgetCents(message: string): number | undefined {
  return findBudget(normaliseMessage(message))?.cents;
}

function blank(text: string, at: number, length: number): string {
  return text.slice(0, at) + ' '.repeat(length) + text.slice(at + length);
}

/**
 * Reads a message for what the member wants. `brands` are the catalogue's brand names (the
 * match is whole-word and case-insensitive, and returns the catalogue's spelling).
 */
export function parseAssistantMessage(message: string, brands: readonly string[] = []): AssistantFilters {
  const text = normaliseMessage(message);
  const filters: AssistantFilters = {};

  // Brands first, and their words are blanked out, so "North Face" is not read as anything else
  // and a brand like "Black Label" does not also count as a colour.
  let rest = text;
  const sortedBrands = [...new Set(brands)].sort((a, b) => b.length - a.length);
  for (const brand of sortedBrands) {
    const needle = normaliseMessage(brand);
    if (!needle) continue;
    const at = findPhrase(rest, needle);
    if (at >= 0) {
      filters.brand = brand;
      rest = blank(rest, at, needle.length);
      break;
    }
  }

  // The budget's words are blanked too, so "$10 tops" is a budget, not a category.
  const budget = findBudget(rest);
  if (budget) {
    filters.maxPriceCents = budget.cents;
    rest = blank(rest, budget.at, budget.length);
  }

  const category = firstMatch(rest, CATEGORY_WORDS);
  if (category) filters.category = category;
  const colour = firstMatch(rest, COLOUR_WORDS);
  if (colour) filters.colour = colour;
  const gender = firstMatch(rest, GENDER_WORDS);
  if (gender) filters.gender = gender;
  const occasion = firstMatch(rest, OCCASION_WORDS);
  if (occasion) filters.occasion = occasion;
  return filters;
}
