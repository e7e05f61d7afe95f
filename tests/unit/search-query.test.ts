import { describe, expect, it } from 'vitest';
import { corrections, editDistance, oneEditAway, ftsExpression, highlight, intentWindow, normaliseQuery, parseQuery } from '../../src/lib/search-query';

describe('reading a query', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normaliseQuery('  Café   <b>Tacos</b>!! ')).toBe('cafe b tacos b');
  });

  it('matches the last word typed as a prefix, and no other', () => {
    expect(ftsExpression(parseQuery('green chile ta').groups)).toBe('"green" AND "chile" AND "ta"*');
    expect(ftsExpression(parseQuery('green chile ta ').groups)).toBe('"green" AND "chile" AND "ta"');
  });

  it('expands the city synonyms, phrases included, and drops stop words', () => {
    expect(ftsExpression(parseQuery('bbq in Old Town').groups)).toBe(
      '("bbq" OR "barbecue" OR "barbeque" OR "smokehouse") AND ("old town" OR "oldtown" OR "downtown scottsdale")',
    );
    expect(ftsExpression(parseQuery('dog friendly patio').groups)).toBe(
      '("dog friendly" OR "pet friendly" OR "dogs welcome") AND ("patio" OR "outdoor seating" OR "terrace")',
    );
    expect(ftsExpression(parseQuery('sunset hikes').groups)).toBe('"sunset" AND ("hike" OR "trail" OR "hiking")');
  });

  it('takes the time words out of the text and keeps them as the intent', () => {
    const parsed = parseQuery('jazz this weekend');
    expect(parsed.intent).toBe('this-weekend');
    expect(ftsExpression(parsed.groups)).toBe('"jazz"');
    expect(parseQuery('tacos open now').intent).toBe('open-now');
    expect(parseQuery('tonight').intent).toBe(null);
    expect(ftsExpression(parseQuery('tonight').groups)).toBe('"tonight"*');
  });

  it('never lets FTS5 syntax through', () => {
    expect(ftsExpression(parseQuery('"a" OR NEAR(b* c) -d ^e').groups)).toBe('"or" AND "b" AND "c" AND "d" AND "e"*');
  });
});

describe('Scottsdale time windows', () => {
  it('this weekend runs from Friday 17:00 to the end of Sunday, city time', () => {
    const wednesday = new Date('2026-11-25T10:00:00-07:00');
    expect(intentWindow('this-weekend', wednesday)).toEqual({ from: new Date('2026-11-27T17:00:00-07:00'), to: new Date('2026-11-30T00:00:00-07:00') });
    const sunday = new Date('2026-11-29T09:00:00-07:00');
    expect(intentWindow('this-weekend', sunday)).toEqual({ from: sunday, to: new Date('2026-11-30T00:00:00-07:00') });
  });

  it('tonight is from 17:00 (or now) to 03:00', () => {
    const noon = new Date('2026-11-25T12:00:00-07:00');
    expect(intentWindow('tonight', noon)).toEqual({ from: new Date('2026-11-25T17:00:00-07:00'), to: new Date('2026-11-26T03:00:00-07:00') });
  });
});

describe('spelling', () => {
  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('tako', 'taco')).toBe(0.5);
    expect(editDistance('tako', 'take')).toBe(1);
    expect(editDistance('hkie', 'hike')).toBe(1);
    expect(editDistance('margarita', 'margherita')).toBe(2);
    expect(editDistance('tacos', 'sushi', 2)).toBe(3);
  });

  it('lists every spelling one edit away', () => {
    const near = oneEditAway('tako');
    expect(near).toEqual(expect.arrayContaining(['taco', 'tak', 'atko', 'takos', 'stako']));
    expect(near).not.toContain('tako');
    expect(near).not.toContain('tacos');
    expect(near.length).toBe(new Set(near).size);
  });

  it('offers only the nearest indexed words, most used first, never the word itself', () => {
    const terms = [
      { term: 'taco', doc: 9 },
      { term: 'talk', doc: 2 },
      { term: 'tako', doc: 0 },
      { term: 'take', doc: 4 },
      { term: 'tapa', doc: 3 },
    ];
    expect(corrections('tako', terms)).toEqual(['taco']);
    expect(corrections('tapo', terms)).toEqual(['taco', 'tapa']);
    expect(corrections('tac', terms)).toEqual([]);
  });
});

describe('highlighting', () => {
  it('escapes the text and marks the matched words only', () => {
    expect(highlight('Tacos <script>alert(1)</script> & hiking', ['taco', 'hike'])).toBe(
      '<mark>Tacos</mark> &lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>hiking</mark>',
    );
    expect(highlight('"Quoted" o\'clock', [])).toBe('&quot;Quoted&quot; o&#39;clock');
  });
});
