/** Browse AI's resources as the fake keeps them: robots, tasks and webhooks (REST API v2 shapes). */
import { randomUUID } from 'node:crypto';

export type CapturedRow = Record<string, string>;
export type InputValue = string | number | string[];

export interface FakeRobot {
  /** Every row the robot would capture on the events page, in page order. */
  rows: CapturedRow[];
  /** Captures every row whatever `events_limit` says, like a robot that ignores its limit. */
  ignoreLimit?: boolean;
}

export interface FakeTask {
  id: string;
  robotId: string;
  status: 'in-progress' | 'successful' | 'failed';
  inputParameters: Record<string, InputValue>;
  runByAPI: boolean;
  robotBulkRunId: string | null;
  runByTaskMonitorId: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  userFriendlyError: string | null;
  retriedOriginalTaskId: string | null;
  retriedByTaskId: string | null;
  capturedDataTemporaryUrl: string | null;
  capturedTexts: Record<string, string | null>;
  capturedScreenshots: Record<string, unknown>;
  capturedLists: Record<string, CapturedRow[]>;
}

export interface FakeWebhook {
  id: string;
  robotId: string;
  url: string;
  webhookEvent: string;
  createdAt: number;
}

export const WEBHOOK_EVENT_TYPES = [
  'taskFinished',
  'taskFinishedSuccessfully',
  'taskFinishedWithError',
  'taskCapturedDataChanged',
  'tableExportFinishedSuccessfully',
] as const;

/** The list the events robot was trained on. */
export const LIST_NAME = 'events';
/** The robot's default `events_limit` when a run does not set one. */
export const DEFAULT_EVENTS_LIMIT = 10;
/** Captured data larger than this moves to `capturedDataTemporaryUrl`. */
export const INLINE_CAPTURED_DATA_BYTES = 100 * 1024;
export const DEFAULT_ORIGIN_URL = 'https://www.experiencescottsdale.com/events/';

export function robotResource(id: string, createdAt: number) {
  return {
    id,
    name: 'Scottsdale events',
    createdAt,
    inputParameters: [
      { type: 'url', name: 'originUrl', label: 'Origin URL', required: true, defaultValue: DEFAULT_ORIGIN_URL },
      { type: 'number', name: `${LIST_NAME}_limit`, label: 'Max events', required: false, defaultValue: DEFAULT_EVENTS_LIMIT },
      { type: 'number', name: `${LIST_NAME}_skip`, label: 'Events to skip', required: false, defaultValue: 0 },
    ],
  };
}

/** Checks `inputParameters` against the robot's parameters; the problem text, or null when fine. */
export function inputProblem(input: unknown): string | null {
  if (input === undefined) return null;
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'inputParameters must be an object';
  const known = robotResource('', 0).inputParameters.map((p) => p.name);
  for (const [name, value] of Object.entries(input)) {
    if (!known.includes(name)) return `unknown input parameter ${name}`;
    const valid = typeof value === 'string' || typeof value === 'number' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    if (!valid) return `${name} must be a string, a number or a string[]`;
    if (name === 'originUrl' && !URL.canParse(String(value))) return 'originUrl must be a URL';
    if (name !== 'originUrl' && !(Number.isInteger(Number(value)) && Number(value) >= 0)) return `${name} must be a whole number`;
  }
  return null;
}

export function newTask(robotId: string, inputParameters: Record<string, InputValue>, now = Date.now()): FakeTask {
  return {
    id: randomUUID(),
    robotId,
    status: 'in-progress',
    inputParameters: { originUrl: DEFAULT_ORIGIN_URL, ...inputParameters },
    runByAPI: true,
    robotBulkRunId: null,
    runByTaskMonitorId: null,
    createdAt: now,
    startedAt: now,
    finishedAt: null,
    userFriendlyError: null,
    retriedOriginalTaskId: null,
    retriedByTaskId: null,
    capturedDataTemporaryUrl: null,
    capturedTexts: {},
    capturedScreenshots: {},
    capturedLists: {},
  };
}

/** The rows a run captures: `<list>_skip` rows skipped, at most `<list>_limit` kept. */
export function capturedRows(robot: FakeRobot, input: Record<string, InputValue>): CapturedRow[] {
  const skip = Number(input[`${LIST_NAME}_skip`] ?? 0);
  const limit = robot.ignoreLimit ? Infinity : Number(input[`${LIST_NAME}_limit`] ?? DEFAULT_EVENTS_LIMIT);
  return robot.rows.slice(skip, skip + limit).map((row, index) => ({ Position: String(skip + index + 1), ...row }));
}

/** Sample rows of a tourism events page, dated from `from` on, as the robot captures them (strings). */
export function sampleEventRows(count: number, from = new Date()): CapturedRow[] {
  const day = 24 * 60 * 60 * 1000;
  const format = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Phoenix', month: 'long', day: 'numeric', year: 'numeric' });
  return Array.from({ length: count }, (_, i) => ({
    title: `Old Town Art Walk ${i + 1}`,
    date: format.format(new Date(from.getTime() + (i + 1) * day)),
    time: '7:00 PM',
    description: `Galleries open late along Main Street, evening ${i + 1}.`,
    location: 'Old Town Scottsdale',
    link: `https://www.experiencescottsdale.com/events/art-walk-${i + 1}/`,
    category: 'Arts',
  }));
}
