/**
 * A fake of Browse AI's REST API v2 for tests (see docs/outside-services.md, section 1):
 * Bearer-key auth with Browse AI's error bodies, running the events robot (tasks stay in progress
 * until `completeTask`), reading tasks, webhook registrations, and one unsigned `{event, task}`
 * delivery per registration when a task finishes. Captured data over 100 KB moves to a temporary
 * file URL. `failNext` scripts errors such as 403 `credits_limit_reached` or 503 `robot_under_maintenance`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  INLINE_CAPTURED_DATA_BYTES,
  LIST_NAME,
  WEBHOOK_EVENT_TYPES,
  capturedRows,
  inputProblem,
  newTask,
  robotResource,
  sampleEventRows,
  type FakeRobot,
  type FakeTask,
  type FakeWebhook,
  type InputValue,
} from './browse-ai/tasks';

export { sampleEventRows, type CapturedRow, type FakeRobot, type FakeTask, type FakeWebhook } from './browse-ai/tasks';

export interface FakeBrowseAiOptions {
  apiKey?: string;
  /** Robots by id; default one robot with a few sample event rows. */
  robots?: Record<string, FakeRobot>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: unknown;
  status?: number;
}

export interface Delivery {
  url: string;
  event: string;
  taskId: string;
  /** The receiver's answer; undefined when it could not be reached. */
  status?: number;
  body?: unknown;
  error?: string;
}

export interface FakeBrowseAi {
  /** API base including `/v2`, e.g. http://127.0.0.1:1234/v2. */
  url: string;
  apiKey: string;
  /** The first robot's id. */
  robotId: string;
  robots: Map<string, FakeRobot>;
  tasks: Map<string, FakeTask>;
  webhooks: FakeWebhook[];
  requests: RecordedRequest[];
  deliveries: Delivery[];
  /** Finishes a task (successful, or failed with a `userFriendlyError`) and notifies its webhooks once. */
  completeTask(taskId: string, opts?: { fail?: boolean; error?: string; deliver?: boolean }): Promise<FakeTask>;
  /** POSTs `{event, task}` to `hookUrl` once, unsigned, as Browse AI does. */
  deliver(hookUrl: string, event: string, task: FakeTask): Promise<Delivery>;
  /** The next `count` API requests answer `status` with `messageCode`. */
  failNext(status: number, messageCode: string, count?: number): void;
  stop(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageCode: string,
  ) {
    super(messageCode);
  }
}

function send(res: ServerResponse, status: number, body: Record<string, unknown>): number {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ statusCode: status, messageCode: status < 300 ? 'success' : 'error', ...body }));
  return status;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'body_parse_error');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export async function startFakeBrowseAi(options: FakeBrowseAiOptions = {}): Promise<FakeBrowseAi> {
  const apiKey = options.apiKey ?? `bai_${randomUUID().replace(/-/g, '')}`;
  const robots = new Map(Object.entries(options.robots ?? { [randomUUID()]: { rows: sampleEventRows(3) } }));
  const robotCreatedAt = Date.now();
  const tasks = new Map<string, FakeTask>();
  const webhooks: FakeWebhook[] = [];
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  const capturedFiles = new Map<string, string>();
  const scripted: { status: number; messageCode: string }[] = [];
  let origin = '';

  function robotOf(id: string): FakeRobot {
    const robot = robots.get(id);
    if (!robot) throw new ApiError(404, 'not_found');
    return robot;
  }

  function taskOf(robotId: string, taskId: string): FakeTask {
    const task = tasks.get(taskId);
    if (!task || task.robotId !== robotId) throw new ApiError(404, 'not_found');
    return task;
  }

  async function route(req: IncomingMessage, url: URL, record: RecordedRequest): Promise<{ status?: number; body: Record<string, unknown> }> {
    const method = req.method ?? 'GET';
    const parts = url.pathname
      .replace(/^\/v2\/?/, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const raw = method === 'POST' ? await readBody(req) : undefined;
    record.body = raw;
    if (raw !== undefined && !isObject(raw)) throw new ApiError(400, 'bad_request');
    const body = (raw ?? {}) as Record<string, unknown>;
    const [resource, robotId, sub, subId, ...rest] = parts;
    if (resource !== 'robots' || rest.length) throw new ApiError(404, 'not_found');
    if (!robotId) {
      if (method !== 'GET') throw new ApiError(404, 'not_found');
      const items = [...robots.keys()].map((id) => robotResource(id, robotCreatedAt));
      return { body: { robots: { totalCount: items.length, items } } };
    }
    robotOf(robotId);
    if (!sub && method === 'GET') return { body: { robot: robotResource(robotId, robotCreatedAt) } };

    if (sub === 'tasks' && !subId && method === 'POST') {
      const input = body.inputParameters;
      if (inputProblem(input)) throw new ApiError(400, 'invalid_input_parameters');
      const task = newTask(robotId, (input ?? {}) as Record<string, InputValue>);
      tasks.set(task.id, task);
      return { body: { result: task } };
    }
    if (sub === 'tasks' && !subId && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      if (!(page >= 1 && pageSize >= 1 && pageSize <= 10)) throw new ApiError(400, 'bad_request');
      const status = url.searchParams.get('status');
      const newestFirst = (url.searchParams.get('sort') ?? '-createdAt') === '-createdAt';
      const all = [...tasks.values()]
        .filter((t) => t.robotId === robotId && (!status || t.status === status))
        .sort((a, b) => (newestFirst ? b.createdAt - a.createdAt : a.createdAt - b.createdAt));
      const items = all.slice((page - 1) * pageSize, page * pageSize);
      return { body: { result: { robotTasks: { totalCount: all.length, pageNumber: page, hasMore: page * pageSize < all.length, items } } } };
    }
    if (sub === 'tasks' && subId && method === 'GET') return { body: { result: taskOf(robotId, subId) } };

    if (sub === 'webhooks' && !subId && method === 'POST') {
      const hookUrl = body.hookUrl;
      const eventType = body.eventType;
      if (typeof hookUrl !== 'string' || !/^https?:\/\//.test(hookUrl) || !URL.canParse(hookUrl)) throw new ApiError(400, 'bad_request');
      if (!WEBHOOK_EVENT_TYPES.includes(eventType as never)) throw new ApiError(400, 'bad_request');
      const webhook: FakeWebhook = { id: randomUUID(), robotId, url: hookUrl, webhookEvent: eventType as string, createdAt: Date.now() };
      webhooks.push(webhook);
      return { body: { webhook: publicWebhook(webhook) } };
    }
    if (sub === 'webhooks' && !subId && method === 'GET') {
      const items = webhooks.filter((w) => w.robotId === robotId).map(publicWebhook);
      return { body: { webhooks: { totalCount: items.length, items } } };
    }
    if (sub === 'webhooks' && subId && method === 'DELETE') {
      const index = webhooks.findIndex((w) => w.robotId === robotId && w.id === subId);
      if (index < 0) throw new ApiError(404, 'not_found');
      webhooks.splice(index, 1);
      return { body: {} };
    }
    throw new ApiError(404, 'not_found');
  }

  const publicWebhook = ({ id, url, webhookEvent, createdAt }: FakeWebhook) => ({ id, url, webhookEvent, createdAt });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const record: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body: undefined };
    requests.push(record);
    const file = /^\/captured-data\/([\w-]+)\.json$/.exec(url.pathname);
    if (file && req.method === 'GET') {
      const data = capturedFiles.get(file[1]!);
      record.status = data ? 200 : 404;
      res.writeHead(record.status, { 'Content-Type': 'application/json' }).end(data ?? '{}');
      return;
    }
    try {
      const bearer = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
      if (bearer?.[1] !== apiKey) throw new ApiError(401, 'unauthorized');
      const failure = scripted.shift();
      if (failure) throw new ApiError(failure.status, failure.messageCode);
      const { status = 200, body } = await route(req, url, record);
      record.status = send(res, status, body);
    } catch (error) {
      const problem = error instanceof ApiError ? error : new ApiError(500, 'internal_server_error');
      record.status = send(res, problem.status, { messageCode: problem.messageCode });
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function deliver(hookUrl: string, event: string, task: FakeTask): Promise<Delivery> {
    const delivery: Delivery = { url: hookUrl, event, taskId: task.id };
    deliveries.push(delivery);
    try {
      const response = await fetch(hookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'BrowseAI-Webhook' },
        body: JSON.stringify({ event, task }),
      });
      delivery.status = response.status;
      const text = await response.text();
      delivery.body = text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    return delivery;
  }

  async function completeTask(taskId: string, opts: { fail?: boolean; error?: string; deliver?: boolean } = {}): Promise<FakeTask> {
    const task = tasks.get(taskId);
    if (!task) throw new Error(`No task ${taskId}`);
    if (task.status !== 'in-progress') throw new Error(`Task ${taskId} already ${task.status}`);
    task.finishedAt = Date.now();
    if (opts.fail) {
      task.status = 'failed';
      task.userFriendlyError = opts.error ?? 'The page took too long to load. Please try again.';
    } else {
      task.status = 'successful';
      const lists = { [LIST_NAME]: capturedRows(robots.get(task.robotId)!, task.inputParameters) };
      const data = JSON.stringify({ capturedTexts: task.capturedTexts, capturedScreenshots: task.capturedScreenshots, capturedLists: lists });
      if (Buffer.byteLength(data) > INLINE_CAPTURED_DATA_BYTES) {
        capturedFiles.set(task.id, data);
        task.capturedDataTemporaryUrl = `${origin}/captured-data/${task.id}.json`;
      } else {
        task.capturedLists = lists;
      }
    }
    if (opts.deliver !== false) {
      const event = opts.fail ? 'task.finishedWithError' : 'task.finishedSuccessfully';
      const wanted = ['taskFinished', opts.fail ? 'taskFinishedWithError' : 'taskFinishedSuccessfully'];
      for (const hook of webhooks.filter((w) => w.robotId === task.robotId && wanted.includes(w.webhookEvent))) {
        await deliver(hook.url, event, task);
      }
    }
    return task;
  }

  return {
    url: `${origin}/v2`,
    apiKey,
    robotId: robots.keys().next().value!,
    robots,
    tasks,
    webhooks,
    requests,
    deliveries,
    completeTask,
    deliver,
    failNext: (status, messageCode, count = 1) => {
      for (let i = 0; i < count; i++) scripted.push({ status, messageCode });
    },
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
