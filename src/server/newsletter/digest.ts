import { and, asc, desc, gte, lt, lte } from 'drizzle-orm';
import { addDays } from 'date-fns';
import { blogPosts, events, spots } from '../../../db/schema';
import { SPOT_CATEGORY_LABELS, type SpotCategory } from '../../lib/catalog';
import { weekLabel, weekParam, weekRange } from '../../lib/calendar-week';
import { cityDayStart, weekOf } from '../../lib/city-time';
import { publicStory } from '../content/blog';
import { database } from '../db/database';
import { listedEvent } from '../content/events';
import { spotTeaser } from '../../lib/spot-teaser';
import { inGuide } from '../spots/spots';
import { noteForWeek } from './issue-note';

/** Most events, spots and stories one issue lists; the rest is a link away. */
export const DIGEST_LIMITS = { events: 12, spots: 6, stories: 3 } as const;
const NEW_SPOT_DAYS = 7;

export interface DigestEvent {
  title: string;
  startDate: Date;
  location: string | null;
  link: string | null;
  isTrending: boolean;
}

export interface DigestSpot {
  name: string;
  category: SpotCategory;
  categoryLabel: string;
  /** The free newsletter goes to anyone: only the teaser of the description (the paywall's rule). */
  teaser: string;
  imageUrl: string;
  tags: string[];
}

export interface DigestStory {
  title: string;
  slug: string;
  excerpt: string | null;
  category: string;
  heroImage: string | null;
}

/** Everything one week's issue says, read from the site's data. */
export interface NewsletterDigest {
  /** Sunday 00:00 city time of the week. */
  weekStart: Date;
  /** 'Nov 22 – Nov 28, 2026'. */
  weekLabel: string;
  /** The week's `?week=` value on /events. */
  weekParam: string;
  /** Events of the week still to come on the day of the issue (that day included), soonest first. */
  events: DigestEvent[];
  /** How many such events there are, even beyond the listed ones. */
  eventCount: number;
  /** Spots added in the seven days before the issue, newest first. */
  newSpots: DigestSpot[];
  /** The newest published Stories. */
  stories: DigestStory[];
  /** The editor's note for the top of the issue, as staff wrote it (plain text; empty for none). */
  editorNote: string;
}

/**
 * The issue for the week that contains `now` (weeks run Sunday to Saturday in city time). Events
 * are listed from the start of `now`'s day: a Thursday issue leads with Thursday to Saturday, a
 * preview on Sunday shows the whole week.
 */
export async function buildDigest(now: Date = new Date()): Promise<NewsletterDigest> {
  const db = await database();
  const weekStart = weekOf(now);
  const { end } = weekRange(weekStart);
  const from = cityDayStart(now);

  const [weekEvents, newSpots, stories, editorNote] = await Promise.all([
    db
      .select({
        title: events.title,
        startDate: events.startDate,
        location: events.location,
        link: events.link,
        isTrending: events.isTrending,
      })
      .from(events)
      .where(and(listedEvent, gte(events.startDate, from), lt(events.startDate, end)))
      .orderBy(asc(events.startDate), asc(events.id)),
    db
      .select({
        name: spots.name,
        category: spots.category,
        description: spots.description,
        imageUrl: spots.imageUrl,
        thumbnailUrl: spots.thumbnailUrl,
        tags: spots.tags,
      })
      .from(spots)
      .where(and(inGuide, gte(spots.createdAt, addDays(now, -NEW_SPOT_DAYS)), lte(spots.createdAt, now)))
      .orderBy(desc(spots.createdAt), desc(spots.id))
      .limit(DIGEST_LIMITS.spots),
    db
      .select({
        title: blogPosts.title,
        slug: blogPosts.slug,
        excerpt: blogPosts.excerpt,
        category: blogPosts.category,
        heroImage: blogPosts.heroImage,
      })
      .from(blogPosts)
      .where(publicStory)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(DIGEST_LIMITS.stories),
    noteForWeek(weekStart),
  ]);

  return {
    weekStart,
    weekLabel: weekLabel(weekStart),
    weekParam: weekParam(weekStart),
    events: weekEvents.slice(0, DIGEST_LIMITS.events),
    eventCount: weekEvents.length,
    newSpots: newSpots.map((spot) => ({
      name: spot.name,
      category: spot.category,
      categoryLabel: SPOT_CATEGORY_LABELS[spot.category],
      teaser: spotTeaser(spot.description),
      imageUrl: spot.thumbnailUrl ?? spot.imageUrl,
      tags: spot.tags,
    })),
    stories,
    editorNote,
  };
}
