import { FREE_SPOT_VIEWS } from './constants';

/** What the free-view rules of spec §4/§6 need to know about a visitor. */
export interface ViewerState {
  /** The subscriber email stored for this visitor, if any. */
  email: string | null | undefined;
  /** Whether that email has an active subscription. */
  isActive: boolean;
  /** Spot views counted so far. */
  viewCount: number;
}

/** True when no meter applies: no email given (never blocked) or an active subscription. */
export function isUnmetered(viewer: Pick<ViewerState, 'email' | 'isActive'>): boolean {
  return !viewer.email || viewer.isActive;
}

/** True when the visitor may open another spot's details. */
export function canViewSpot(viewer: ViewerState): boolean {
  return isUnmetered(viewer) || viewer.viewCount < FREE_SPOT_VIEWS;
}

/** True when spot cards are shown locked (blurred, under the Premium Content overlay). */
export function needsSubscription(viewer: ViewerState): boolean {
  return !canViewSpot(viewer);
}

/** Free views left: 3 minus the count (never negative), or Infinity for subscribers and visitors without email. */
export function freeViewsLeft(viewer: ViewerState): number {
  if (!viewer.email || viewer.isActive) return Number.POSITIVE_INFINITY;
  return Math.max(0, FREE_SPOT_VIEWS - viewer.viewCount);
}

/** The count after one more view (a click on Details). */
export function countView(viewCount: number): number {
  return viewCount + 1;
}

/** The count after a successful subscription: reset to zero. */
export const VIEW_COUNT_AFTER_SUBSCRIBING = 0;

/** Whether the Premium badge shows: once the count has reached the limit. */
export function reachedFreeLimit(viewCount: number): boolean {
  return viewCount >= FREE_SPOT_VIEWS;
}

/**
 * What every page and island shows about the visitor's meter, as the server judges it: whether a
 * meter applies at all, how many free spots are left on it, and whether it has run out.
 */
export interface PaywallState {
  metered: boolean;
  /** Free spots left on the meter; null when no meter applies. */
  freeViewsLeft: number | null;
  locked: boolean;
}

/** The state of a visitor the server knows nothing of: no email, so never metered (spec §6). */
export const UNMETERED: PaywallState = { metered: false, freeViewsLeft: null, locked: false };

export function paywallState(viewer: ViewerState): PaywallState {
  if (isUnmetered(viewer)) return UNMETERED;
  const left = freeViewsLeft(viewer);
  return { metered: true, freeViewsLeft: left, locked: left === 0 };
}

/**
 * One state of the meter for every island: the server's (it judges the limit from the signed
 * cookies, whatever this browser stores) joined with the browser's own count of spec §4, which may
 * only make it stricter, never looser.
 */
export function joinPaywall(server: PaywallState | undefined, local: PaywallState): PaywallState {
  if (!server?.metered) return local;
  if (!local.metered) return server;
  const left = Math.min(server.freeViewsLeft ?? 0, local.freeViewsLeft ?? 0);
  return { metered: true, freeViewsLeft: left, locked: server.locked || local.locked };
}

/** "2 of 3 free spots left": what an email holder is told before the meter runs out. */
export function freeSpotsLeftLabel(left: number): string {
  return `${left} of ${FREE_SPOT_VIEWS} free spots left`;
}
