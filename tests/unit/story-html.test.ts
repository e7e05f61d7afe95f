import { describe, expect, it } from 'vitest';
import { sanitizeStory, storyHtml } from '../../src/server/content/story-html';

describe('story sanitising (allow-list)', () => {
  it.each([
    ['<script>alert(1)</script>Hello', 'Hello'],
    ['<img src="/x.png" onerror="alert(1)">', '<img src="/x.png" loading="lazy" decoding="async" />'],
    ['<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<p style="color:red" onclick="x()">hi</p>', '<p>hi</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<img src="data:image/svg+xml;base64,AAAA">', '<img loading="lazy" decoding="async" />'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeStory(input)).toBe(output);
  });

  it('keeps the markup editors use; external links open safely in a new tab', () => {
    expect(sanitizeStory('<strong>Bold</strong> <em>it</em> <a href="https://example.com/x">link</a>')).toBe(
      '<strong>Bold</strong> <em>it</em> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">link</a>',
    );
  });
});

describe('story body markup', () => {
  it('blank lines make paragraphs, single line breaks become <br />', () => {
    expect(storyHtml('First para.\n\nWhere: Old Town\nWhen: Thursday')).toBe('<p>First para.</p>\n<p>Where: Old Town<br />When: Thursday</p>');
  });
  it('never lets a script through, whatever the layout', () => {
    const html = storyHtml('Intro\n<script>\nalert(1)\n</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|onerror|alert\(1\)/);
  });
});
