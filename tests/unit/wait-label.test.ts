import { describe, expect, it } from 'vitest';
import { ageLabel, waitLabel } from '../../src/lib/wait-label';

describe('waitLabel', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
  ])('%i s → %s', (seconds, label) => expect(waitLabel(seconds)).toBe(label));
});

describe('ageLabel', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    [0, '0 seconds ago'],
    [1, '1 second ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [86_399, '23 hours ago'],
    [86_400, '1 day ago'],
    [3 * 86_400 + 5, '3 days ago'],
    // A clock a little ahead never says "in the future".
    [-30, '0 seconds ago'],
  ])('%i s old → %s', (seconds, label) => expect(ageLabel(new Date(now.getTime() - seconds * 1000), now)).toBe(label));
});
