/**
 * The guide's search where staff work and where Stories are written: the spots, places and events
 * desks search the same index (typos and prefixes), drafts, archived and hidden rows included; and a
 * Story is indexed by its words, never by the HTML rendered from its document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { blogPosts, events, places, spots } from '../../db/schema';
import { convertStoryBodies } from '../../db/story-documents';
import { Browser, call, signInOwner } from '../support/staff';
import { TEST_ENGINE, startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'search-desks-password-saguaro';
let server: TestServer;
let db: Database;
const owner = new Browser('198.18.36.1');

// Words found in no seeded row, so each answer is exactly the rows added here.
const TEASER = 'Velloza griddle tacos al pastor and smoked marlin tostadas by the canal.';
const PAST_TEASER = ' Ask for the Krennimar salsa the cooks keep behind the counter for regulars only.';

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' } });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const get = (path: string) => call(server, owner, 'GET', path, undefined, { accept: path.startsWith('/api/') ? 'application/json' : 'text/html' });
const publicSearch = async (q: string) =>
  ((await (await server.fetch(`/api/search?q=${encodeURIComponent(q)}`)).json()) as { hits: { kind: string; id: number; title: string; snippetHtml: string }[] }).hits;
/** The spots the desk page lists, by id, in its order. */
async function spotDeskIds(query: string): Promise<number[]> {
  const response = await get(`/admin/spots?${query}`);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/class="admin-rows__name" href="\/admin\/spots\/(\d+)"/g)].map((m) => Number(m[1]));
}

describe('the back office searches the same index, and sees every row', () => {
  it('the spots desk finds a draft and an archived spot by a typo and by a prefix of their public text, and never by premium text', async () => {
    const [first] = await db.select().from(spots).limit(1);
    const { id: _id, score: _score, ...template } = first!;
    const [draft] = await db
      .insert(spots)
      .values({ ...template, name: 'Velloza Taco Shack', slug: 'velloza-taco-shack', draft: 1, hook: null, description: `${TEASER}${PAST_TEASER}` })
      .returning({ id: spots.id });
    const [archived] = await db
      .insert(spots)
      .values({
        ...template,
        name: 'Velloza Night Cart',
        slug: 'velloza-night-cart',
        archivedAt: new Date(),
        hook: 'Zarnoqui tacos after midnight',
        description: 'Late.',
      })
      .returning({ id: spots.id });
    // The index holds both; the guide shows neither (a draft, an archived spot).
    expect(await publicSearch('velloza')).toEqual([]);
    // "vellosa" is one letter off the indexed "velloza"; the name's LIKE match cannot see it.
    expect(await spotDeskIds('q=vellosa')).toEqual([archived!.id, draft!.id]);
    // "tostad" is the start of a word of the teaser only (not the name, not the slug).
    expect(await spotDeskIds('q=tostad')).toEqual([draft!.id]);
    // "zarnokui" is a typo of a word of the archived spot's hook.
    expect(await spotDeskIds('q=zarnokui')).toEqual([archived!.id]);
    expect((await spotDeskIds('q=tako')).includes(draft!.id)).toBe(true);
    // The desk's own filters still apply on top.
    expect(await spotDeskIds('q=vellosa&status=draft')).toEqual([draft!.id]);
    // Past the teaser's 90 characters nothing is indexed: not for staff either.
    expect(await spotDeskIds('q=krennimar')).toEqual([]);
  });

  it('the places desk finds an archived place by a typo ("tako") and by a prefix of its highlight', async () => {
    const [first] = await db.select().from(places).limit(1);
    const { id: _id, spotId: _spot, ...template } = first!;
    const [place] = await db
      .insert(places)
      .values({ ...template, name: 'Quorvash Taco Bar', highlight: 'Wood-fired Pelmarine tortillas pressed to order', archivedAt: new Date() })
      .returning({ id: places.id });
    const ids = async (query: string) => {
      const response = await get(`/api/admin/places?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { places: { id: number }[] }).places.map((p) => p.id);
    };
    expect((await ids('q=tako&show=archived')).includes(place!.id)).toBe(true);
    expect(await ids('q=quorvosh')).toEqual([place!.id]);
    expect(await ids('q=pelmar')).toEqual([place!.id]);
    expect(await ids('q=pelmar&show=listed')).toEqual([]);
  });

  it('the events desk finds a hidden event that is over by a typo ("tako") and by a prefix of its description', async () => {
    const start = new Date(Date.now() - 30 * 24 * 3600_000);
    const [event] = await db
      .insert(events)
      .values({
        title: 'Tacos and Trumpets',
        startDate: start,
        endDate: start,
        source: 'manual',
        description: 'Mariachi Brevantello plays the courtyard.',
        hiddenAt: new Date(),
      })
      .returning({ id: events.id });
    const ids = async (query: string) => {
      const response = await get(`/api/admin/events?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { events: { id: number }[] }).events.map((e) => e.id);
    };
    expect((await ids('q=tako&show=hidden')).includes(event!.id)).toBe(true);
    expect(await ids('q=brevant&show=all')).toEqual([event!.id]);
    expect(await ids('q=brevantelo&show=hidden')).toEqual([event!.id]);
    expect(await ids('q=brevant&show=listed')).toEqual([]);
  });
});

describe('a Story is indexed by its words, not its HTML', () => {
  it('tag and attribute names find no Story, words in bold and links do, and snippets carry no markup', async () => {
    const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            text('Order the '),
            text('Ostravian', [{ type: 'bold' }]),
            text(' plate, then read the '),
            text('menu', [{ type: 'link', attrs: { href: 'https://example.com/menu' } }]),
            text('.'),
          ],
        },
      ],
    };
    const created = await call(server, owner, 'POST', '/api/admin/stories', { title: 'Supper on Fifth', slug: 'supper-on-fifth', category: 'Hidden Gem', tags: [], doc });
    expect(created.status).toBe(201);
    const story = ((await created.json()) as { story: { id: number; version: number; content: string } }).story;
    expect(story.content).toContain('<strong>Ostravian</strong>');
    expect((await call(server, owner, 'POST', `/api/admin/stories/${story.id}/publish`, { version: story.version })).status).toBe(200);

    const stories = async (q: string) => (await publicSearch(q)).filter((hit) => hit.kind === 'story');
    // Most published Stories hold <strong> and href in their HTML; only those whose words say
    // "strong" ("Strong hikers", "two strong personalities", "Strongly", the last word being a prefix) match it.
    const [tagged] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM blog_posts WHERE is_published = 1 AND content LIKE '%<strong>%' AND content LIKE '%href%'`,
    );
    expect(tagged!.n).toBe(8);
    expect((await stories('strong')).map((hit) => hit.title).sort()).toEqual([
      'FnB and the Art of the Arizona Vegetable',
      'Paolo Soleri, the Bell Maker Who Built a Bridge to the Sun',
      'The Perfect Scottsdale Weekend, From Sunrise Summit to Last Call',
    ]);
    expect(await stories('href')).toEqual([]);
    expect(await stories('rel noopener')).toEqual([]);
    const [found] = await stories('ostravian');
    expect(found!.id).toBe(story.id);
    expect(found!.snippetHtml).toBe('Order the <mark>Ostravian</mark> plate, then read the menu.');
    const all = await db.select({ plainText: blogPosts.plainText }).from(blogPosts);
    expect(all.filter((row) => row.plainText === null || /<|&lt;/.test(row.plainText))).toEqual([]);
  });

  it('a Story written without plain text is indexed by its HTML until the start-up conversion writes its plain text', async () => {
    const [story] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, 'supper-on-fifth'));
    await db.run(sql`UPDATE blog_posts SET plain_text = NULL WHERE id = ${story!.id}`);
    // Until then it is indexed by its HTML: found by its words, and by its markup too.
    expect((await publicSearch('href')).map((hit) => hit.id)).toEqual([story!.id]);
    expect(await convertStoryBodies(db)).toBe(0);
    // Written as another process would: on a libSQL server the cache sees it within one second.
    await new Promise((resolve) => setTimeout(resolve, TEST_ENGINE === 'sqld' ? 1100 : 0));
    expect(await publicSearch('href')).toEqual([]);
    const [after] = await db.select({ plainText: blogPosts.plainText }).from(blogPosts).where(eq(blogPosts.id, story!.id));
    expect(after!.plainText).toBe('Order the Ostravian plate, then read the menu.');
    expect((await publicSearch('ostravian')).map((hit) => hit.id)).toEqual([story!.id]);
  });
});

describe('what is public is decided inside the query when the best matches are not', () => {
  it('a public spot is found even when more than a thousand better matches are events that are over', async () => {
    const start = new Date(Date.now() - 60 * 24 * 3600_000);
    const past = Array.from({ length: 1001 }, (_, i) => ({ title: `Brindleshaw Parade ${i}`, startDate: start, endDate: start, source: 'manual' as const }));
    for (let i = 0; i < past.length; i += 250) await db.insert(events).values(past.slice(i, i + 250));
    const [first] = await db.select().from(spots).where(eq(spots.draft, 0)).limit(1);
    const { id: _id, score: _score, ...template } = first!;
    // The word only in the text, weighted a tenth of a title's: every past event ranks above it.
    const [spot] = await db
      .insert(spots)
      .values({ ...template, name: 'Canal Corner Bench', slug: 'canal-corner-bench', hook: 'Watch the Brindleshaw floats go by', archivedAt: null })
      .returning({ id: spots.id });
    expect((await publicSearch('brindleshaw')).map((hit) => [hit.kind, hit.id])).toEqual([['spot', spot!.id]]);
  });
});
