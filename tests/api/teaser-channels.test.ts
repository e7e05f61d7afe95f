import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots } from '../../db/schema';
import { FREE_SPOT_VIEWS } from '../../src/lib/constants';
import { spotTeaser, TEASER_LENGTH } from '../../src/lib/spot-teaser';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { SpotBySlugSchema, SpotsPageSchema, expectContract } from '../support/contracts';
import { CookieJar } from '../support/cookie-jar';
import { runNewsletterSend } from '../support/newsletter-cli';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every channel that carries a spot's description to someone who is not entitled to its premium
 * part (a locked visitor, a public file, a feed, the free newsletter) carries the same 90-character
 * teaser and nothing after it.
 */

const SITE = 'https://scottsdale.example';
const SLUG = 'canal-night-market-teaser-test';
const NAME = 'Canal Night Market';
// The first 90 characters are the teaser; every sentence after them is the premium part.
const PUBLIC_PART = 'Friday night market on the canal bank with forty stalls, live music and glowing lanterns.';
const PREMIUM_SENTENCES = [
  'Park free in the Quillmore garage, level three, and walk the Vantrell bank path.',
  'The best zorrito buns sell out by seven at the cobalt Dunmere stall behind the bandstand.',
  'Ask for the off-menu Saffrine lemonade at the Ostrova cart near the bridge.',
];
const DESCRIPTION = `${PUBLIC_PART} ${PREMIUM_SENTENCES.join(' ')}`;
const TEASER = spotTeaser(DESCRIPTION);
/** Words that appear only in the premium part: none may reach anyone who is not entitled. */
const PREMIUM_MARKERS = ['Quillmore', 'Vantrell', 'zorrito', 'Dunmere', 'Saffrine', 'Ostrova'];

let stripe: FakeStripe;
let sink: SmtpSink;
let server: TestServer;
let db: Database;
let spotId: number;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  sink = await startSmtpSink();
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: 'price_test_monthly',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SESSION_SECRET: 'teaser-channels-session-secret-long-enough',
      SITE_URL: SITE,
    },
  });
  db = openDatabase({ url: server.databaseUrl });
  // A new event spot (it has weekly hours, so it has an .ics) added a minute ago: the week's newsletter lists it.
  const [template] = await db.select().from(spots).where(eq(spots.category, 'event')).limit(1);
  const { id: _id, ...copy } = template!;
  const [created] = await db
    .insert(spots)
    .values({ ...copy, slug: SLUG, name: NAME, hook: null, description: DESCRIPTION, createdAt: new Date(Date.now() - 60_000), featured: 0 })
    .returning({ id: spots.id });
  spotId = created!.id;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await sink?.stop();
  await stripe?.stop();
});

/** HTML, JSON and iCalendar as a person would read them: escapes and iCalendar line folding undone. */
function readable(text: string): string {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .replace(/(\\n)+/g, ' ')
    .replace(/\\,/g, ',')
    .replace(/\\;/g, ';')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\\u0026/g, '&')
    .replace(/\\"/g, '"')
    .replace(/=\r?\n/g, '');
}

function expectNoPremium(channel: string, body: string) {
  const text = readable(body);
  for (const marker of PREMIUM_MARKERS) expect(text.includes(marker), `${channel} carries "${marker}"`).toBe(false);
}

async function post(path: string, jar: CookieJar, body?: unknown): Promise<Response> {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { origin: server.url, cookie: jar.header(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  jar.store(response);
  return response;
}

/** An email holder who has used every free view on other spots. */
async function lockedVisitor(): Promise<CookieJar> {
  const jar = new CookieJar();
  expect((await post('/api/create-subscription', jar, { email: 'teaser.reader@example.com' })).status).toBe(200);
  for (let id = 1; id <= FREE_SPOT_VIEWS; id++) expect((await post(`/api/spots/${id}/view`, jar)).status).toBe(200);
  expect((await post(`/api/spots/${spotId}/view`, jar)).status).toBe(402);
  return jar;
}

describe('one teaser rule for every channel', () => {
  it('the teaser is the first 90 characters of the description, and the premium sentences come after it', () => {
    expect(TEASER).toBe(`${PUBLIC_PART.slice(0, TEASER_LENGTH).replace(/[\s.]+$/, '')}…`);
    expect(TEASER.length).toBeLessThanOrEqual(TEASER_LENGTH + 1);
    for (const marker of PREMIUM_MARKERS) expect(DESCRIPTION.indexOf(marker)).toBeGreaterThan(TEASER_LENGTH);
  });

  it('a locked visitor gets the teaser and nothing more from the API, the spot page and its JSON-LD', async () => {
    const jar = await lockedVisitor();
    const headers = { cookie: jar.header() };

    const list = await server.fetch(`/api/spots?q=${encodeURIComponent(NAME)}`, { headers });
    const listBody = await list.text();
    const listed = expectContract(SpotsPageSchema, JSON.parse(listBody)).spots.find((s) => s.slug === SLUG);
    expect(listed).toMatchObject({ locked: true, description: TEASER });
    expectNoPremium('/api/spots', listBody);

    const bySlug = await server.fetch(`/api/spots/by-slug/${SLUG}`, { headers });
    const bySlugBody = await bySlug.text();
    expect(expectContract(SpotBySlugSchema, JSON.parse(bySlugBody)).spot).toMatchObject({ locked: true, description: TEASER });
    expectNoPremium('/api/spots/by-slug', bySlugBody);

    const page = await server.fetch(`/spots/${SLUG}`, { headers: { ...headers, accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/private/);
    const html = await page.text();
    expect(readable(html)).toContain(TEASER);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd!).description).toBe(TEASER);
    expectNoPremium('the spot page', html);
  });

  it('the spot’s .ics is one public file with the teaser for everyone, entitled or not', async () => {
    // A visitor with no email is entitled to everything, and the file still carries only the teaser:
    // it is public, kept by shared caches and calendar apps, and must never hand premium text on.
    const entitled = await server.fetch(`/spots/${SLUG}.ics`);
    expect(entitled.status).toBe(200);
    expect(entitled.headers.get('cache-control')).toBe('public, max-age=300');
    const ics = await entitled.text();
    expect(readable(ics)).toContain(`DESCRIPTION:${TEASER} More: ${SITE}/spots/${SLUG}`);
    expectNoPremium('/spots/{slug}.ics', ics);

    const locked = await lockedVisitor();
    const lockedIcs = await (await server.fetch(`/spots/${SLUG}.ics`, { headers: { cookie: locked.header() } })).text();
    expect(lockedIcs).toBe(ics);
  });

  it('the calendar subscription and the story feeds carry no premium text', async () => {
    for (const path of ['/events.ics', '/blog/rss.xml', '/blog/feed.json']) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(200);
      expectNoPremium(path, await response.text());
    }
  });

  it('the free newsletter lists the new spot with the teaser only, in both parts', async () => {
    const run = await runNewsletterSend({
      DATABASE_URL: server.databaseUrl,
      SMTP_URL: sink.url,
      NEWSLETTER_FROM: 'Scottsdale Weekly <weekly@scottsdale.example>',
      SITE_URL: SITE,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(sink.messages.length).toBeGreaterThan(0);
    for (const message of sink.messages) {
      const html = String(message.parsed.html);
      const text = message.parsed.text ?? '';
      expect(readable(html)).toContain(NAME);
      expect(readable(html)).toContain(TEASER);
      expect(text).toContain(`  ${TEASER}`);
      expectNoPremium(`the newsletter to ${message.envelope.to.join()} (HTML)`, html);
      expectNoPremium(`the newsletter to ${message.envelope.to.join()} (text)`, text);
      expectNoPremium(`the newsletter to ${message.envelope.to.join()} (raw)`, message.raw);
    }
  });
});
