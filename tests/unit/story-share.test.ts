import { describe, expect, it } from 'vitest';
import { storyShareText } from '../../src/lib/story-share';

describe('story share text', () => {
  it('is the excerpt when there is one', () => {
    expect(storyShareText({ title: 'Tacos', excerpt: 'The best tacos in town.' })).toBe('The best tacos in town.');
  });
  it('otherwise reads "Read about {title} on {site} Stories"', () => {
    expect(storyShareText({ title: 'Tacos', excerpt: null })).toBe('Read about Tacos on Scottsdale Local Guide Stories');
    expect(storyShareText({ title: 'Tacos', excerpt: '  ' })).toBe('Read about Tacos on Scottsdale Local Guide Stories');
  });
});
