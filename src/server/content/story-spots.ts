import { and, asc, inArray, sql } from 'drizzle-orm';
import { spots } from '../../../db/schema';
import { openingStatus } from '../../lib/opening-hours';
import { openingLabel, openingTone } from '../../lib/opening-hours-labels';
import { statusBanner } from '../../lib/spot-status';
import { bodyHtmlOf } from '../../lib/story-document/stored-body';
import { SPOT_CARD_SLOT } from '../../lib/story-document/render';
import { spotIdsIn, type StoryDocument } from '../../lib/story-document/schema';
import { database } from '../db/database';
import { inGuide } from '../spots/spots';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type LiveSpot = Pick<
  typeof spots.$inferSelect,
  'id' | 'name' | 'slug' | 'neighbourhood' | 'imageUrl' | 'thumbnailUrl' | 'hours' | 'status' | 'closedUntil' | 'statusNote' | 'archivedAt' | 'draft'
>;

/**
 * One embedded spot as it is now. A spot in the guide is a card (picture, name, neighbourhood,
 * whether it is open now, a link); a closed one is a plain note saying so, with no picture, hours or
 * link, so a Story never shows a closed place as open; an archived, draft or deleted spot is left out.
 */
export function spotCardHtml(spot: LiveSpot | undefined, now: Date): string {
  if (!spot || spot.archivedAt || spot.draft) return '';
  const banner = statusBanner(spot, now);
  if (banner) return `<p class="story-spot story-spot--closed"><strong>${escape(spot.name)}</strong>: ${escape(banner.title)}.</p>`;
  const opening = spot.hours ? openingStatus(spot.hours, now) : null;
  const label = opening ? openingLabel(opening, now) : null;
  const tone = label ? openingTone(label) : 'neutral';
  const meta = [spot.neighbourhood ? escape(spot.neighbourhood) : '', label ? `<span class="story-spot__open story-spot__open--${tone}">${escape(label)}</span>` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    `<a class="story-spot" href="/spots/${encodeURIComponent(spot.slug)}">` +
    `<img class="story-spot__image" src="${escape(spot.thumbnailUrl ?? spot.imageUrl)}" alt="" loading="lazy" decoding="async" width="96" height="96" />` +
    `<span class="story-spot__text"><span class="story-spot__name">${escape(spot.name)}</span>${meta ? `<span class="story-spot__meta">${meta}</span>` : ''}</span></a>`
  );
}

/** A Story's body for readers: its stored HTML with each embedded spot drawn from the spot as it is now. */
export async function liveStoryHtml(story: { content: string; doc: StoryDocument | null }, now = new Date()): Promise<string> {
  const html = bodyHtmlOf(story);
  const ids = [...html.matchAll(SPOT_CARD_SLOT)].map((match) => Number(match[1]));
  if (!ids.length) return html;
  const db = await database();
  const rows = await db
    .select({
      id: spots.id,
      name: spots.name,
      slug: spots.slug,
      neighbourhood: spots.neighbourhood,
      imageUrl: spots.imageUrl,
      thumbnailUrl: spots.thumbnailUrl,
      hours: spots.hours,
      status: spots.status,
      closedUntil: spots.closedUntil,
      statusNote: spots.statusNote,
      archivedAt: spots.archivedAt,
      draft: spots.draft,
    })
    .from(spots)
    .where(inArray(spots.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return html.replace(SPOT_CARD_SLOT, (_, id: string) => spotCardHtml(byId.get(Number(id)), now));
}

/** Spots in the guide a Story can embed, whose name contains `query` (at most 8, by name). */
export async function embeddableSpots(query: string) {
  const db = await database();
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: spots.id, name: spots.name, neighbourhood: spots.neighbourhood, image: sql<string>`coalesce(${spots.thumbnailUrl}, ${spots.imageUrl})` })
    .from(spots)
    .where(and(inGuide, sql`${spots.name} LIKE ${pattern} ESCAPE '\\'`))
    .orderBy(asc(spots.name))
    .limit(8);
}

/** The names of the spots a Story embeds, by id (the editor shows them on the cards). */
export async function spotNamesFor(doc: StoryDocument | null): Promise<Record<number, string>> {
  const ids = doc ? spotIdsIn(doc) : [];
  if (!ids.length) return {};
  const db = await database();
  const rows = await db.select({ id: spots.id, name: spots.name }).from(spots).where(inArray(spots.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}
