// Real traffic as a guide sees it, shared by `npm run bench` and the instance-death test: in every
// 20 requests, 6 new visitors (no cookies) open a spot page chosen at random among all, 13
// returning visitors (their anonymous visitor cookie) read a list, the home page, /events or a
// Story, and 1 visitor loves a spot (a new visitor) or saves one (a signed-in visitor, each save a
// user and spot never saved before). Each acknowledged write is recorded, so the database can be
// checked afterwards.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { publishedStories } from '../../db/seed/stories/published';
import { newVisitor } from './visitor';

/** Requests per round of the mix, and how many of each kind. */
export const MIX = { round: 20, spotPages: 6, reads: 13, writes: 1 } as const;

/** What returning visitors read: the lists, the home page, /events and Stories. */
export const RETURNING_READS = ['/', '/spots', '/top-spots', '/events', '/blog', ...publishedStories.slice(0, 3).map((story) => `/blog/${story.slug}`)];

export type RequestKind = 'spot page' | 'read' | 'love' | 'save';

export interface PlannedRequest {
  kind: RequestKind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TrafficCounts {
  loves: number;
  saves: number;
}

export interface Traffic {
  spots: { id: number; slug: string }[];
  /** The kind of the i-th request of a round. */
  kindAt: (i: number) => RequestKind;
  /** The next request of a kind, with its spot, cookie and body chosen now. */
  next: (kind: RequestKind) => PlannedRequest;
  /** Records an answer to a write: a love is acknowledged by `"counted":true`, a save by its spot in the list. */
  acknowledge: (request: PlannedRequest, status: number, body: string) => void;
  acknowledged: TrafficCounts;
  /** Loves and saved spots in the database now. */
  counted: () => Promise<TrafficCounts>;
}

/** Spots a visitor can open: published, not archived, not moved. */
async function publicSpots(databaseUrl: string): Promise<{ id: number; slug: string }[]> {
  const db = openDatabase({ url: databaseUrl });
  try {
    const rows = await db.all<{ id: number; slug: string }>(
      sql`SELECT id, slug FROM spots WHERE archived_at IS NULL AND draft = 0 AND status <> 'moved' AND slug <> '' ORDER BY id`,
    );
    return rows.map((row) => ({ id: Number(row.id), slug: String(row.slug) }));
  } finally {
    db.$client.close();
  }
}

export async function countedWrites(databaseUrl: string): Promise<TrafficCounts> {
  const db = openDatabase({ url: databaseUrl });
  try {
    const [row] = await db.all<{ loves: number; saves: number }>(
      sql`SELECT (SELECT coalesce(sum(loved_count), 0) FROM spots) AS loves, (SELECT count(*) FROM saved_spots) AS saves`,
    );
    return { loves: Number(row?.loves ?? 0), saves: Number(row?.saves ?? 0) };
  } finally {
    db.$client.close();
  }
}

/** Cookies a response set, as one Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
}

/** A demo sign-in (an unverified user held by a server-side session), as a Cookie header. */
async function signedIn(origin: string, email: string): Promise<string> {
  const response = await fetch(new URL('/api/session', origin), {
    method: 'POST',
    headers: { origin: new URL(origin).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'any password' }),
  });
  const body = await response.text();
  const cookie = cookiesOf(response);
  if (response.status !== 200 || !cookie.includes('user=')) throw new Error(`demo sign-in answered ${response.status}: ${body.slice(0, 200)}`);
  return cookie;
}

/** A small deterministic generator, so two runs pick the same spots in the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Prepares the visitors of a run against `origin` (the app, or the balancer in front of several):
 * `returning` anonymous visitors and `savers` signed-in ones. Requests carry `accept-encoding:
 * gzip` like a browser's, except writes, whose answers are read here.
 */
export async function prepareTraffic(origin: string, databaseUrl: string, options: { returning?: number; savers?: number; seed?: number } = {}): Promise<Traffic> {
  const spots = await publicSpots(databaseUrl);
  if (spots.length === 0) throw new Error('the database has no public spot to open');
  const returning: string[] = [];
  for (let i = 0; i < (options.returning ?? 20); i++) returning.push((await newVisitor(origin)).cookie);
  const savers: string[] = [];
  const run = `${Date.now().toString(36)}.${options.seed ?? 38}`;
  for (let i = 0; i < (options.savers ?? 20); i++) savers.push(await signedIn(origin, `saver.${run}.${i}@example.com`));
  const next = random(options.seed ?? 38);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const writeHeaders = { origin: new URL(origin).origin, 'content-type': 'application/json' };
  const readHeaders = { 'accept-encoding': 'gzip' };
  let reads = 0;
  let writes = 0;
  let saves = 0;
  const acknowledged: TrafficCounts = { loves: 0, saves: 0 };
  const plan = (kind: RequestKind): PlannedRequest => {
    switch (kind) {
      case 'spot page':
        return { kind, method: 'GET', path: `/spots/${pick(spots).slug}`, headers: readHeaders };
      case 'read':
        return { kind, method: 'GET', path: RETURNING_READS[reads++ % RETURNING_READS.length]!, headers: { ...readHeaders, cookie: pick(returning) } };
      case 'love':
        return { kind, method: 'POST', path: `/api/spots/${pick(spots).id}/love`, headers: writeHeaders, body: '{}' };
      case 'save': {
        // Save k goes to saver k mod n and the (k div n)-th spot: no user saves a spot twice.
        const k = saves++;
        const spot = spots[Math.floor(k / savers.length) % spots.length]!;
        return {
          kind,
          method: 'POST',
          path: '/api/saved',
          headers: { ...writeHeaders, cookie: savers[k % savers.length]! },
          body: JSON.stringify({ spotIds: [spot.id] }),
        };
      }
    }
  };
  return {
    spots,
    kindAt: (i) => {
      const at = i % MIX.round;
      if (at < MIX.spotPages) return 'spot page';
      if (at < MIX.spotPages + MIX.reads) return 'read';
      // Loves and saves in turn; without signed-in visitors (savers: 0), loves only.
      return writes++ % 2 === 0 || savers.length === 0 ? 'love' : 'save';
    },
    next: plan,
    acknowledge: (request, status, body) => {
      if (status !== 200) return;
      if (request.kind === 'love' && body.includes('"counted":true')) acknowledged.loves++;
      if (request.kind === 'save') {
        const { spotIds } = JSON.parse(request.body!) as { spotIds: number[] };
        const answered = (JSON.parse(body) as { spotIds?: number[] }).spotIds ?? [];
        if (answered.includes(spotIds[0]!)) acknowledged.saves++;
      }
    },
    acknowledged,
    counted: () => countedWrites(databaseUrl),
  };
}
