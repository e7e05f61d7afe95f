import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { events, history } from '../../db/schema';
import { sampleEventRows, startFakeBrowseAi, type CapturedRow, type FakeBrowseAi } from '../fakes/browse-ai-server';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'events-desk-password-palo-verde';
const SECRET = 'events-desk-webhook-token-0123456789abc';
const PAGE = 'https://www.experiencescottsdale.com/events/';
let fake: FakeBrowseAi;
let server: TestServer;
let db: Database;
const owner = new CookieJar();

beforeAll(async () => {
  fake = await startFakeBrowseAi();
  server = await startTestServer({
    env: {
      ADMIN_PASSWORD: PASSWORD,
      BROWSE_AI_API_KEY: fake.apiKey,
      BROWSE_AI_ROBOT_ID: fake.robotId,
      BROWSE_AI_API_BASE: fake.url,
      BROWSE_AI_WEBHOOK_SECRET: SECRET,
    },
  });
  db = openDatabase({ url: server.databaseUrl });
  const response = await call('POST', '/api/admin/auth', { password: PASSWORD }, null);
  expect(response.status).toBe(200);
  owner.store(response);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await fake?.stop();
});

function call(method: string, path: string, body?: unknown, jar: CookieJar | null = owner) {
  return server.fetch(path, {
    method,
    headers: { origin: server.url, 'content-type': 'application/json', ...(jar ? { cookie: jar.header() } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** One robot run of these rows, imported through the webhook as Browse AI delivers it. */
async function importRun(rows: CapturedRow[]) {
  fake.robots.set(fake.robotId, { rows });
  const trigger = await call('POST', '/api/browse-ai/trigger');
  expect(trigger.status).toBe(200);
  const { taskId } = await trigger.json();
  await fake.completeTask(taskId);
  const delivery = fake.deliveries.filter((d) => d.taskId === taskId).at(-1)!;
  expect(delivery.status).toBe(200);
  return delivery.body as { imported: number; updated: number; hidden: number };
}

const rows = (name: string, count: number, changes: Partial<CapturedRow> = {}): CapturedRow[] =>
  sampleEventRows(count).map((row, i) => ({ ...row, title: `${name} ${i + 1}`, link: `${PAGE}${name.toLowerCase().replace(/\W+/g, '-')}-${i + 1}/`, ...changes }));

const named = async (prefix: string) =>
  db
    .select()
    .from(events)
    .where(like(events.title, `${prefix}%`))
    .orderBy(events.id);

describe('an edited imported event survives later imports', () => {
  it('keeps the editor’s title, place and description through two more imports, and the import still fills the rest', async () => {
    expect(await importRun(rows('Canal Lights', 2))).toMatchObject({ imported: 2, updated: 0 });
    const [first, second] = await named('Canal Lights');
    expect(first!.sourceId).toBe(`${PAGE}canal-lights-1/@${first!.startDate.toISOString()}`);

    const edit = await call('PATCH', `/api/admin/events/${first!.id}`, { title: 'Canal Lights Opening Night', location: 'Soleri Bridge' });
    expect(edit.status).toBe(200);
    const { event } = await edit.json();
    expect(event).toMatchObject({ title: 'Canal Lights Opening Night', location: 'Soleri Bridge', editedFields: ['location', 'title'] });

    // The source changes its description and place twice; the editor's fields stay, the others follow.
    for (const round of [1, 2]) {
      const report = await importRun(rows('Canal Lights', 2, { location: `Scottsdale Waterfront ${round}`, description: `Round ${round} text.` }));
      expect(report).toMatchObject({ imported: 0, updated: 2, hidden: 0 });
      const [kept, other] = await db
        .select()
        .from(events)
        .where(and(eq(events.source, 'browse_ai'), like(events.sourceId, `${PAGE}canal-lights-%`)))
        .orderBy(events.id);
      expect(kept).toMatchObject({ id: first!.id, title: 'Canal Lights Opening Night', location: 'Soleri Bridge', description: `Round ${round} text.` });
      expect(other).toMatchObject({ id: second!.id, title: 'Canal Lights 2', location: `Scottsdale Waterfront ${round}` });
    }
    // No copy under the old name: the renamed event is still the one event.
    expect(await named('Canal Lights 1')).toEqual([]);
    expect((await named('Canal Lights')).length).toBe(2);
  });

  it('never brings back a hidden event, and it leaves the public calendar', async () => {
    await importRun(rows('Hidden Rodeo', 1));
    const [rodeo] = await named('Hidden Rodeo');
    const hide = await call('POST', `/api/admin/events/${rodeo!.id}/hide`);
    expect(hide.status).toBe(200);
    expect((await call('POST', `/api/admin/events/${rodeo!.id}/hide`)).status).toBe(409);

    const report = await importRun(rows('Hidden Rodeo', 1));
    expect(report).toMatchObject({ imported: 0, updated: 0, hidden: 1 });
    expect(await named('Hidden Rodeo')).toHaveLength(1);
    const calendar: { title: string }[] = await (await server.fetch('/api/events')).json();
    expect(calendar.some((e) => e.title.startsWith('Hidden Rodeo'))).toBe(false);
    const weekly: { title: string }[] = await (await server.fetch('/api/weekly-events')).json();
    expect(weekly.some((e) => e.title.startsWith('Hidden Rodeo'))).toBe(false);

    expect((await call('POST', `/api/admin/events/${rodeo!.id}/show`)).status).toBe(200);
    const back: { title: string }[] = await (await server.fetch('/api/events')).json();
    expect(back.filter((e) => e.title === 'Hidden Rodeo 1')).toHaveLength(1);
  });

  it('adopts an event saved before source ids (by title and start) instead of adding a copy', async () => {
    const [row] = rows('Legacy Market', 1);
    await importRun([row!]);
    const [legacy] = await named('Legacy Market');
    await db.update(events).set({ sourceId: null }).where(eq(events.id, legacy!.id));
    expect(await importRun([row!])).toMatchObject({ imported: 0, updated: 1 });
    const [adopted, ...copies] = await named('Legacy Market');
    expect(copies).toEqual([]);
    expect(adopted!.sourceId).toBe(`${row!.link}@${legacy!.startDate.toISOString()}`);
  });
});

describe('the desk', () => {
  it('adds an event by hand, lists and searches it, and writes History for add, edit and hide', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const add = await call('POST', '/api/admin/events', { title: 'Desk Added Sunset Hike', startDate: start.toISOString(), location: 'Pinnacle Peak', link: '' });
    expect(add.status).toBe(201);
    const { event } = await add.json();
    expect(event).toMatchObject({ title: 'Desk Added Sunset Hike', source: 'editorial', link: null, location: 'Pinnacle Peak', hiddenAt: null });

    const list = await (await call('GET', '/api/admin/events?q=Sunset%20Hike')).json();
    expect(list.events.map((e: { id: number }) => e.id)).toEqual([event.id]);
    expect(list.total).toBe(1);

    expect((await call('PATCH', `/api/admin/events/${event.id}`, { description: 'Bring a headlamp.' })).status).toBe(200);
    expect((await call('POST', `/api/admin/events/${event.id}/hide`)).status).toBe(200);
    const entries = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'event'), eq(history.subjectId, String(event.id))))
      .orderBy(history.id);
    expect(entries.map((e) => [e.event, e.actorName])).toEqual([
      ['added', 'Owner'],
      ['edited', 'Owner'],
      ['hidden', 'Owner'],
    ]);
    expect(entries[1]).toMatchObject({ before: { description: null }, after: { description: 'Bring a headlamp.' } });
    const hidden = await (await call('GET', '/api/admin/events?show=hidden&q=Sunset')).json();
    expect(hidden.events.map((e: { id: number }) => e.id)).toEqual([event.id]);
  });

  it('refuses bad input with the field named, and an unknown event with 404', async () => {
    const bad = await call('POST', '/api/admin/events', { title: '', startDate: 'next Tuesday' });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fields).toMatchObject({ title: 'Title is required', startDate: 'Start must be a date and time, such as 2026-03-14T19:00:00-07:00' });
    const backwards = await call('POST', '/api/admin/events', { title: 'Backwards', startDate: '2026-03-14T19:00:00-07:00', endDate: '2026-03-14T18:00:00-07:00' });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).fields).toMatchObject({ endDate: 'End must be after the start' });
    expect((await call('PATCH', '/api/admin/events/999999', { title: 'Nope' })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/events/1', {})).status).toBe(400);
  });

  it('the desk lists events that are over after the upcoming ones; the public API keeps the spec order, soonest first', async () => {
    const ended = new Date(Date.now() - 2 * 3_600_000);
    await call('POST', '/api/admin/events', { title: 'Order Check Ended', startDate: new Date(Date.now() - 4 * 3_600_000).toISOString(), endDate: ended.toISOString() });
    await call('POST', '/api/admin/events', { title: 'Order Check Coming', startDate: new Date(Date.now() + 86_400_000).toISOString() });
    const calendar: { title: string }[] = await (await server.fetch('/api/events')).json();
    const titles = calendar.map((e) => e.title).filter((t) => t.startsWith('Order Check'));
    expect(titles).toEqual(['Order Check Ended', 'Order Check Coming']);
    const desk = await (await call('GET', '/api/admin/events?q=Order%20Check')).json();
    expect(desk.events.map((e: { title: string }) => e.title)).toEqual(['Order Check Coming', 'Order Check Ended']);
  });
});
