// `npm run places:link` on a database already in use: a dry run lists the places that are a spot
// under another spelling (the same words, one name holding the other, or names alike within 150 m)
// and writes nothing; --apply links them with a History entry each, keeps every spot's engagement,
// and a second run finds nothing left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { history, places, spots, userEngagements } from '../../db/schema';
import { runScript } from '../support/scripts';
import { tempDatabaseFile } from '../support/temp-db';

const file = tempDatabaseFile('places-link-');
let db: Database;
const ids: Record<string, number> = {};
/** About this many metres north of a point. */
const north = (latitude: number, metres: number) => latitude + metres / 111_320;
const BASE = { latitude: 33.7, longitude: -111.85 };

async function spot(name: string, latitude: number, longitude = BASE.longitude) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [row] = await db
    .insert(spots)
    .values({ name, slug, category: 'food', description: 'Test spot', imageUrl: '', mapsUrl: '', latitude, longitude, lovedCount: 7, visitedCount: 3, viewCount: 40 })
    .returning({ id: spots.id });
  ids[name] = row!.id;
}
async function place(name: string, latitude: number, longitude = BASE.longitude) {
  const [row] = await db
    .insert(places)
    .values({
      kind: 'restaurant',
      name,
      rating: 4.5,
      location: 'Scottsdale',
      link: 'https://example.com',
      image: '/x.webp',
      priceRange: '$$',
      openingStatus: 'Open',
      reviewCount: '10',
      highlight: 'Test',
      latitude,
      longitude,
    })
    .returning({ id: places.id });
  ids[name] = row!.id;
}
const run = (apply: boolean) => runScript('places-link.ts', apply ? ['--apply'] : [], { DATABASE_URL: file.url });
const linkedPlaces = () => db.select({ id: places.id, spotId: places.spotId }).from(places).where(isNotNull(places.spotId)).orderBy(asc(places.id));

beforeAll(async () => {
  await prepareDatabase({ url: file.url });
  db = openDatabase({ url: file.url });
  await spot('Pinnacle Peak Patio', BASE.latitude);
  await place('Pinnacle Peak Patio Steakhouse', north(BASE.latitude, 60));
  await spot("Lulu's Tacos", north(BASE.latitude, 1_000));
  await place("Tacos Lulu's", north(BASE.latitude, 1_040));
  await spot('Sonora Sol Kitchen', north(BASE.latitude, 2_000));
  await place('Sonoran Sol Kitchen', north(BASE.latitude, 2_030));
  // Alike names too far apart, and a near neighbour with another name: neither is the spot.
  await spot('Verde River Outfitters', north(BASE.latitude, 3_000));
  await place('Verde River Outfitters Annex', north(BASE.latitude, 3_400));
  await spot('Cholla Trailhead', north(BASE.latitude, 4_000));
  await place('Cholla Cafe', north(BASE.latitude, 4_050));
  await db.insert(userEngagements).values({ spotId: ids['Pinnacle Peak Patio']!, sessionId: 'places-link-session', engagementType: 'love' });
}, 60_000);
afterAll(() => {
  db?.$client.close();
  file.remove();
});

describe('npm run places:link', () => {
  it('lists the near-duplicates in a dry run and writes nothing', async () => {
    const before = await linkedPlaces();
    const { code, output } = await run(false);
    expect(code).toBe(0);
    // The seed's own two (a tour and a trail whose names hold their spot's) and the three added here.
    expect(output).toContain(`activity "Taliesin West Guided Tour"`);
    expect(output).toContain(`activity "Camelback Mountain Echo Canyon"`);
    expect(output).toContain(
      `restaurant "Pinnacle Peak Patio Steakhouse" (#${ids['Pinnacle Peak Patio Steakhouse']}) -> spot "Pinnacle Peak Patio" (#${ids['Pinnacle Peak Patio']}): 60 m apart, names 100% alike`,
    );
    expect(output).toContain(`restaurant "Tacos Lulu's" (#${ids["Tacos Lulu's"]}) -> spot "Lulu's Tacos" (#${ids["Lulu's Tacos"]}): 40 m apart, names 100% alike`);
    expect(output).toContain(
      `restaurant "Sonoran Sol Kitchen" (#${ids['Sonoran Sol Kitchen']}) -> spot "Sonora Sol Kitchen" (#${ids['Sonora Sol Kitchen']}): 30 m apart, names 90% alike`,
    );
    expect(output).not.toContain('Verde River Outfitters Annex');
    expect(output).not.toContain('Cholla Cafe');
    expect(output).toContain('Dry run: 5 places would be linked. Run again with --apply to link them.');
    expect(await linkedPlaces()).toEqual(before);
  });

  it('--apply links them with a History entry each, keeps the spots engagement, and a second run finds nothing', async () => {
    const engagement = () =>
      db.select({ loved: spots.lovedCount, visited: spots.visitedCount, views: spots.viewCount }).from(spots).where(eq(spots.id, ids['Pinnacle Peak Patio']!));
    const kept = await engagement();
    const { code, output } = await run(true);
    expect(code).toBe(0);
    expect(output).toContain('Linked 5 places to their spots.');
    const linked = new Map((await linkedPlaces()).map((row) => [row.id, row.spotId]));
    expect(linked.get(ids['Pinnacle Peak Patio Steakhouse']!)).toBe(ids['Pinnacle Peak Patio']);
    expect(linked.get(ids["Tacos Lulu's"]!)).toBe(ids["Lulu's Tacos"]);
    expect(linked.get(ids['Sonoran Sol Kitchen']!)).toBe(ids['Sonora Sol Kitchen']);
    expect(linked.get(ids['Verde River Outfitters Annex']!)).toBeUndefined();
    expect(linked.get(ids['Cholla Cafe']!)).toBeUndefined();
    expect(await engagement()).toEqual(kept);
    expect(await db.select().from(userEngagements).where(eq(userEngagements.sessionId, 'places-link-session'))).toHaveLength(1);
    const entries = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'place'), eq(history.event, 'linked to its spot')));
    expect(entries).toHaveLength(5);
    expect(entries.find((entry) => entry.subjectId === String(ids["Tacos Lulu's"]))).toMatchObject({
      actorName: 'The guide',
      before: { spotId: null },
      after: { spotId: ids["Lulu's Tacos"], spot: "Lulu's Tacos", metres: 40, similarity: 1 },
    });

    const again = await run(true);
    expect(again.code).toBe(0);
    expect(again.output).toContain('No place to link: every place that is a spot is linked already.');
  });
});
