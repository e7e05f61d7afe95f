import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artworkForPlace, artworkForSpot, artworkForStory, placeArtwork, placeTime, spotArtwork, spotImage, storyArtwork, storyPanels } from '../../db/seed/artwork';
import { seedPlaces } from '../../db/seed/places';
import { seedSpots } from '../../db/seed/spots';
import { seedStories } from '../../db/seed/stories';
import { renderArtwork } from '../../scripts/artwork/compose';
import { renderStoryCover } from '../../scripts/artwork/story-cover';
import { ARTWORK_SUBJECT_IDS, subjectFits } from '../../src/lib/artwork-subjects';

const PUBLIC = resolve(import.meta.dirname, '../../public');
const read = (image: string) => readFileSync(join(PUBLIC, image), 'utf8');
const digest = (image: string) => createHash('sha1').update(read(image)).digest('hex');

const spotImages = seedSpots.map((s) => spotImage(s.name));
const placeImages = seedPlaces.map((p) => p.image);
const storyImages = seedStories.map((s) => s.heroImage ?? '');

describe('seeded artwork files', () => {
  it.each([
    ['spots', spotImages],
    ['places', placeImages],
    ['stories', storyImages],
  ])('every seeded item in %s has its own existing file, with distinct contents', (folder, images) => {
    for (const image of images) {
      expect(image).toMatch(new RegExp(`^/images/${folder}/[a-z0-9-]+\\.svg$`));
      expect(existsSync(join(PUBLIC, image)), image).toBe(true);
    }
    expect(new Set(images).size).toBe(images.length);
    expect(new Set(images.map(digest)).size).toBe(images.length);
  });

  it('is well-formed, self-contained and small', () => {
    for (const image of [...spotImages, ...placeImages, ...storyImages]) {
      const svg = read(image);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 '), image).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>'), image).toBe(true);
      expect(svg).toContain(image.startsWith('/images/stories/') ? 'viewBox="0 0 1200 630"' : 'viewBox="0 0 600 400"');
      expect(svg).not.toMatch(/<image|<script|<text|href="http|url\((?!#)/);
      // A Story's cover holds up to three scenes in one file.
      expect(svg.length, image).toBeLessThan(image.startsWith('/images/stories/') ? 15_000 : 10_000);
    }
  });

  it('has an email copy of every spot and story picture', () => {
    for (const image of [...spotImages, ...storyImages]) {
      const [, dir, name] = /^\/images\/(spots|stories)\/(.+)\.svg$/.exec(image)!;
      expect(existsSync(join(PUBLIC, 'email', `${dir}-${name}.jpg`)), image).toBe(true);
    }
  });

  it('is what the generator draws: re-rendering gives the same bytes', () => {
    const spot = seedSpots.find((s) => s.name === "Tom's Thumb Trail")!;
    expect(renderArtwork(`spots:${spotImage(spot.name)}`, artworkForSpot(spot.name), 'card')).toBe(read(spotImage(spot.name)));
    const place = seedPlaces.find((p) => p.name === 'Super Chunk Sweets & Treats')!;
    expect(renderArtwork(`places:${place.image}`, artworkForPlace(place.name, place), 'card')).toBe(read(place.image));
    const story = seedStories[0]!;
    expect(renderStoryCover(`stories:${story.heroImage}`, storyPanels(story.slug), story.category)).toBe(read(story.heroImage!));
  });
});

describe('a place drawn at the time of day its hours say', () => {
  it.each([
    ['Open now · Closes 2 AM', ['Nightlife'], 'night'],
    ['Closed now · Opens 5 AM', ['Tours', 'Sunrise'], 'sunrise'],
    ['Closed now · Opens 7 AM', ['Brunch'], 'morning'],
    ['Open now · Closes 2 PM', ['Breakfast'], 'morning'],
    ['Closed now · Opens 4 PM', ['Steakhouse'], 'dusk'],
    ['Open now · Closes at sunset', ['Hiking'], 'golden'],
    ['Open now · Closes 11 PM', ['Pizza'], 'night'],
    ['Open now · Closes 10 PM', ['Sushi'], 'dusk'],
    ['Open now · Closes 9 PM', ['Thai'], 'golden'],
    ['Open now · Closes 5 PM', ['Museums'], 'noon'],
    ['Closed today', ['Sushi'], undefined],
    ['Open now', ['Tacos'], undefined],
  ] as const)('%s (%s) → %s', (openingStatus, tags, time) => {
    expect(placeTime({ openingStatus, tags: [...tags] })).toBe(time);
  });

  it('keeps the time written in the seed only when the hours say nothing', () => {
    expect(artworkForPlace('Hiro Sushi', { openingStatus: 'Closed today', tags: ['Japanese'] }).time).toBe('night');
    expect(artworkForPlace('Maple & Ash', { openingStatus: 'Closed now · Opens 4 PM', tags: ['Steakhouse'] }).time).toBe('dusk');
  });
});

describe('artwork subjects', () => {
  it('assigns a subject to exactly the seeded items', () => {
    expect(Object.keys(spotArtwork).sort()).toEqual(seedSpots.map((s) => s.name).sort());
    expect(Object.keys(placeArtwork).sort()).toEqual(seedPlaces.map((p) => p.name).sort());
    expect(Object.keys(storyArtwork).sort()).toEqual(seedStories.map((s) => s.slug).sort());
  });

  it.each(seedSpots.map((s) => [s.name, s] as const))('spot %s shows a subject that fits it', (_, s) => {
    expect(subjectFits(artworkForSpot(s.name).subject, { kind: 'spot', category: s.category, text: `${s.name} ${s.description}` })).toBe(true);
  });

  it.each(seedPlaces.map((p) => [p.name, p] as const))('place %s shows a subject that fits it', (_, p) => {
    expect(subjectFits(artworkForPlace(p.name).subject, { kind: p.kind, tags: p.tags, text: `${p.name} ${p.tags.join(' ')} ${p.highlight}` })).toBe(true);
  });

  it.each(seedStories.map((s) => [s.slug, s] as const))('story %s shows a subject that fits it', (_, s) => {
    expect(subjectFits(artworkForStory(s.slug).subject, { kind: 'story', text: `${s.title} ${s.tags.join(' ')} ${s.excerpt ?? ''}` })).toBe(true);
    expect(storyPanels(s.slug).length).toBeGreaterThanOrEqual(1);
    expect(storyPanels(s.slug).length).toBeLessThanOrEqual(3);
  });

  it('rejects a subject that contradicts the place', () => {
    const bakery = seedPlaces.find((p) => p.name === 'Super Chunk Sweets & Treats')!;
    const text = `${bakery.name} ${bakery.tags.join(' ')} ${bakery.highlight}`;
    expect(subjectFits('steak', { kind: 'restaurant', tags: bakery.tags, text })).toBe(false);
    expect(subjectFits('bakery', { kind: 'restaurant', tags: bakery.tags, text })).toBe(true);
    expect(subjectFits('golf', { kind: 'activity', tags: ['Tours', 'Hot Air Balloon'], text: 'Hot Air Expeditions' })).toBe(false);
    expect(subjectFits('summit', { kind: 'spot', category: 'food', text: 'A peak of a burger' })).toBe(false);
  });

  it('draws every subject of the vocabulary', () => {
    for (const id of ARTWORK_SUBJECT_IDS) expect(renderArtwork(`test:${id}`, { subject: id }, 'card')).toMatch(/^<svg .*<\/svg>\n$/s);
  });
});
