/**
 * The invisible figure every garment is cut on, in body units: x is 0 on the centre line,
 * y grows downwards from the base of the neck. Pieces drawn on it line up when worn together.
 */
export const BODY = {
  neckW: 6.5,
  shoulderX: 19.5,
  shoulderY: 3.5,
  armpitX: 17.5,
  armpitY: 21,
  bustY: 27,
  bustW: 17.5,
  waistY: 44,
  waistW: 14,
  hipY: 62,
  hipW: 19.5,
  crotchY: 79,
  kneeY: 113,
  ankleY: 151,
} as const;

/** Hem heights of skirts and dresses by length. */
export const HEM_Y = {
  crop: 38,
  hip: 64,
  long: 70,
  mini: 86,
  shorts: 90,
  knee: 108,
  midi: 126,
  maxi: 150,
  ankle: 146,
  full: 152,
  gown: 157,
} as const;
