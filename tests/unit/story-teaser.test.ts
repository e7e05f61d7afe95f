import { describe, expect, it } from 'vitest';
import { teaserFrom } from '../../src/server/content/blog';

describe('the teaser of a story without an excerpt', () => {
  it('is the opening text, without markup and with entities read', () => {
    expect(teaserFrom('There is a moment at <strong>FnB</strong> that regulars wait for.\n\nMore.')).toBe('There is a moment at FnB that regulars wait for. More.');
    expect(teaserFrom('Salt &amp; smoke at <em>Bourbon &quot;Steak&quot;</em>')).toBe('Salt & smoke at Bourbon "Steak"');
  });

  it('ends at a sentence within 160 characters, or at a word with an ellipsis', () => {
    const sentences = `${'The trail climbs slowly through palo verde and brittlebush. '.repeat(2)}Then it turns steep for the last mile, with a scramble near the top.`;
    const teaser = teaserFrom(sentences);
    expect(teaser.length).toBeLessThanOrEqual(160);
    expect(teaser.endsWith('brittlebush.')).toBe(true);
    const oneLong = `${'word '.repeat(60)}end`;
    const cut = teaserFrom(oneLong);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(161);
  });

  it('a half-written tag at the cut is dropped, not shown', () => {
    expect(teaserFrom('Short opening <stro')).toBe('Short opening');
  });
});
