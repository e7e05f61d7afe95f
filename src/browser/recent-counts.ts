/**
 * The counts a Love or Been here answered with, kept for this tab for a minute. Pages and lists
 * may show counts up to a few seconds old (the shared cache's counter bound), so a reader who
 * loved a spot and reloads would otherwise see the count from before their own love. Loves and
 * visits only ever go up, so the larger of the page's count and the remembered one is right.
 */
const KEY = 'recentReactionCounts';
const KEEP_MS = 60_000;

export interface Counts {
  lovedCount: number;
  visitedCount: number;
}

type Kept = Record<string, Counts & { at: number }>;

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readKept(now: number): Kept {
  try {
    const value: unknown = JSON.parse(session()?.getItem(KEY) ?? '{}');
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(Object.entries(value as Kept).filter(([, kept]) => now - kept.at < KEEP_MS));
  } catch {
    return {};
  }
}

export function rememberCounts(spotId: number, counts: Counts, now = Date.now()): void {
  const kept = readKept(now);
  kept[spotId] = { lovedCount: counts.lovedCount, visitedCount: counts.visitedCount, at: now };
  try {
    session()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // A full or blocked storage only means the page's own counts are shown.
  }
}

/** The page's counts, raised to what this tab's own Love or Been here answered within the last minute. */
export function withRecentCounts(spotId: number, counts: Counts, now = Date.now()): Counts {
  const kept = readKept(now)[spotId];
  if (!kept) return counts;
  return { lovedCount: Math.max(counts.lovedCount, kept.lovedCount), visitedCount: Math.max(counts.visitedCount, kept.visitedCount) };
}
