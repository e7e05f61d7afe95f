import { topSpots } from '../spots/spots';
import { latestStories } from './blog';

const SHOWN = 3;

/**
 * What a dead end (a missing page or story) offers next: the most-loved spots and the newest
 * stories. 404s are what crawlers and bots hit most: two small indexed reads, never the whole story list.
 */
export async function nextSteps() {
  const [spots, stories] = await Promise.all([topSpots(SHOWN), latestStories(SHOWN)]);
  return { spots, stories };
}
