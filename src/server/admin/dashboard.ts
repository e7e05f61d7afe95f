import { eq, sql } from 'drizzle-orm';
import { spots, subscribers, userSuggestions, users } from '../../../db/schema';
import { latestTask } from '../content/event-scraping';
import { lastBackupStatus } from '../backup/ledger';
import { database } from '../db/database';
import { newsletterStatus } from '../newsletter/ledger';

/**
 * What the Dashboard shows: the numbers that matter today, each a single cheap count, and the
 * state of the last event import and the last backup (a failure newer than the last good run is
 * flagged loudly).
 */
export async function dashboardFacts(now = new Date()) {
  const db = await database();
  const [[spotCounts], [suggestions], newsletter, lastImport, backup] = await Promise.all([
    db.select({ inGuide: sql<number>`count(*) - count(${spots.archivedAt})`, archived: sql<number>`count(${spots.archivedAt})` }).from(spots),
    db
      .select({ pending: sql<number>`count(*)` })
      .from(userSuggestions)
      .where(eq(userSuggestions.status, 'pending')),
    newsletterStatus(now),
    latestTask(),
    lastBackupStatus(now),
  ]);
  const failedLast = backup.lastFailure !== null && (backup.lastSuccess === null || backup.lastFailure.startedAt > backup.lastSuccess.startedAt);
  return {
    spots: { inGuide: spotCounts?.inGuide ?? 0, archived: spotCounts?.archived ?? 0 },
    pendingSuggestions: suggestions?.pending ?? 0,
    subscribers: { active: newsletter.activeSubscribers, pending: newsletter.pendingSubscribers },
    lastImport,
    backup: { ...backup, failedLast },
  };
}

/** The Members section today: people who signed in, and paid memberships by state. */
export async function memberCounts() {
  const db = await database();
  const [[people], [paid]] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(users),
    db
      .select({
        active: sql<number>`count(*) FILTER (WHERE ${subscribers.subscriptionStatus} = 'active')`,
        founding: sql<number>`count(*) FILTER (WHERE ${subscribers.isFoundingMember} AND ${subscribers.subscriptionStatus} = 'active')`,
      })
      .from(subscribers),
  ]);
  return { signedIn: people?.n ?? 0, activeMembers: paid?.active ?? 0, foundingMembers: paid?.founding ?? 0 };
}
