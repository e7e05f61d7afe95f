import { formatCityDay, formatCityTime } from '../../lib/city-time';
import { NEWSLETTER_NAME, SITE_NAME } from '../../lib/constants';
import type { NewsletterDigest } from './digest';
import { noteParagraphs } from './note-text';

/** What both parts of an issue are rendered with. */
export interface EmailContext {
  siteUrl: string;
  unsubscribeUrl: string;
  subject: string;
  pitch: { headline: string; detail: string };
  eventsPage: string;
  moreEvents: number;
  site: (path: string) => string;
  external: (href: string | null, fallback: string) => string;
}

/** Shortens to `max` characters at a word boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6)).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** 'Thu, Nov 26 · 6:30 PM' in city time. */
export function eventWhen(date: Date): string {
  return `${formatCityDay(date)} · ${formatCityTime(date)}`;
}

/** The plain-text part of an issue. */
export function renderText(digest: NewsletterDigest, c: EmailContext): string {
  const lines: string[] = [
    `${NEWSLETTER_NAME.toUpperCase()} · ${digest.weekLabel}`,
    'Your week in Scottsdale: what is on, the spots our locals just added and the newest Stories.',
    '',
  ];
  const note = noteParagraphs(digest.editorNote);
  if (note.length) lines.push('FROM THE EDITOR', '', ...note.flatMap((p) => [p, '']));
  lines.push("THIS WEEK'S EVENTS", '');
  if (digest.events.length) {
    for (const event of digest.events) {
      lines.push(`* ${eventWhen(event.startDate)}: ${event.title}${event.isTrending ? ' (Trending)' : ''}`);
      if (event.location) lines.push(`  ${event.location}`);
      lines.push(`  ${c.external(event.link, `/events?week=${digest.weekParam}`)}`);
    }
  } else {
    lines.push('No events are listed for the rest of this week yet.');
  }
  lines.push('', c.moreEvents > 0 ? `See all ${digest.eventCount} events: ${c.eventsPage}` : `Events calendar: ${c.eventsPage}`, '');

  lines.push('NEW SPOTS', '');
  if (digest.newSpots.length) {
    for (const spot of digest.newSpots) {
      lines.push(`* ${spot.name} (${spot.categoryLabel})`, `  ${spot.teaser}`, `  ${c.site(`/spots?q=${encodeURIComponent(spot.name)}`)}`);
    }
  } else {
    lines.push(`No new spots this week. Know one we should add? ${c.site('/suggest')}`);
  }
  lines.push('');

  if (digest.stories.length) {
    lines.push('NEW STORIES', '');
    for (const story of digest.stories) {
      lines.push(`* ${story.title}`);
      if (story.excerpt) lines.push(`  ${truncate(story.excerpt, 160)}`);
      lines.push(`  ${c.site(`/blog/${story.slug}`)}`);
    }
    lines.push('');
  }

  lines.push(
    c.pitch.headline.toUpperCase(),
    c.pitch.detail,
    c.site('/launch'),
    '',
    '--',
    `You're receiving ${NEWSLETTER_NAME} because you joined it at ${SITE_NAME} (${c.site('/')}).`,
    `Unsubscribe with one click: ${c.unsubscribeUrl}`,
    '',
  );
  return lines.join('\n');
}
