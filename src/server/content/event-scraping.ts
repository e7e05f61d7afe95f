import { and, desc, eq, lt, or } from 'drizzle-orm';
import { browseAiTasks, type BrowseAiTask as TaskRecord } from '../../../db/schema';
import { EVENT_SCRAPE_LIMIT } from '../../lib/constants';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { capturedEventRows, ensureWebhook, isBrowseAiConfigured, runTask, webhookAddress, type BrowseAiTask } from '../adapters/browse-ai';
import { config } from '../config';
import { database } from '../db/database';
import { prepareEvents, saveScrapedEvents, type PreparedImport } from './event-import';

/**
 * Event scraping as the admin panel and the webhook see it: starting a run of the events robot,
 * and the record of tasks that makes each finished task's import happen once.
 */

// A finished task's events are imported once, however often it is reported.

/** An import interrupted this long ago (a crash) may be taken up again. */
const STALE_IMPORT_MS = 5 * 60_000;

export type TaskOutcome = { taskId: string; status: string; duplicate: boolean; error?: string | null } & Partial<
  Omit<PreparedImport, 'events'> & { imported: number; updated: number; hidden: number }
>;

/** Records a started task; when a member of staff started it, with its History entry in the same batch. */
export async function recordTask(task: BrowseAiTask, actor?: Actor): Promise<void> {
  const db = await database();
  const record = db.insert(browseAiTasks).values({ id: task.id, status: 'in-progress' }).onConflictDoNothing();
  if (actor === undefined) {
    await record;
    return;
  }
  await db.batch([
    record,
    historyEntryIfChanged(db, actor, {
      kind: 'event',
      subjectId: task.id,
      subjectLabel: 'Event import (Browse AI)',
      event: 'import started',
      after: { taskId: task.id },
    }),
  ]);
}

export async function latestTask(): Promise<TaskRecord | null> {
  const db = await database();
  const [task] = await db.select().from(browseAiTasks).orderBy(desc(browseAiTasks.createdAt)).limit(1);
  return task ?? null;
}

/** Moves a task from in-progress to `status`; false when another delivery got there first. */
async function claimTask(taskId: string, status: 'importing' | 'failed', now: Date, error: string | null = null): Promise<boolean> {
  const db = await database();
  const claimable = or(
    eq(browseAiTasks.status, 'in-progress'),
    and(eq(browseAiTasks.status, 'importing'), lt(browseAiTasks.importedAt, new Date(now.getTime() - STALE_IMPORT_MS))),
  );
  // While importing, importedAt is when the import began.
  const change = { status, error, importedAt: status === 'importing' ? now : null };
  const claimed = await db
    .insert(browseAiTasks)
    .values({ id: taskId, ...change })
    .onConflictDoUpdate({ target: browseAiTasks.id, set: change, setWhere: claimable })
    .returning({ id: browseAiTasks.id });
  return claimed.length > 0;
}

async function importTask(task: BrowseAiTask, now: Date): Promise<TaskOutcome> {
  const db = await database();
  try {
    const rows = await capturedEventRows(task);
    const { events, ...report } = prepareEvents(rows, { now, baseUrl: config().BROWSE_AI_EVENTS_URL });
    const saved = await saveScrapedEvents(events, now);
    await db
      .update(browseAiTasks)
      .set({ status: 'successful', importedAt: new Date(), imported: saved.imported, updated: saved.updated, skipped: report.skipped })
      .where(eq(browseAiTasks.id, task.id));
    return { taskId: task.id, status: 'successful', duplicate: false, ...saved, ...report };
  } catch (error) {
    await db.update(browseAiTasks).set({ status: 'in-progress', importedAt: null }).where(eq(browseAiTasks.id, task.id));
    throw error;
  }
}

/** Acts on a task as Browse AI reports it: imports a successful one, records a failed one. */
export async function settleTask(task: BrowseAiTask, now: Date = new Date()): Promise<TaskOutcome> {
  const outcome = { taskId: task.id, status: task.status, duplicate: false };
  if (task.status === 'successful') {
    return (await claimTask(task.id, 'importing', now)) ? importTask(task, now) : { ...outcome, duplicate: true };
  }
  if (task.status === 'failed') {
    const error = task.userFriendlyError ?? 'The Browse AI task failed.';
    return { ...outcome, error, duplicate: !(await claimTask(task.id, 'failed', now, error)) };
  }
  return outcome;
}

/** Starts a scraping run of the events page and makes sure its result will be delivered to us. */
export async function startEventScraping(requestOrigin: string, actor?: Actor): Promise<BrowseAiTask> {
  const task = await runTask({ originUrl: config().BROWSE_AI_EVENTS_URL, events_limit: EVENT_SCRAPE_LIMIT });
  await recordTask(task, actor);
  const hookUrl = webhookAddress(requestOrigin);
  if (hookUrl) {
    try {
      await ensureWebhook(hookUrl);
    } catch (error) {
      console.error('[browse-ai] webhook not registered; poll the task instead:', (error as Error).message);
    }
  }
  return task;
}

/** What the admin panel's Browse AI Event Automation area shows (GET /api/browse-ai/status). */
export async function browseAiStatus() {
  const { BROWSE_AI_ROBOT_ID, BROWSE_AI_EVENTS_URL, BROWSE_AI_WEBHOOK_SECRET } = config();
  return {
    configured: isBrowseAiConfigured(),
    robotId: BROWSE_AI_ROBOT_ID ?? null,
    source: BROWSE_AI_EVENTS_URL,
    limit: EVENT_SCRAPE_LIMIT,
    webhookConfigured: Boolean(BROWSE_AI_WEBHOOK_SECRET),
    lastTask: await latestTask(),
  };
}

/** The admin panel's 'Trigger Event Scraping' (POST /api/browse-ai/trigger): starts the robot. */
export async function triggerEventScraping(requestOrigin: string, actor: Actor = null) {
  const task = await startEventScraping(requestOrigin, actor);
  return { taskId: task.id, status: task.status, message: 'Browse AI task created' };
}
