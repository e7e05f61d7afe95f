import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleEventRows, startFakeBrowseAi, type FakeBrowseAi } from '../fakes/browse-ai-server';

/** The fake must speak Browse AI's REST API v2 as docs/outside-services.md section 1 describes it. */

let fake: FakeBrowseAi;
let receiver: { url: string; received: { body: unknown; headers: IncomingHttpHeaders }[]; server: Server };

beforeAll(async () => {
  fake = await startFakeBrowseAi({ robots: { 'robot-events': { rows: sampleEventRows(25) } } });
  const received: { body: unknown; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: req.headers });
      res.writeHead(500).end('ignored');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  receiver = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=abc`, received, server };
});
afterAll(async () => {
  await fake?.stop();
  await new Promise((ok) => receiver?.server.close(ok));
});

async function api(method: string, path: string, body?: unknown, key: string | null = fake.apiKey) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { ...(key !== null && { Authorization: `Bearer ${key}` }), 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const run = (input?: Record<string, unknown>) => api('POST', '/robots/robot-events/tasks', { recordVideo: false, inputParameters: input });

describe('Browse AI fake', () => {
  it('answers the same 401 unauthorized for a missing, empty or wrong key', async () => {
    for (const key of [null, '', 'bai_wrong']) {
      expect(await api('GET', '/robots/robot-events', undefined, key)).toEqual({ status: 401, body: { statusCode: 401, messageCode: 'unauthorized' } });
    }
  });

  it('answers 404 not_found for an unknown robot or task, 400 body_parse_error for bad JSON', async () => {
    expect(await api('POST', '/robots/nope/tasks', {})).toEqual({ status: 404, body: { statusCode: 404, messageCode: 'not_found' } });
    expect((await api('GET', '/robots/robot-events/tasks/nope')).body.messageCode).toBe('not_found');
    expect(await api('POST', '/robots/robot-events/tasks', '{"inputParameters":')).toEqual({ status: 400, body: { statusCode: 400, messageCode: 'body_parse_error' } });
    expect((await run({ colour: 'red' })).body.messageCode).toBe('invalid_input_parameters');
  });

  it('describes the robot and its input parameters', async () => {
    const { body } = await api('GET', '/robots/robot-events');
    expect(body.robot.inputParameters.map((p: { name: string }) => p.name)).toEqual(['originUrl', 'events_limit', 'events_skip']);
  });

  it('runs a task: a UUID, in progress, the input echoed, millisecond timestamps', async () => {
    const before = Date.now();
    const { status, body } = await run({ originUrl: 'https://tourism.example/events', events_limit: 5 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ statusCode: 200, messageCode: 'success' });
    expect(body.result).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      robotId: 'robot-events',
      status: 'in-progress',
      inputParameters: { originUrl: 'https://tourism.example/events', events_limit: 5 },
      finishedAt: null,
    });
    expect(body.result.createdAt).toBeGreaterThanOrEqual(before);
    expect(body.result.createdAt).toBeLessThan(before + 60_000);
  });

  it('finishes a task with string-valued rows obeying events_limit and events_skip', async () => {
    const { body } = await run({ events_limit: 5, events_skip: 2 });
    await fake.completeTask(body.result.id, { deliver: false });
    const task = (await api('GET', `/robots/robot-events/tasks/${body.result.id}`)).body.result;
    expect(task).toMatchObject({ status: 'successful', finishedAt: expect.any(Number) });
    expect(task.capturedLists.events).toHaveLength(5);
    expect(task.capturedLists.events[0]).toMatchObject({ Position: '3', title: 'Old Town Art Walk 3' });
    for (const row of task.capturedLists.events) for (const value of Object.values(row)) expect(typeof value).toBe('string');
  });

  it('fails a task with a userFriendlyError when told to', async () => {
    const { body } = await run();
    await fake.completeTask(body.result.id, { fail: true, error: 'Site down' });
    expect((await api('GET', `/robots/robot-events/tasks/${body.result.id}`)).body.result).toMatchObject({ status: 'failed', userFriendlyError: 'Site down' });
  });

  it('registers, lists and deletes webhooks, and delivers {event, task} once, unsigned', async () => {
    const created = await api('POST', '/robots/robot-events/webhooks', { hookUrl: receiver.url, eventType: 'taskFinished' });
    expect(created.body.webhook).toMatchObject({ id: expect.any(String), url: receiver.url, webhookEvent: 'taskFinished', createdAt: expect.any(Number) });
    expect((await api('POST', '/robots/robot-events/webhooks', { hookUrl: 'not a url', eventType: 'taskFinished' })).status).toBe(400);
    expect((await api('GET', '/robots/robot-events/webhooks')).body.webhooks).toMatchObject({ totalCount: 1, items: [{ url: receiver.url }] });

    const { body } = await run({ events_limit: 2 });
    await fake.completeTask(body.result.id);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.body).toMatchObject({ event: 'task.finishedSuccessfully', task: { id: body.result.id, status: 'successful' } });
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(Object.keys(delivery!.headers).filter((h) => /signature|authorization/i.test(h))).toEqual([]);
    expect(fake.deliveries.at(-1)).toMatchObject({ status: 500 });

    expect((await api('DELETE', `/robots/robot-events/webhooks/${created.body.webhook.id}`)).status).toBe(200);
    expect((await api('GET', '/robots/robot-events/webhooks')).body.webhooks.totalCount).toBe(0);
  });

  it('answers scripted failures such as 403 credits_limit_reached and 503 robot_under_maintenance', async () => {
    fake.failNext(403, 'credits_limit_reached');
    fake.failNext(503, 'robot_under_maintenance');
    expect((await run()).body).toEqual({ statusCode: 403, messageCode: 'credits_limit_reached' });
    expect((await run()).body).toEqual({ statusCode: 503, messageCode: 'robot_under_maintenance' });
    expect((await run()).status).toBe(200);
  });
});
