import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { isOpenAt } from '../../src/lib/opening-hours';
import { tileOf } from '../../src/server/map/tiles';
import { SpotMarkersSchema, SpotsPageSchema, expectContract } from '../support/contracts';
import { startFakeTileServer, type FakeTileServer } from '../fakes/tile-server';
import { startTestServer, type TestServer } from '../support/server';
import sharp from 'sharp';

let server: TestServer;
let tiles: FakeTileServer;
let seeded: { id: number; category: string; hours: Parameters<typeof isOpenAt>[0] | null; latitude: number | null }[];

beforeAll(async () => {
  tiles = await startFakeTileServer();
  server = await startTestServer({ env: { MAP_TILES_URL: tiles.template } });
  const db = openDatabase({ url: server.databaseUrl });
  seeded = await db.select({ id: spots.id, category: spots.category, hours: spots.hours, latitude: spots.latitude }).from(spots);
  db.$client.close();
});
afterAll(async () => {
  await server?.stop();
  await tiles?.stop();
});

const markers = async (search = '') => {
  const response = await server.fetch(`/api/spots/map${search}`);
  expect(response.status).toBe(200);
  return expectContract(SpotMarkersSchema, await response.json()).markers;
};

/** The ids open at the moment of the call; asked again if the minute turned while the request ran. */
async function openIds<T>(ask: () => Promise<T>): Promise<{ answer: T; expected: number[] }> {
  for (;;) {
    const before = seeded.filter((s) => s.hours && isOpenAt(s.hours, new Date())).map((s) => s.id);
    const answer = await ask();
    const after = seeded.filter((s) => s.hours && isOpenAt(s.hours, new Date())).map((s) => s.id);
    if (before.join() === after.join()) return { answer, expected: before.sort((a, b) => a - b) };
  }
}

describe('GET /api/spots/map', () => {
  it('has a marker for every spot with a position, all of them at once, with public fields only', async () => {
    const all = await markers();
    expect(all.length).toBe(seeded.filter((s) => s.latitude !== null).length);
    expect(all.length).toBeGreaterThan(24); // more than one page of the list
    for (const marker of all) expect(Object.keys(marker)).not.toEqual(expect.arrayContaining(['address', 'insiderTip', 'knowBefore', 'mapsUrl', 'website']));
  });

  it('applies the listing filters: category, tag, search', async () => {
    const hikes = await markers('?category=hike');
    expect(hikes.map((m) => m.category)).toEqual(hikes.map(() => 'hike'));
    const listed = expectContract(SpotsPageSchema, await (await server.fetch('/api/spots?category=hike')).json());
    expect(hikes.length).toBe(listed.total);
    expect((await markers('?q=trail')).length).toBeGreaterThan(0);
  });

  it('open=now keeps the spots open at this moment in Scottsdale, on the map and in the list', async () => {
    const { answer, expected } = await openIds(() => markers('?open=now'));
    expect(answer.map((m) => m.id).sort((a, b) => a - b)).toEqual(expected);
    const { answer: page, expected: listExpected } = await openIds(async () => expectContract(SpotsPageSchema, await (await server.fetch('/api/spots?open=now')).json()));
    expect(page.total).toBe(listExpected.length);
    for (const spot of page.spots) expect(listExpected).toContain(spot.id);
  });

  it('refuses an unknown open value, naming the parameter', async () => {
    const response = await server.fetch('/api/spots/map?open=later');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/open/);
  });
});

describe('GET /tiles/{z}/{x}/{y}.png', () => {
  const scottsdale = tileOf(33.4942, -111.9261, 13);

  it('fetches a tile of the guide’s area once, then serves it from memory, without cookies', async () => {
    const path = `/tiles/13/${scottsdale.x}/${scottsdale.y}.png`;
    const first = await server.fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(first.headers.get('set-cookie')).toBeNull();
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const again = await server.fetch(path);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(tiles.requests.filter((r) => r === `/13/${scottsdale.x}/${scottsdale.y}.png`)).toHaveLength(1);
  });

  it('serves nothing outside the area or the zoom range, and never asks the tile server for it', async () => {
    const asked = tiles.requests.length;
    for (const path of ['/tiles/13/0/0.png', '/tiles/19/1/1.png', `/tiles/13/${scottsdale.x + 40}/${scottsdale.y}.png`, '/tiles/13/abc/1.png', '/tiles/2/9/9.png']) {
      expect((await server.fetch(path)).status, path).toBe(404);
    }
    expect(tiles.requests.length).toBe(asked);
    expect((await server.fetch('/tiles/3/1/3.png')).status).toBe(200); // low zooms cover the region at all
  });

  it('answers 502 when the tile server fails, and tries again next time', async () => {
    tiles.failNext(1);
    const path = `/tiles/14/${scottsdale.x * 2}/${scottsdale.y * 2}.png`;
    expect((await server.fetch(path)).status).toBe(502);
    expect((await server.fetch(path)).status).toBe(200);
  });
});

describe('the tile proxy’s limits', () => {
  const BUDGET = 10;
  const PER_ADDRESS = 12;
  let limited: TestServer;
  let upstream: FakeTileServer;
  let nextAddress = 1;
  /** Each call from a different address, unless one is given: the budget is across all of them. */
  const tile = (z: number, x: number, y: number, address = `198.51.100.${nextAddress++}`) =>
    limited.fetch(`/tiles/${z}/${x}/${y}.png`, { headers: { 'x-forwarded-for': address } });
  const origin = tileOf(33.4942, -111.9261, 16);

  beforeAll(async () => {
    upstream = await startFakeTileServer();
    limited = await startTestServer({
      env: {
        MAP_TILES_URL: upstream.template,
        MAP_TILES_FETCHES_PER_MINUTE: String(BUDGET),
        RATE_LIMIT_TILES_PER_MINUTE: String(PER_ADDRESS),
        TRUST_PROXY: '1',
        // Tiles come from the proxy's own cache, not the shared response cache in front of it.
        RESPONSE_CACHE: 'off',
      },
    });
  });
  afterAll(async () => {
    await limited?.stop();
    await upstream?.stop();
  });

  it('fetches at most the budget from the provider however many distinct tiles are asked for; the rest are blank tiles, and kept tiles are still served', async () => {
    const kept = [0, 1, 2].map((i) => [16, origin.x + i, origin.y] as const);
    const keptBytes: Buffer[] = [];
    for (const [z, x, y] of kept) {
      const response = await tile(z, x, y);
      expect(response.status).toBe(200);
      keptBytes.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(upstream.requests).toHaveLength(3);

    // 60 distinct tiles at once, from 60 addresses: only what is left of the minute's budget reaches the provider.
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => tile(16, origin.x + (i % 10), origin.y + 1 + Math.floor(i / 10))));
    expect(upstream.requests).toHaveLength(BUDGET);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(BUDGET - 3);
    const blanks = answers.filter((r) => r.status === 503);
    expect(blanks).toHaveLength(60 - (BUDGET - 3));
    for (const blank of blanks) {
      expect(blank.headers.get('content-type')).toBe('image/png');
      expect(blank.headers.get('cache-control')).toBe('no-store');
      expect(Number(blank.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(blank.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    // The blank tile is a fully transparent 256 px PNG: the map's own background shows through.
    const blank = sharp(Buffer.from(await blanks[0]!.arrayBuffer()));
    expect(await blank.metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    const { channels } = await blank.ensureAlpha().stats();
    expect(channels[3]).toMatchObject({ min: 0, max: 0 });
    await Promise.all(answers.filter((r) => !r.bodyUsed).map((r) => r.arrayBuffer()));

    for (const [i, [z, x, y]] of kept.entries()) {
      const again = await tile(z, x, y);
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(keptBytes[i]!)).toBe(true);
    }
    expect(upstream.requests).toHaveLength(BUDGET);
  });

  it('limits tile requests per address: past the limit that address gets 429 with Retry-After, others are served', async () => {
    const [z, x, y] = [16, origin.x, origin.y]; // kept: no upstream fetch is needed
    for (let i = 0; i < PER_ADDRESS; i++) expect((await tile(z, x, y, '203.0.113.7')).status).toBe(200);
    const refused = await tile(z, x, y, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please slow down and try again shortly.' });
    expect((await tile(z, x, y, '203.0.113.8')).status).toBe(200);
  });
});
