import type { SpotTag } from './catalog';

/** Each spot tag's colour on the client (spec §3), as a tone name the stylesheet knows. */
export const TAG_TONES: Record<SpotTag, string> = {
  New: 'sky',
  Overrated: 'stone',
  'Date Night': 'dusk',
  'Hidden Gem': 'saguaro',
  Trending: 'sun',
  'Local Favorite': 'terracotta',
  'Instagram Worthy': 'rose',
  'Family Friendly': 'teal',
  Pricey: 'plum',
  'Budget Friendly': 'lime',
};

export function tagTone(tag: string): string {
  return TAG_TONES[tag as SpotTag] ?? 'stone';
}
