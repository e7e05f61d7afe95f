import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artworkForPlace, placeArtwork } from '../../db/seed/artwork';
import { seedPlaces } from '../../db/seed/places';
import { renderArtwork } from '../../scripts/artwork/compose';
import { contactSheet, differenceHash, hashDistance, HASH_SIDE } from '../../scripts/artwork/contact-sheet';
import { artworkFiles, type ArtworkFile } from '../../scripts/artwork/items';

/**
 * No two pictures look alike: a 16 × 16 difference hash of every seeded picture, compared pair by
 * pair. The floors are set below what today's pictures reach and above what the old look-alikes
 * scored (one shopping picture for two malls at 19 bits, three spa rooms at 32–46, three golf
 * greens at 26–41, two plates of pasta at 47).
 */
const PLACE_FLOOR = 48;
const SPOT_FLOOR = 40;

const OUT = resolve(import.meta.dirname, '../../test-results');
const slug = (file: ArtworkFile) => file.image.split('/').pop()!.replace('.svg', '');

/** A place that is also a spot under another name: its two pictures may well look alike. */
const SAME_VENUE = new Set([
  'camelback-mountain-echo-canyon-trail|camelback-mountain-echo-canyon',
  'pinnacle-peak-trail|pinnacle-peak-park',
  'taliesin-west|taliesin-west-guided-tour',
  'knight-rise-skyspace-at-smoca|scottsdale-museum-of-contemporary-art',
]);
const sameVenue = (a: ArtworkFile, b: ArtworkFile) =>
  a.folder !== b.folder &&
  a.folder !== 'stories' &&
  b.folder !== 'stories' &&
  (slug(a) === slug(b) || SAME_VENUE.has(`${slug(a)}|${slug(b)}`) || SAME_VENUE.has(`${slug(b)}|${slug(a)}`));

const files = artworkFiles();
const hashes = new Map<string, Uint8Array>();
beforeAll(async () => {
  for (const file of files) hashes.set(file.image, await differenceHash(file.svg));
});

function closest(filter: (a: ArtworkFile, b: ArtworkFile) => boolean): { distance: number; pair: string } {
  let best = { distance: HASH_SIDE * HASH_SIDE, pair: '' };
  for (let i = 0; i < files.length; i++)
    for (let j = i + 1; j < files.length; j++) {
      const [a, b] = [files[i]!, files[j]!];
      if (!filter(a, b) || sameVenue(a, b)) continue;
      const distance = hashDistance(hashes.get(a.image)!, hashes.get(b.image)!);
      if (distance < best.distance) best = { distance, pair: `${a.image} ~ ${b.image}` };
    }
  return best;
}

describe('pictures a reader tells apart', () => {
  it('writes a labelled contact sheet of every place, Story and spot to test-results/contact-sheet.png', async () => {
    const order = ['places', 'stories', 'spots'] as const;
    const entries = order.flatMap((folder) => files.filter((f) => f.folder === folder).map((f) => ({ label: `${folder}: ${slug(f)}`, svg: f.svg })));
    const png = await contactSheet(entries, 10);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'contact-sheet.png'), png);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(entries).toHaveLength(files.length);
    expect(files.filter((f) => f.folder === 'places')).toHaveLength(seedPlaces.length);
  });

  it(`gives every restaurant and activity a picture at least ${PLACE_FLOOR} of ${HASH_SIDE * HASH_SIDE} bits from every other`, () => {
    const { distance, pair } = closest((a, b) => a.folder === 'places' && b.folder === 'places');
    expect(distance, pair).toBeGreaterThanOrEqual(PLACE_FLOOR);
  });

  it(`gives every Story a cover of its own: at least ${PLACE_FLOOR} bits from every other picture, spots included`, () => {
    const { distance, pair } = closest((a, b) => a.folder === 'stories' || b.folder === 'stories');
    expect(distance, pair).toBeGreaterThanOrEqual(PLACE_FLOOR);
  });

  it(`keeps spots apart from each other and from the other places (at least ${SPOT_FLOOR} bits)`, () => {
    const { distance, pair } = closest((a, b) => a.folder === 'spots' || b.folder === 'spots');
    expect(distance, pair).toBeGreaterThanOrEqual(SPOT_FLOOR);
  });

  it('catches look-alikes: the old single shopping and spa pictures fall under the floor', async () => {
    const old = async (name: string, spec: Parameters<typeof renderArtwork>[1]) =>
      differenceHash(renderArtwork(`places:${seedPlaces.find((p) => p.name === name)!.image}`, spec, 'card'));
    const malls = hashDistance(await old('Scottsdale Fashion Square', { subject: 'shopping' }), await old('Kierland Commons', { subject: 'shopping', time: 'golden' }));
    const spas = hashDistance(
      await old('Joya Spa at Omni Montelucia', { subject: 'spa', variant: 'arch' }),
      await old('Sanctuary Spa', { subject: 'spa', variant: 'view' }),
    );
    expect(malls).toBeLessThan(PLACE_FLOOR);
    expect(spas).toBeLessThan(PLACE_FLOOR);
    // …while what they are drawn from now sets them apart.
    expect(placeArtwork['Scottsdale Fashion Square']!.setting).toBe('atrium');
    expect(artworkForPlace('Sanctuary Spa').setting).toBe('camelback-window');
  });
});
