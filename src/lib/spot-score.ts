import { SPOT_SCORE } from './constants';

export interface ScoredSpot {
  viewCount: number;
  lovedCount: number;
  visitedCount: number;
  tags: readonly string[];
}

/** Leaderboard score of spec §9; the database keeps the same rule in `spots.score`. */
export function spotScore(spot: ScoredSpot): number {
  const score =
    spot.viewCount +
    (spot.tags.includes('Hidden Gem') ? SPOT_SCORE.hiddenGemBonus : 0) +
    (spot.tags.includes('New') ? SPOT_SCORE.newBonus : 0) -
    (spot.tags.includes('Overrated') ? SPOT_SCORE.overratedPenalty : 0) +
    SPOT_SCORE.perLove * spot.lovedCount +
    SPOT_SCORE.perVisit * spot.visitedCount;
  return Math.max(0, score);
}

/** Leaderboard total of spec §9: loves plus visits plus views. */
export function leaderboardTotal(spot: Omit<ScoredSpot, 'tags'>): number {
  return spot.lovedCount + spot.visitedCount + spot.viewCount;
}

/** The score as shown: one decimal. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}
