import { count, sql } from 'drizzle-orm';
import { addDays } from 'date-fns';
import type { Database } from '../client';
import { blogPosts, events, newsletterSubscribers, places, spots } from '../schema';
import { cityDateTime, weekOf } from '../../src/lib/city-time';
import { spotImage } from './artwork';
import { seedEvents } from './events';
import { seedPlaces } from './places';
import { placeDetails } from './places/details';
import { seedSpots } from './spots';
import { spotDetails } from './spots/details';
import { slugFromName } from '../../src/lib/spot-details';
import { seedStories } from './stories';
import { storedBodyFromMarkup } from '../../src/lib/story-document/stored-body';
import { seedSubscribers } from './subscribers';

const DAY_MS = 86_400_000;

/** A place that is also a spot is one record (the same rule as migration 0025). */
const LINK_PLACES_TO_SPOTS = sql`UPDATE places SET spot_id = (
  SELECT spots.id FROM spots WHERE lower(trim(spots.name)) = lower(trim(places.name)) ORDER BY spots.id LIMIT 1
) WHERE spot_id IS NULL`;

/** A seeded spot's page facts (every seeded spot has them; see spots/details.ts). */
function spotPageFields(name: string) {
  const details = spotDetails[name];
  if (!details) throw new Error(`No page details for the seeded spot "${name}"`);
  return {
    neighbourhood: details.neighbourhood,
    address: details.address,
    latitude: details.lat,
    longitude: details.lng,
    priceLevel: details.priceLevel,
    hours: details.hours,
    hook: details.hook,
    knowBefore: details.knowBeforeYouGo,
    insiderTip: details.insiderTip,
  };
}

/** True when the database has no content yet (a fresh file or a fresh server). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(spots);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the Scottsdale seed in one transaction. Events are placed relative to `now`:
 * the current week (Sunday to Saturday, city time) and the three after it.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<void> {
  const sunday = weekOf(now);
  await db.transaction(async (tx) => {
    await tx.insert(spots).values(
      seedSpots.map((s) => ({
        name: s.name,
        category: s.category,
        description: s.description,
        imageUrl: spotImage(s.name),
        thumbnailUrl: spotImage(s.name),
        mapsUrl: s.mapsUrl,
        website: s.website ?? null,
        featured: s.featured,
        viewCount: s.viewCount,
        lovedCount: s.lovedCount,
        visitedCount: s.visitedCount,
        suggestionCount: s.suggestionCount,
        tags: s.tags,
        createdAt: new Date(now.getTime() - s.addedDaysAgo * DAY_MS),
        slug: slugFromName(s.name),
        ...spotPageFields(s.name),
      })),
    );
    await tx.insert(blogPosts).values(
      seedStories.map((p) => {
        const published = new Date(now.getTime() - p.publishedDaysAgo * DAY_MS);
        return {
          title: p.title,
          slug: p.slug,
          author: p.author,
          heroImage: p.heroImage ?? null,
          ...storedBodyFromMarkup(p.content),
          excerpt: p.excerpt ?? null,
          category: p.category,
          tags: p.tags,
          isPublished: p.isPublished,
          status: p.isPublished ? ('published' as const) : ('draft' as const),
          isFeatured: p.isFeatured,
          publishedAt: p.isPublished ? published : null,
          createdAt: new Date(published.getTime() - 2 * DAY_MS),
          updatedAt: published,
        };
      }),
    );
    await tx.insert(events).values(
      seedEvents.map((e) => {
        const start = cityDateTime(sunday, e.dayOffset, e.startTime);
        return {
          title: e.title,
          description: e.description,
          startDate: start,
          endDate: new Date(start.getTime() + e.durationHours * 3_600_000),
          location: e.location,
          link: e.link,
          eventType: e.eventType,
          tags: e.tags,
          isTrending: e.isTrending,
          isNewThisWeek: e.isNewThisWeek,
          source: 'editorial',
          createdAt: addDays(sunday, -7),
        };
      }),
    );
    await tx.insert(places).values(
      seedPlaces.map((p) => {
        const details = placeDetails[p.name];
        if (!details) throw new Error(`No hours or position for the seeded place "${p.name}"`);
        // The review list's Reserve flag had no booking page behind it: Reserve shows only with a real link.
        return { ...p, reservationAvailable: false, latitude: details.lat, longitude: details.lng, hours: details.hours };
      }),
    );
    await tx.run(LINK_PLACES_TO_SPOTS);
    await tx.insert(newsletterSubscribers).values(
      seedSubscribers.map((s) => {
        const joined = new Date(now.getTime() - s.joinedDaysAgo * DAY_MS);
        return { email: s.email, isActive: s.isActive, confirmedAt: joined, createdAt: joined };
      }),
    );
  });
}

/** Seeds only an empty database, so a restart never duplicates or overwrites data. */
export async function seedIfEmpty(db: Database, now: Date = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDatabase(db, now);
  return true;
}
