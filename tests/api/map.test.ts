import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { isOpenAt } from '../../src/lib/opening-hours';
import { tileOf } from '../../src/server/map/tiles';
import { SpotMarkersSchema, SpotsPageSchema, expectContract } from '../support/contracts';
import { startFakeTileServer, type FakeTileServer } from '../fakes/tile-server';
import { startTestServer, type TestServer } from '../support/server';

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
