import { z } from 'zod';
import { config } from '../config';
import { HttpError, json } from '../http/responses';
import { sameSecret } from '../http/same-secret';

/**
 * Browse AI event scraping: the REST API v2 adapter (run the events robot, read its tasks,
 * register our webhook). What happens to a task's events is in src/server/content/event-scraping.ts.
 */

const TIMEOUT_MS = 15_000;
/** Captured data over 100 KB is served from a temporary file; more than this is refused. */
const MAX_CAPTURED_DATA_BYTES = 5 * 1024 * 1024;

export const NOT_CONFIGURED = 'Browse AI is not configured: set BROWSE_AI_API_KEY and BROWSE_AI_ROBOT_ID.';
export const KEY_REJECTED = 'Browse AI rejected the API key. Please check the API key configuration.';
const UNAVAILABLE = 'Browse AI is unavailable right now. Please try again in a few minutes.';

const CapturedLists = z.record(z.string(), z.array(z.unknown()));

export const BrowseAiTaskSchema = z.looseObject({
  id: z.string().min(1).max(100),
  robotId: z.string().nullish(),
  status: z.string(),
  inputParameters: z.record(z.string(), z.unknown()).nullish(),
  createdAt: z.number().nullish(),
  startedAt: z.number().nullish(),
  finishedAt: z.number().nullish(),
  userFriendlyError: z.string().nullish(),
  retriedByTaskId: z.string().nullish(),
  capturedDataTemporaryUrl: z.string().nullish(),
  capturedLists: CapturedLists.nullish(),
});
export type BrowseAiTask = z.infer<typeof BrowseAiTaskSchema>;

const TaskAnswer = z.object({ result: BrowseAiTaskSchema });
const Webhook = z.looseObject({ id: z.string(), url: z.string(), webhookEvent: z.string().nullish() });
const WebhookList = z.object({ webhooks: z.object({ items: z.array(Webhook) }) });
const WebhookAnswer = z.object({ webhook: Webhook });
const ErrorAnswer = z.looseObject({ messageCode: z.string().optional() });

export type InputParameters = Record<string, string | number | string[]>;

export function isBrowseAiConfigured(): boolean {
  const { BROWSE_AI_API_KEY, BROWSE_AI_ROBOT_ID } = config();
  return Boolean(BROWSE_AI_API_KEY && BROWSE_AI_ROBOT_ID);
}

function credentials(): { key: string; robotId: string; base: string } {
  const { BROWSE_AI_API_KEY, BROWSE_AI_ROBOT_ID, BROWSE_AI_API_BASE } = config();
  if (!BROWSE_AI_API_KEY || !BROWSE_AI_ROBOT_ID) throw new HttpError(503, NOT_CONFIGURED);
  return { key: BROWSE_AI_API_KEY, robotId: BROWSE_AI_ROBOT_ID, base: BROWSE_AI_API_BASE };
}

/** What a visitor-safe message says for each Browse AI failure; `notFound` depends on the call. */
function failure(status: number, messageCode: string | undefined, notFound: string): HttpError {
  console.error(`[browse-ai] ${status} ${messageCode ?? ''}`.trim());
  if (status === 401 && messageCode === 'no_api_access') {
    return new HttpError(502, 'This Browse AI plan has no API access. Please check the API key configuration.');
  }
  if (status === 401) return new HttpError(502, KEY_REJECTED);
  if (status === 404) return new HttpError(502, notFound);
  if (status === 403 && messageCode === 'credits_limit_reached') {
    return new HttpError(502, 'Browse AI has no credits left on this plan, so no task was started.');
  }
  if (status === 400 && messageCode === 'invalid_input_parameters') {
    return new HttpError(502, "Browse AI refused the robot's input parameters (originUrl, events_limit).");
  }
  if (messageCode === 'robot_under_maintenance') {
    return new HttpError(502, 'The Browse AI robot is under maintenance. Please try again later.');
  }
  return new HttpError(502, UNAVAILABLE);
}

async function call<T extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: T, options: { body?: unknown; notFound: string }): Promise<z.infer<T>> {
  const { key, robotId, base } = credentials();
  let response: Response;
  try {
    response = await fetch(`${base}/robots/${encodeURIComponent(robotId)}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        Accept: 'application/json',
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`[browse-ai] ${method} ${path} failed:`, (error as Error).message);
    throw new HttpError(502, UNAVAILABLE);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, ErrorAnswer.safeParse(data).data?.messageCode, options.notFound);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`[browse-ai] unexpected answer to ${method} ${path}:`, parsed.error.issues.slice(0, 3));
    throw new HttpError(502, 'Browse AI sent an answer that could not be read.');
  }
  return parsed.data;
}

const robotNotFound = () => `Browse AI robot not found: check BROWSE_AI_ROBOT_ID (${credentials().robotId}).`;

/** Starts the robot; the new task is in progress and finishes minutes later. */
export async function runTask(inputParameters: InputParameters): Promise<BrowseAiTask> {
  const answer = await call('POST', '/tasks', TaskAnswer, {
    body: { recordVideo: false, inputParameters },
    notFound: robotNotFound(),
  });
  return answer.result;
}

/** Reads one task of the configured robot as Browse AI has it now. */
export async function getTask(taskId: string): Promise<BrowseAiTask> {
  const answer = await call('GET', `/tasks/${encodeURIComponent(taskId)}`, TaskAnswer, {
    notFound: `Browse AI has no task ${taskId} for this robot.`,
  });
  return answer.result;
}

/**
 * Registers `hookUrl` for finished tasks unless it already is: Browse AI calls every registration,
 * so registering twice would deliver every task twice.
 */
export async function ensureWebhook(hookUrl: string): Promise<'registered' | 'present'> {
  const notFound = robotNotFound();
  const { webhooks } = await call('GET', '/webhooks', WebhookList, { notFound });
  if (webhooks.items.some((hook) => hook.url === hookUrl)) return 'present';
  await call('POST', '/webhooks', WebhookAnswer, { body: { hookUrl, eventType: 'taskFinished' }, notFound });
  return 'registered';
}

const CapturedData = z.looseObject({ capturedLists: CapturedLists.nullish() });

/** Reads captured data Browse AI moved to a temporary file because it was over 100 KB. */
async function capturedDataFile(url: string): Promise<z.infer<typeof CapturedLists> | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = response.ok ? await response.text() : '';
    if (!text || text.length > MAX_CAPTURED_DATA_BYTES) throw new Error(`status ${response.status}, ${text.length} characters`);
    return CapturedData.parse(JSON.parse(text)).capturedLists ?? null;
  } catch (error) {
    console.error('[browse-ai] captured data file could not be read:', (error as Error).message);
    throw new HttpError(502, 'The captured events of this Browse AI task could not be downloaded.');
  }
}

/** The rows of the task's events list: the list named "events", or the only list there is. */
export async function capturedEventRows(task: BrowseAiTask): Promise<unknown[]> {
  let lists = task.capturedLists ?? null;
  if ((!lists || Object.keys(lists).length === 0) && task.capturedDataTemporaryUrl) {
    lists = await capturedDataFile(task.capturedDataTemporaryUrl);
  }
  if (!lists) return [];
  const names = Object.keys(lists);
  const named = names.find((name) => name.toLowerCase() === 'events');
  const chosen = named ?? (names.length === 1 ? names[0] : undefined);
  return chosen ? (lists[chosen] ?? []) : [];
}

// --- The webhook address carries a secret token, since Browse AI signs nothing.

/** Our webhook address with its token, or null when webhooks are not configured. */
export function webhookAddress(requestOrigin: string): string | null {
  const { BROWSE_AI_WEBHOOK_SECRET, SITE_URL } = config();
  if (!BROWSE_AI_WEBHOOK_SECRET) return null;
  const url = new URL('/api/browse-ai/webhook', SITE_URL ?? requestOrigin);
  url.searchParams.set('token', BROWSE_AI_WEBHOOK_SECRET);
  return url.href;
}

/** Checks a delivery's token in constant time; no configured secret means no webhooks at all. */
export function requireWebhookToken(token: string | null): void {
  const secret = config().BROWSE_AI_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(503, 'Browse AI webhooks are not configured: set BROWSE_AI_WEBHOOK_SECRET.');
  if (!token || !sameSecret(token, secret)) throw new HttpError(401, 'Invalid webhook token.');
}

/** Error answers of the Browse AI endpoints repeat the text in `error`, the field the admin panel reads. */
export async function withErrorField(pending: Promise<Response>): Promise<Response> {
  const response = await pending;
  if (response.ok) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: string } | null;
  if (!body?.message) return response;
  return json({ ...body, error: body.message }, { status: response.status, headers: response.headers });
}
