import { describe, expect, it } from 'vitest';
import { waitLabel } from '../../src/lib/wait-label';

describe('waitLabel', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
  ])('%i s → %s', (seconds, label) => expect(waitLabel(seconds)).toBe(label));
});
