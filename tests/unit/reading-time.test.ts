import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, readingTimeLabel } from '../../src/lib/reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('reading time (spec §9: 200 words a minute, rounded up)', () => {
  it('counts words and ignores markup', () => {
    expect(countWords('<p>Hello <strong>desert</strong> friends</p>')).toBe(3);
  });
  it.each([
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
    [1000, 5],
  ])('%i words → %i min', (n, minutes) => {
    expect(readingMinutes(words(n))).toBe(minutes);
  });
  it('labels as "{n} min read"', () => {
    expect(readingTimeLabel(words(450))).toBe('3 min read');
  });
});
