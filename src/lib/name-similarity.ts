import { normalisedName } from './place-input';

/** Letter pairs of a name, for the Dice coefficient. */
function pairs(text: string): string[] {
  const squashed = text.replace(/ /g, '');
  return Array.from({ length: Math.max(0, squashed.length - 1) }, (_, i) => squashed.slice(i, i + 2));
}

/**
 * How alike two names are, 0 to 1, as people would match them: the same words in any order or one
 * name holding the other ("Cosanti" and "Cosanti Originals") count as 1; otherwise the share of
 * letter pairs they have in common (Dice), so "Lulu's Tacos" and "Lulus Taco" score high and
 * "Pinnacle Grill" and "Pinnacle Peak Patio" do not.
 */
export function nameSimilarity(a: string, b: string): number {
  const x = normalisedName(a);
  const y = normalisedName(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const words = (text: string) => text.split(' ').sort().join(' ');
  if (words(x) === words(y)) return 1;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 4 && ` ${long} `.includes(` ${short} `)) return 1;
  const left = pairs(x);
  const right = pairs(y);
  if (!left.length || !right.length) return 0;
  const pool = new Map<string, number>();
  for (const pair of right) pool.set(pair, (pool.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of left) {
    const remaining = pool.get(pair) ?? 0;
    if (remaining > 0) {
      shared++;
      pool.set(pair, remaining - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** Names at least this alike, within NEAR_DUPLICATE_METRES, are one place. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;
/** How close a near-duplicate must be to the spot. */
export const NEAR_DUPLICATE_METRES = 150;

/** Straight-line distance in metres (haversine). */
export function metresApart(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
