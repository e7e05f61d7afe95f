import { describe, expect, it } from 'vitest';
import { SPOT_CATEGORY_LABELS, SPOT_TAGS, STORY_CATEGORIES, parseStoryCategory, storyCategorySlug } from '../../src/lib/catalog';
import { greetingName } from '../../src/browser/browser-storage';
import { isLocalsRecommended, isTrending, spotCardImage, visibleTags } from '../../src/lib/spot-display';

describe('vocabularies of spec §2/§3', () => {
  it('has the five spot categories with their labels', () => {
    expect(SPOT_CATEGORY_LABELS).toEqual({ food: 'Food', drinks: 'Drinks', hike: 'Hike', 'hidden-gem': 'Hidden Gem', event: 'Event' });
  });
  it('has the ten spot tags', () => {
    expect(SPOT_TAGS).toEqual([
      'New',
      'Overrated',
      'Date Night',
      'Hidden Gem',
      'Trending',
      'Local Favorite',
      'Instagram Worthy',
      'Family Friendly',
      'Pricey',
      'Budget Friendly',
    ]);
  });
  it('has the six story categories', () => {
    expect(STORY_CATEGORIES).toEqual(['Hidden Gem', 'Date Night', 'Local Legend', 'Food Spotlight', 'Weekend Guide', 'New Opening']);
  });
  it('reads a story category from its label or URL form', () => {
    expect(parseStoryCategory('Food Spotlight')).toBe('Food Spotlight');
    expect(parseStoryCategory('food-spotlight')).toBe('Food Spotlight');
    expect(parseStoryCategory('DATE NIGHT')).toBe('Date Night');
    expect(parseStoryCategory('brunch')).toBeNull();
    expect(storyCategorySlug('New Opening')).toBe('new-opening');
  });
});

describe('spot card rules', () => {
  it('uses the category default image without a thumbnail', () => {
    expect(spotCardImage({ category: 'hike', thumbnailUrl: null })).toBe('/images/spots/hike.svg');
    expect(spotCardImage({ category: 'hike', thumbnailUrl: '/x.webp' })).toBe('/x.webp');
  });
  it('Trending at 25 views or more', () => {
    expect(isTrending({ viewCount: 24 })).toBe(false);
    expect(isTrending({ viewCount: 25 })).toBe(true);
  });
  it('Locals Recommended at a suggestion count of 3 or more', () => {
    expect(isLocalsRecommended({ suggestionCount: 2 })).toBe(false);
    expect(isLocalsRecommended({ suggestionCount: 3 })).toBe(true);
  });
  it('shows up to N tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ tags: ['a', 'b', 'c'], more: 2 });
    expect(visibleTags(['a'], 3)).toEqual({ tags: ['a'], more: 0 });
  });
});

describe('header greeting', () => {
  it('is the first name, else the name, else User', () => {
    expect(greetingName({ firstName: 'Ana', name: 'Ana Ruiz' })).toBe('Ana');
    expect(greetingName({ name: 'Ana Ruiz' })).toBe('Ana Ruiz');
    expect(greetingName({ email: 'a@b.co' })).toBe('User');
    expect(greetingName(null)).toBe('User');
  });
});
