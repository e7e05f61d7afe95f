import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedStories } from '../../db/seed/stories';
import { documentFromHtml, htmlText } from '../../src/lib/story-document/from-html';
import { storyHtml } from '../../src/lib/story-document/legacy-markup';
import { renderStoryDocument } from '../../src/lib/story-document/render';
import { StoryDocumentSchema } from '../../src/lib/story-document/schema';
import { storedBodyFromMarkup } from '../../src/lib/story-document/stored-body';

const clipboard = (name: string) => readFileSync(new URL(`../fixtures/clipboard/${name}.html`, import.meta.url), 'utf8');
/** What the server stores for pasted HTML: parsed into a document, checked by the schema, rendered. */
const pasted = (name: string) => renderStoryDocument(StoryDocumentSchema.parse(documentFromHtml(clipboard(name))));

describe('pasted HTML keeps its structure and drops its styling (server-side parse)', () => {
  it('Google Docs: the bold wrapper is not bold; styled spans give bold and italic; the list and link survive', () => {
    expect(pasted('google-docs')).toBe(
      [
        '<h2>Where to eat before the ballgame</h2>',
        `<p>Spring training fills Old Town by noon, so <strong>book a table</strong><em> the week before</em>. The <a href="https://www.scottsdaleaz.gov/scottsdale-stadium" target="_blank" rel="noopener noreferrer">stadium's page</a> lists game times.</p>`,
        '<ul><li>Tacos on Brown Avenue</li><li>A patio on Craftsman Court</li></ul>',
      ].join('\n'),
    );
  });

  it('Word: the heading, the list written as marked paragraphs, bold, italic and the link survive; colours and Office tags do not', () => {
    expect(pasted('word')).toBe(
      [
        '<h2>A morning at the Desert Botanical Garden</h2>',
        '<p>Arrive when the gates open: the <strong>Wildflower Loop</strong> is cool until about ten, and the light on the <em>saguaros</em> is worth the alarm.</p>',
        '<ul><li>Water and a hat</li><li>A membership card, if you have one</li></ul>',
        '<p>Tickets are on the <a href="https://dbg.org/" target="_blank" rel="noopener noreferrer">garden’s site</a>.</p>',
      ].join('\n'),
    );
  });

  it('a web page: heading, quote, numbered list, a captioned picture and a divider; classes, hidden ads and buttons are gone', () => {
    expect(pasted('web-page')).toBe(
      [
        `<h3>Hiking Tom's Thumb</h3>`,
        `<p>The trail climbs about <strong>1,000 feet</strong> in the first mile. Start at the <a href="https://www.mcdowellsonoran.org/trailheads" target="_blank" rel="noopener noreferrer">Tom's Thumb trailhead</a>, not Gateway.</p>`,
        '<blockquote><p>Go at sunrise. Nobody regrets it.</p></blockquote>',
        '<ol><li>Park early</li><li>Carry <em>two</em> liters</li></ol>',
        `<figure class="story-figure"><img src="https://example.com/images/toms-thumb.jpg" alt="Granite boulders at the top of Tom's Thumb" loading="lazy" decoding="async" /><figcaption>The summit boulders at 7 a.m.</figcaption></figure>`,
        '<hr />',
        '<p>Back by lunch.</p>',
      ].join('\n'),
    );
  });

  it('hostile HTML: no script, handler, style, frame, form or unsafe link survives; the words do', () => {
    const html = pasted('hostile');
    expect(html).toBe(
      [
        '<p>Kept words</p>',
        '<p>a javascript link and a mixed-case one and a data link and a vbscript one.</p>',
        '<p>Fake callout styled</p>',
        '<p><a href="https://safe.example/ok" target="_blank" rel="noopener noreferrer">a safe link</a></p>',
        '<p>Done.</p>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<style|\son\w+=|javascript:|vbscript:|data:|<iframe|<object|<embed|<svg|<form|<input|<button|style=/i);
  });
});

describe('the server never trusts the document a browser sends', () => {
  const doc = (content: unknown[]) => ({ type: 'doc', content });
  const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

  it.each([
    ['an unknown node', doc([{ type: 'codeBlock', content: [text('x')] }])],
    ['a script node', doc([{ type: 'script', content: [text('alert(1)')] }])],
    ['a javascript: link', doc([{ type: 'paragraph', content: [text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] }])],
    ['a protocol-relative link', doc([{ type: 'paragraph', content: [text('x', [{ type: 'link', attrs: { href: '//evil.example' } }])] }])],
    ['an unknown mark', doc([{ type: 'paragraph', content: [text('x', [{ type: 'textStyle', attrs: { color: 'red' } }])] }])],
    ['an image without alt text', doc([{ type: 'image', attrs: { src: '/uploads/a/960.webp', alt: '  ' } }])],
    ['an image from a data: address', doc([{ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' } }])],
    ['a heading of level 1', doc([{ type: 'heading', attrs: { level: 1 }, content: [text('x')] }])],
    ['a spot card without a spot', doc([{ type: 'spotCard', attrs: { spotId: 'drop table' } }])],
    ['a picture inside a quote', doc([{ type: 'blockquote', content: [{ type: 'image', attrs: { src: '/a.png', alt: 'x' } }] }])],
    ['an empty document', doc([])],
  ])('refuses %s', (_, input) => {
    expect(StoryDocumentSchema.safeParse(input).success).toBe(false);
  });

  it('drops attributes it does not know (handlers, styles, classes) and renders text as text', () => {
    const parsed = StoryDocumentSchema.parse({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { style: 'color:red', onclick: 'x()' }, content: [text('<script>alert(1)</script> & "quotes"', [{ type: 'bold' }])] },
        { type: 'image', attrs: { src: '/uploads/0123/960.webp', alt: 'A "quoted" <b>alt</b>', caption: '', onerror: 'alert(1)' } },
        { type: 'spotCard', attrs: { spotId: 7, name: '<img src=x onerror=alert(1)>' } },
      ],
    });
    expect(parsed.content[1]).toEqual({ type: 'image', attrs: { src: '/uploads/0123/960.webp', alt: 'A "quoted" <b>alt</b>', caption: null } });
    expect(parsed.content[2]).toEqual({ type: 'spotCard', attrs: { spotId: 7 } });
    expect(renderStoryDocument(parsed)).toBe(
      [
        '<p><strong>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</strong></p>',
        '<figure class="story-figure"><img src="/uploads/0123/960.webp" alt="A &quot;quoted&quot; &lt;b&gt;alt&lt;/b&gt;" loading="lazy" decoding="async" /></figure>',
        '<div class="story-spot" data-spot-id="7"></div>',
      ].join('\n'),
    );
  });

  it('renders every block the editor makes: headings, lists, quotes, links, pictures with captions, spot cards, callouts, dividers', () => {
    const parsed = StoryDocumentSchema.parse({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Saturday')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Hike', [{ type: 'italic' }])] }] }] },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Eat')] }] }] },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [text('Go early.')] }] },
        { type: 'paragraph', content: [text('Our '), text('map', [{ type: 'link', attrs: { href: '/map' } }]), { type: 'hardBreak' }, text('next line')] },
        { type: 'image', attrs: { src: '/uploads/abc/960.webp', alt: 'A trail', caption: 'At dawn' } },
        { type: 'callout', content: [{ type: 'paragraph', content: [text('Bring water.')] }] },
        { type: 'horizontalRule' },
      ],
    });
    expect(renderStoryDocument(parsed)).toBe(
      [
        '<h2>Saturday</h2>',
        '<ul><li><em>Hike</em></li></ul>',
        '<ol start="3"><li>Eat</li></ol>',
        '<blockquote><p>Go early.</p></blockquote>',
        '<p>Our <a href="/map">map</a><br />next line</p>',
        '<figure class="story-figure"><img src="/uploads/abc/960.webp" alt="A trail" loading="lazy" decoding="async" /><figcaption>At dawn</figcaption></figure>',
        '<aside class="story-callout"><p>Bring water.</p></aside>',
        '<hr />',
      ].join('\n'),
    );
    // The stored HTML reads back into the same document (restoring an old revision relies on it).
    expect(documentFromHtml(renderStoryDocument(parsed))).toEqual(parsed);
  });
  it('leaves out the empty paragraphs the editor keeps to type in, not the line breaks a writer made', () => {
    const parsed = StoryDocumentSchema.parse({
      type: 'doc',
      content: [{ type: 'paragraph' }, { type: 'horizontalRule' }, { type: 'paragraph', content: [] }, { type: 'paragraph', content: [{ type: 'hardBreak' }] }],
    });
    expect(renderStoryDocument(parsed)).toBe('<hr />\n<p><br /></p>');
  });
});

describe('every seeded Story in the one stored form', () => {
  it('renders the same text as the old markup did, Story by Story', () => {
    expect(seedStories).toHaveLength(10);
    for (const story of seedStories) {
      const before = htmlText(storyHtml(story.content));
      const { doc, content } = storedBodyFromMarkup(story.content);
      expect(StoryDocumentSchema.safeParse(doc).success, story.slug).toBe(true);
      expect(content).toBe(renderStoryDocument(doc));
      expect(htmlText(content), story.slug).toBe(before);
      expect(before.length, story.slug).toBeGreaterThan(500);
    }
  });

  it('keeps the bold and links the old markup had', () => {
    const fnb = seedStories.find((story) => story.slug === 'fnb-and-the-art-of-the-arizona-vegetable')!;
    const { content } = storedBodyFromMarkup(fnb.content);
    expect(content.match(/<strong>/g)).toHaveLength(fnb.content.match(/<strong>/g)!.length);
    expect(content).toContain(`<a href="https://www.fnbrestaurant.com" target="_blank" rel="noopener noreferrer">restaurant's website</a>`);
  });
});
