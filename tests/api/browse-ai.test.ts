import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { browseAiTasks, history } from '../../db/schema';
import { sampleEventRows, startFakeBrowseAi, type CapturedRow, type FakeBrowseAi } from '../fakes/browse-ai-server';
import { BrowseAiStatusSchema, BrowseAiTriggerSchema, expectContract } from '../support/contracts';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'saguaro-sunset-2024';
const SECRET = 'browse-ai-webhook-token-0123456789';
const NOT_CONFIGURED = 'Browse AI is not configured: set BROWSE_AI_API_KEY and BROWSE_AI_ROBOT_ID.';
const KEY_REJECTED = 'Browse AI rejected the API key. Please check the API key configuration.';
const EVENTS_PAGE = 'https://www.experiencescottsdale.com/events/';

let fake: FakeBrowseAi;
let server: TestServer;
let db: Database;
let admin: CookieJar;

const adminEnv = { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: 'browse-ai-tests-session-secret-long-enough-00' };
const browseAiEnv = (f: FakeBrowseAi, key = f.apiKey) => ({
  ...adminEnv,
  BROWSE_AI_API_KEY: key,
  BROWSE_AI_ROBOT_ID: f.robotId,
  BROWSE_AI_API_BASE: f.url,
  BROWSE_AI_WEBHOOK_SECRET: SECRET,
});

async function call(app: TestServer, method: string, path: string, jar?: CookieJar, body?: unknown) {
  return app.fetch(path, {
    method,
    headers: { origin: app.url, 'content-type': 'application/json', ...(jar ? { cookie: jar.header() } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(app: TestServer): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await call(app, 'POST', '/api/admin/auth', undefined, { password: PASSWORD });
  expect(response.status).toBe(200);
  jar.store(response);
  return jar;
}

/** Rows titled after the test, dated in the coming days so the calendar read shows them. */
const rowsFor = (name: string, count: number): CapturedRow[] =>
  sampleEventRows(count).map((row, i) => ({ ...row, title: `${name} ${i + 1}`, link: `${EVENTS_PAGE}${name.toLowerCase().replace(/\W+/g, '-')}-${i + 1}/` }));

function robotCaptures(rows: CapturedRow[], ignoreLimit = false) {
  fake.robots.set(fake.robotId, { rows, ignoreLimit });
}

async function trigger(): Promise<string> {
  const response = await call(server, 'POST', '/api/browse-ai/trigger', admin);
  expect(response.status).toBe(200);
  return (await response.json()).taskId;
}

async function scrapedEvents(titlePrefix: string) {
  const response = await server.fetch('/api/events');
  expect(response.status).toBe(200);
  const list: { title: string; source: string; isNewThisWeek: boolean; startDate: string; link: string | null }[] = await response.json();
  return list.filter((e) => e.title.startsWith(titlePrefix));
}

const hookUrl = (token = SECRET) => `${server.url}/api/browse-ai/webhook?token=${encodeURIComponent(token)}`;
const taskRecord = async (id: string) => (await db.select().from(browseAiTasks).where(eq(browseAiTasks.id, id)))[0];

beforeAll(async () => {
  fake = await startFakeBrowseAi();
  server = await startTestServer({ env: browseAiEnv(fake) });
  db = openDatabase({ url: server.databaseUrl });
  admin = await signIn(server);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await fake?.stop();
});

describe('admin only', () => {
  it.each([
    ['POST', '/api/browse-ai/trigger'],
    ['GET', '/api/browse-ai/status'],
    ['GET', '/api/browse-ai/tasks/0f8fad5b-d9cb-469f-a165-70867728950e'],
  ])('%s %s is 401 without the admin cookie and starts nothing', async (method, path) => {
    const before = fake.requests.length;
    const response = await call(server, method, path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Admin sign-in required.', error: 'Admin sign-in required.' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('POST /api/browse-ai/trigger', () => {
  it('creates a task on Browse AI for the events page with the limit of 100, and registers the webhook once', async () => {
    const response = await call(server, 'POST', '/api/browse-ai/trigger', admin);
    expect(response.status).toBe(200);
    const body = expectContract(BrowseAiTriggerSchema, await response.json());
    expect(body).toEqual({ taskId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'in-progress', message: 'Browse AI task created' });
    const task = fake.tasks.get(body.taskId)!;
    expect(task.inputParameters).toEqual({ originUrl: EVENTS_PAGE, events_limit: 100 });
    const run = fake.requests.find((r) => r.method === 'POST' && r.path === `/v2/robots/${fake.robotId}/tasks`)!;
    expect(run.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(await taskRecord(body.taskId)).toMatchObject({ status: 'in-progress', imported: 0 });
    // History names who started the import, written with the task's record.
    const [entry] = await db.select().from(history).where(eq(history.subjectId, body.taskId));
    expect(entry).toMatchObject({ kind: 'event', event: 'import started', actorName: 'Owner', subjectLabel: 'Event import (Browse AI)', after: { taskId: body.taskId } });

    await trigger();
    expect(fake.webhooks.map((w) => [w.url, w.webhookEvent])).toEqual([[hookUrl(), 'taskFinished']]);
  });

  it.each([
    [403, 'credits_limit_reached', 'Browse AI has no credits left on this plan, so no task was started.'],
    [503, 'robot_under_maintenance', 'The Browse AI robot is under maintenance. Please try again later.'],
    [404, 'not_found', 'Browse AI robot not found: check BROWSE_AI_ROBOT_ID ({robot}).'],
    [500, 'internal_server_error', 'Browse AI is unavailable right now. Please try again in a few minutes.'],
  ])('answers 502 when Browse AI says %i %s', async (status, code, message) => {
    fake.failNext(status, code);
    const response = await call(server, 'POST', '/api/browse-ai/trigger', admin);
    expect(response.status).toBe(502);
    // No task was started: no History entry either.
    expect(await db.select().from(history).where(eq(history.event, 'import started'))).toHaveLength(2);
    const expected = message.replace('{robot}', fake.robotId);
    expect(await response.json()).toEqual({ message: expected, error: expected });
  });

  it('GET /api/browse-ai/status describes the automation for the admin panel', async () => {
    const response = await call(server, 'GET', '/api/browse-ai/status', admin);
    expect(response.status).toBe(200);
    const body = expectContract(BrowseAiStatusSchema, await response.json());
    expect(body).toMatchObject({ configured: true, robotId: fake.robotId, source: EVENTS_PAGE, limit: 100, webhookConfigured: true });
    expect(body.lastTask).toMatchObject({ status: 'in-progress' });
  });
});

describe('importing a finished task', () => {
  it('the webhook imports the captured events once: new this week, from Browse AI', async () => {
    robotCaptures(rowsFor('Webhook Walk', 3));
    const taskId = await trigger();
    const task = await fake.completeTask(taskId);
    const [delivery] = fake.deliveries.filter((d) => d.taskId === taskId);
    expect(delivery).toMatchObject({ event: 'task.finishedSuccessfully', status: 200 });
    expect(delivery!.body).toMatchObject({ received: true, taskId, status: 'successful', duplicate: false, imported: 3, updated: 0, skipped: 0 });

    const imported = await scrapedEvents('Webhook Walk');
    expect(imported).toHaveLength(3);
    for (const event of imported) expect(event).toMatchObject({ source: 'browse_ai', isNewThisWeek: true });
    expect(imported[0]!.link).toBe('https://www.experiencescottsdale.com/events/webhook-walk-1/');
    expect(await taskRecord(taskId)).toMatchObject({ status: 'successful', imported: 3, skipped: 0 });

    const again = await fake.deliver(hookUrl(), 'task.finishedSuccessfully', task);
    expect(again).toMatchObject({ status: 200, body: { received: true, taskId, duplicate: true } });
    expect(await scrapedEvents('Webhook Walk')).toEqual(imported);
    expect(await taskRecord(taskId)).toMatchObject({ status: 'successful', imported: 3 });
  });

  it('a new run of the same events updates them instead of adding copies', async () => {
    robotCaptures(rowsFor('Webhook Walk', 4));
    const taskId = await trigger();
    await fake.completeTask(taskId);
    expect(fake.deliveries.at(-1)!.body).toMatchObject({ imported: 1, updated: 3 });
    expect(await scrapedEvents('Webhook Walk')).toHaveLength(4);
  });

  it('a webhook with a wrong or missing token is 401 and changes nothing', async () => {
    robotCaptures(rowsFor('Token Check', 2));
    const taskId = await trigger();
    const task = await fake.completeTask(taskId, { deliver: false });
    for (const url of [hookUrl('wrong-token-wrong-token'), `${server.url}/api/browse-ai/webhook`]) {
      const refused = await fake.deliver(url, 'task.finishedSuccessfully', task);
      expect(refused).toMatchObject({ status: 401, body: { message: 'Invalid webhook token.' } });
    }
    expect(await scrapedEvents('Token Check')).toHaveLength(0);
    expect(await taskRecord(taskId)).toMatchObject({ status: 'in-progress' });
    expect(await fake.deliver(hookUrl(), 'task.finishedSuccessfully', task)).toMatchObject({ status: 200, body: { imported: 2 } });
  });

  it('does not trust the delivered task: it reads the task back from Browse AI', async () => {
    const taskId = await trigger();
    const forged = { ...fake.tasks.get(taskId)!, status: 'successful' as const, capturedLists: { events: rowsFor('Forged Gala', 1) } };
    const delivery = await fake.deliver(hookUrl(), 'task.finishedSuccessfully', forged);
    expect(delivery).toMatchObject({ status: 200, body: { taskId, status: 'in-progress', duplicate: false } });
    expect(await scrapedEvents('Forged Gala')).toHaveLength(0);
    const unknown = await fake.deliver(hookUrl(), 'task.finishedSuccessfully', { ...forged, id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(unknown).toMatchObject({ status: 200, body: { status: 'not-imported', message: expect.stringMatching(/has no task/) } });
  });

  it('skips and counts malformed rows without failing the import', async () => {
    robotCaptures([...rowsFor('Sturdy Fest', 2), { title: '', date: 'March 14, 2026' }, { title: 'Someday Social', date: 'sometime soon' }, { title: 'Dateless Dance' }]);
    const taskId = await trigger();
    await fake.completeTask(taskId);
    expect(fake.deliveries.at(-1)!.body).toMatchObject({
      status: 'successful',
      imported: 2,
      skipped: 3,
      problems: [
        { row: 3, reason: 'no title' },
        { row: 4, reason: 'unreadable date "sometime soon"' },
        { row: 5, reason: 'no date' },
      ],
    });
    expect(await scrapedEvents('Sturdy Fest')).toHaveLength(2);
    expect(await taskRecord(taskId)).toMatchObject({ status: 'successful', imported: 2, skipped: 3 });
  });

  it('a failed task imports nothing and is recorded with its error', async () => {
    robotCaptures(rowsFor('Failed Fair', 2));
    const taskId = await trigger();
    const task = await fake.completeTask(taskId, { fail: true, error: 'The site blocked the robot.' });
    expect(fake.deliveries.at(-1)).toMatchObject({ event: 'task.finishedWithError', status: 200 });
    expect(fake.deliveries.at(-1)!.body).toMatchObject({ taskId, status: 'failed', error: 'The site blocked the robot.', duplicate: false });
    expect(await scrapedEvents('Failed Fair')).toHaveLength(0);
    expect(await taskRecord(taskId)).toMatchObject({ status: 'failed', error: 'The site blocked the robot.' });
    expect((await fake.deliver(hookUrl(), 'task.finishedWithError', task)).body).toMatchObject({ duplicate: true });
  });

  it('imports at most 100 events when the robot captures 150', async () => {
    robotCaptures(rowsFor('Limit Parade', 150), true);
    const taskId = await trigger();
    const task = await fake.completeTask(taskId);
    expect(task.capturedDataTemporaryUrl ?? task.capturedLists.events?.length).toBeTruthy();
    expect(fake.deliveries.at(-1)!.body).toMatchObject({ imported: 100, overLimit: 50 });
    expect(await scrapedEvents('Limit Parade')).toHaveLength(100);
  });

  it('reads captured data over 100 KB from its temporary file', async () => {
    robotCaptures(rowsFor('Big Bash', 100).map((row) => ({ ...row, description: 'Music and food. '.repeat(80) })));
    const taskId = await trigger();
    const task = await fake.completeTask(taskId);
    expect(task.capturedDataTemporaryUrl).toMatch(/captured-data/);
    expect(fake.deliveries.at(-1)!.body).toMatchObject({ imported: 100 });
  });

  it('GET /api/browse-ai/tasks/{id} polls a task and imports it when finished, once', async () => {
    robotCaptures(rowsFor('Polled Picnic', 2));
    const taskId = await trigger();
    const running = await call(server, 'GET', `/api/browse-ai/tasks/${taskId}`, admin);
    expect(await running.json()).toMatchObject({ taskId, status: 'in-progress' });
    await fake.completeTask(taskId, { deliver: false });
    const done = await call(server, 'GET', `/api/browse-ai/tasks/${taskId}`, admin);
    expect(await done.json()).toMatchObject({ taskId, status: 'successful', duplicate: false, imported: 2 });
    expect(await (await call(server, 'GET', `/api/browse-ai/tasks/${taskId}`, admin)).json()).toMatchObject({ duplicate: true });
    expect(await scrapedEvents('Polled Picnic')).toHaveLength(2);
  });

  it('refuses a delivery that is not a Browse AI task report', async () => {
    for (const body of ['not json', JSON.stringify({ event: 'task.finishedSuccessfully' }), JSON.stringify({ task: { id: '../x' } })]) {
      const response = await fetch(hookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
    }
  });
});

describe('without a working configuration', () => {
  it('without a key or robot the trigger answers 503 with the configuration message', async () => {
    const bare = await startTestServer({ env: adminEnv });
    try {
      const jar = await signIn(bare);
      const response = await call(bare, 'POST', '/api/browse-ai/trigger', jar);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: NOT_CONFIGURED, error: NOT_CONFIGURED });
      const status = await (await call(bare, 'GET', '/api/browse-ai/status', jar)).json();
      expect(status).toMatchObject({ configured: false, robotId: null, limit: 100, lastTask: null });
      const webhook = await fetch(`${bare.url}/api/browse-ai/webhook?token=${SECRET}`, { method: 'POST', body: '{}' });
      expect(webhook.status).toBe(503);
    } finally {
      await bare.stop();
    }
  });

  it('with a wrong key the trigger answers 502 asking to check the key', async () => {
    const wrong = await startTestServer({ env: browseAiEnv(fake, 'bai_not-the-right-key') });
    try {
      const jar = await signIn(wrong);
      const response = await call(wrong, 'POST', '/api/browse-ai/trigger', jar);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ message: KEY_REJECTED, error: KEY_REJECTED });
    } finally {
      await wrong.stop();
    }
  });
});
