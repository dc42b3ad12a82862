import type { ItemGender } from '@domain/catalogue';

/** Query keys of the match feature, in one place so mutations invalidate the right data. */
export const matchKeys = {
  all: ['match'] as const,
  deck: (gender: ItemGender) => ['match', 'deck', gender] as const,
  decks: ['match', 'deck'] as const,
  daily: ['match', 'daily'] as const,
  progress: ['match', 'progress'] as const,
  favorites: ['favorites'] as const,
};
