import { MONEY_BACK_DAYS, NEWSLETTER_NAME, SITE_NAME } from '../../lib/constants';
import { DEFAULT_OFFER, offerAt, perPeriod, type Offer } from '../../lib/offer';
import type { NewsletterDigest } from './digest';
import { eventWhen, renderText, truncate, type EmailContext } from './email-text';
import { noteParagraphs } from './note-text';

export interface NewsletterMessage {
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions {
  /** Absolute base for every link and image, e.g. https://scottsdale.example. */
  siteUrl: string;
  /** This subscriber's signed unsubscribe page. */
  unsubscribeUrl: string;
  /** With `offer`, decides which price the premium pitch quotes. */
  now?: Date;
  /** The membership prices (server/subscriptions/pricing.ts); the defaults when left out. */
  offer?: Offer;
}

const COLORS = {
  page: '#f7f1e8',
  card: '#fdfaf5',
  ink: '#2b2118',
  soft: '#4a3d31',
  muted: '#6b5b4d',
  line: '#ede3d3',
  accent: '#a8461f',
  accentSoft: '#f6ddd1',
  saguaro: '#2f5540',
  sunSoft: '#fbecd2',
} as const;
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Builds absolute links on the site; anything that is not http(s) falls back to `fallback`. */
function linker(siteUrl: string) {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  const site = (path: string) => new URL(path.replace(/^\//, ''), base).toString();
  const external = (href: string | null, fallback: string) => {
    if (href) {
      try {
        const url = new URL(href);
        if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
      } catch {
        // A malformed scraped link: the fallback below.
      }
    }
    return site(fallback);
  };
  return { site, external };
}

/**
 * Mail clients such as Gmail show no SVG, so the artwork has JPEG copies under /email
 * (scripts/email-images.ts); an uploaded photo sends its 480 px JPEG; other absolute raster
 * images are used as they are.
 */
function emailImage(src: string | null, fallback: string, site: (path: string) => string): string {
  const artwork = src && /^\/images\/(spots|stories)\/([a-z0-9-]+)\.svg$/.exec(src);
  if (artwork) return site(`/email/${artwork[1]}-${artwork[2]}.jpg`);
  const photo = src && /^\/uploads\/([a-f0-9]{32})\/\d+\.jpg$/.exec(src);
  if (photo) return site(`/uploads/${photo[1]}/480.jpg`);
  if (src && /^https:\/\/[^\s"']+\.(?:jpe?g|png|gif|webp)(?:\?[^\s"']*)?$/i.test(src)) return src;
  return site(fallback);
}

function subjectFor(digest: NewsletterDigest): string {
  const count = digest.eventCount;
  const teaser = count > 0 ? `${count} ${count === 1 ? 'event' : 'events'} this week` : 'your week in Scottsdale';
  return `${NEWSLETTER_NAME}: ${teaser} (${digest.weekLabel})`;
}

function premiumPitch(offer: Offer, now: Date): { headline: string; detail: string } {
  const at = offerAt(offer, now);
  return {
    headline: 'Go Premium: every spot, unlocked',
    detail:
      at.foundingOpen && at.founding
        ? `Unlimited spot views and every hidden gem. Founding Member Rate ${perPeriod(at.founding)}, locked forever. Cancel anytime; ${MONEY_BACK_DAYS}-day money-back guarantee.`
        : `Unlimited spot views and every hidden gem for ${perPeriod(at.regular)}. Cancel anytime; ${MONEY_BACK_DAYS}-day money-back guarantee.`,
  };
}

/** The issue as an HTML email (table layout, inline styles) and its plain-text alternative. */
export function renderNewsletter(digest: NewsletterDigest, options: RenderOptions): NewsletterMessage {
  const { site, external } = linker(options.siteUrl);
  const now = options.now ?? new Date();
  const subject = subjectFor(digest);
  const pitch = premiumPitch(options.offer ?? DEFAULT_OFFER, now);
  const eventsPage = site(`/events?week=${digest.weekParam}`);
  const moreEvents = digest.eventCount - digest.events.length;
  return {
    subject,
    html: renderHtml(digest, { ...options, subject, pitch, eventsPage, moreEvents, site, external }),
    text: renderText(digest, { ...options, subject, pitch, eventsPage, moreEvents, site, external }),
  };
}

function heading(text: string): string {
  return `<tr><td style="padding:32px 32px 8px 32px;"><h2 style="margin:0;font-family:${SERIF};font-size:22px;line-height:1.3;font-weight:700;color:${COLORS.ink};">${escapeHtml(text)}</h2></td></tr>`;
}

function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="${COLORS.accent}" style="border-radius:999px;background-color:${COLORS.accent};"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;font-family:${SANS};font-size:15px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:999px;">${escapeHtml(label)}</a></td></tr></table>`;
}

/** A line of text in place of an empty section; `html` is trusted markup. */
function noteRow(html: string): string {
  return `<tr><td style="padding:8px 32px;font-family:${SANS};font-size:15px;line-height:1.5;color:${COLORS.soft};">${html}</td></tr>`;
}

/** A thumbnail beside an eyebrow, a linked title and a blurb: one new spot or one Story. */
function mediaRow(item: {
  href: string;
  image: string;
  alt: string;
  eyebrow: { text: string; color: string };
  title: { text: string; style: string };
  blurb: string | null;
}): string {
  const e = escapeHtml;
  return `<tr><td style="padding:12px 32px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td width="120" valign="top" style="width:120px;padding-right:16px;"><a href="${e(item.href)}"><img src="${e(item.image)}" width="120" height="90" alt="${e(item.alt)}" style="display:block;width:120px;height:90px;border:0;border-radius:10px;object-fit:cover;"></a></td>
<td valign="top">
<p style="margin:0 0 2px 0;font-family:${SANS};font-size:12px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:${item.eyebrow.color};">${e(item.eyebrow.text)}</p>
<p style="margin:0 0 4px 0;${item.title.style}font-weight:700;"><a href="${e(item.href)}" style="color:${COLORS.ink};text-decoration:none;">${e(item.title.text)}</a></p>
${item.blurb ? `<p style="margin:0;font-family:${SANS};font-size:14px;line-height:1.5;color:${COLORS.soft};">${e(item.blurb)}</p>` : ''}
</td></tr></table>
</td></tr>`;
}

/** The editor's note: plain text, every character escaped, paragraphs kept and single line breaks shown. */
function editorNoteRow(note: string): string {
  const paragraphs = noteParagraphs(note);
  if (!paragraphs.length) return '';
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 10px 0;font-family:${SANS};font-size:16px;line-height:1.55;color:${COLORS.ink};">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<tr><td style="padding:20px 32px 0 32px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-left:4px solid ${COLORS.accent};"><tr><td style="padding:4px 0 2px 16px;">
<p style="margin:0 0 6px 0;font-family:${SANS};font-size:12px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:${COLORS.accent};">From the editor</p>
${body}
</td></tr></table>
</td></tr>`;
}

function renderHtml(digest: NewsletterDigest, c: EmailContext): string {
  const e = escapeHtml;
  const preheader = digest.eventCount
    ? `${digest.eventCount} things on in Scottsdale this week, ${digest.newSpots.length} new spots and fresh Stories.`
    : `New spots and fresh Stories from Scottsdale.`;

  const eventRows = digest.events.length
    ? digest.events
        .map(
          (event) => `<tr><td style="padding:12px 32px;border-top:1px solid ${COLORS.line};">
<p style="margin:0 0 2px 0;font-family:${SANS};font-size:13px;font-weight:700;letter-spacing:0.02em;text-transform:uppercase;color:${COLORS.accent};">${e(eventWhen(event.startDate))}${event.isTrending ? ` <span style="color:${COLORS.saguaro};">· Trending</span>` : ''}</p>
<p style="margin:0;font-family:${SANS};font-size:16px;line-height:1.4;font-weight:700;"><a href="${e(c.external(event.link, `/events?week=${digest.weekParam}`))}" style="color:${COLORS.ink};text-decoration:none;">${e(event.title)}</a></p>
${event.location ? `<p style="margin:2px 0 0 0;font-family:${SANS};font-size:14px;line-height:1.4;color:${COLORS.muted};">${e(event.location)}</p>` : ''}
</td></tr>`,
        )
        .join('\n')
    : noteRow('No events are listed for the rest of this week yet. The calendar fills up as we hear of them.');

  const spotRows = digest.newSpots.length
    ? digest.newSpots
        .map((spot) => {
          const href = c.site(`/spots?q=${encodeURIComponent(spot.name)}`);
          return mediaRow({
            href,
            image: emailImage(spot.imageUrl, `/email/spots-${spot.category}.jpg`, c.site),
            alt: `${spot.name} (${spot.categoryLabel})`,
            eyebrow: { text: spot.categoryLabel, color: COLORS.saguaro },
            title: { text: spot.name, style: `font-family:${SANS};font-size:16px;line-height:1.35;` },
            blurb: spot.teaser,
          });
        })
        .join('\n')
    : noteRow(`No new spots this week. Know one we should add? <a href="${e(c.site('/suggest'))}" style="color:${COLORS.accent};">Suggest a spot</a>.`);

  const storyRows = digest.stories
    .map((story) =>
      mediaRow({
        href: c.site(`/blog/${story.slug}`),
        image: emailImage(story.heroImage, '/email/hero.jpg', c.site),
        alt: story.title,
        eyebrow: { text: story.category, color: COLORS.accent },
        title: { text: story.title, style: `font-family:${SERIF};font-size:18px;line-height:1.3;` },
        blurb: story.excerpt ? truncate(story.excerpt, 160) : null,
      }),
    )
    .join('\n');

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${e(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:${COLORS.page};">${e(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.page}" style="background-color:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.card}" style="width:100%;max-width:600px;background-color:${COLORS.card};border-radius:16px;overflow:hidden;">
<tr><td style="padding:20px 32px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td valign="middle" style="padding-right:10px;"><a href="${e(c.site('/'))}"><img src="${e(c.site('/email/mark.png'))}" width="40" height="40" alt="${e(SITE_NAME)}" style="display:block;border:0;"></a></td>
<td valign="middle" style="font-family:${SERIF};font-size:20px;font-weight:700;color:${COLORS.ink};">${e(NEWSLETTER_NAME)}</td>
</tr></table>
</td></tr>
<tr><td><a href="${e(c.site('/'))}"><img src="${e(c.site('/email/hero.jpg'))}" width="600" height="220" alt="Sunset over the McDowell Mountains and saguaros" style="display:block;width:100%;max-width:600px;height:auto;border:0;"></a></td></tr>
<tr><td style="padding:28px 32px 0 32px;">
<p style="margin:0 0 6px 0;font-family:${SANS};font-size:13px;font-weight:700;letter-spacing:0.06em;text-transform:uppercase;color:${COLORS.accent};">${e(digest.weekLabel)}</p>
<h1 style="margin:0 0 10px 0;font-family:${SERIF};font-size:30px;line-height:1.2;font-weight:700;color:${COLORS.ink};">Your week in Scottsdale</h1>
<p style="margin:0;font-family:${SANS};font-size:16px;line-height:1.55;color:${COLORS.soft};">What's on, the spots our locals just added and the newest Stories, every Thursday.</p>
</td></tr>
${editorNoteRow(digest.editorNote)}
${heading("This week's events")}
${eventRows}
<tr><td style="padding:12px 32px 0 32px;font-family:${SANS};font-size:15px;"><a href="${e(c.eventsPage)}" style="color:${COLORS.accent};font-weight:700;">${c.moreEvents > 0 ? e(`See all ${digest.eventCount} events on the calendar →`) : 'Open the events calendar →'}</a></td></tr>
${heading('New spots')}
${spotRows}
${digest.stories.length ? `${heading('New Stories')}\n${storyRows}\n<tr><td style="padding:4px 32px 0 32px;font-family:${SANS};font-size:15px;"><a href="${e(c.site('/blog'))}" style="color:${COLORS.accent};font-weight:700;">Read all Stories →</a></td></tr>` : ''}
<tr><td style="padding:32px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.sunSoft}" style="background-color:${COLORS.sunSoft};border-radius:14px;"><tr><td style="padding:24px;">
<h2 style="margin:0 0 8px 0;font-family:${SERIF};font-size:21px;line-height:1.3;color:${COLORS.ink};">${e(c.pitch.headline)}</h2>
<p style="margin:0 0 16px 0;font-family:${SANS};font-size:15px;line-height:1.55;color:${COLORS.soft};">${e(c.pitch.detail)}</p>
${button(c.site('/launch'), 'Go Premium')}
</td></tr></table>
</td></tr>
<tr><td style="padding:20px 32px 28px 32px;border-top:1px solid ${COLORS.line};font-family:${SANS};font-size:13px;line-height:1.6;color:${COLORS.muted};">
You're receiving ${e(NEWSLETTER_NAME)} because you joined it at <a href="${e(c.site('/'))}" style="color:${COLORS.muted};">${e(SITE_NAME)}</a>.<br>
<a href="${e(c.unsubscribeUrl)}" style="color:${COLORS.accent};font-weight:700;">Unsubscribe</a> with one click, any time.<br>
${e(SITE_NAME)} · Scottsdale, Arizona
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
