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
