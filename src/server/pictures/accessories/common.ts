/**
 * Bags, shoes and small accessories, drawn as product shots. Each returns the point a close-up
 * centres on; what they share is here.
 */
import type { Kit } from '../parts/kit';
import type { Pt } from '../svg';

export type Focus = Pt;

/** Which metal an accessory's hardware is drawn in (horn reads as gold on a bag or a belt). */
export const hwKind = (k: Kit): 'gold' | 'silver' | 'gunmetal' =>
  k.hardware === 'gold' || k.hardware === 'horn' ? 'gold' : k.hardware === 'gunmetal' ? 'gunmetal' : 'silver';
