/** How much of a spot's description anyone may read without being entitled to the premium part. */
export const TEASER_LENGTH = 90;

/**
 * The one teaser rule: what of a spot's description a locked visitor, a public file (a spot's
 * .ics), a feed or the free newsletter may carry. Every channel takes it from here (the paywall's
 * lockedSpot included), so none can give away more than another.
 */
export function spotTeaser(description: string): string {
  return description.length > TEASER_LENGTH ? `${description.slice(0, TEASER_LENGTH).replace(/[\s.,;:!?]+$/, '')}…` : description;
}
