import { and, eq, sql } from 'drizzle-orm';
import { memberLabels } from '../../../db/schema';
import { historyEntry, type Actor } from '../admin/history';
import { database } from '../db/database';
import { HttpError } from '../http/responses';

/** How many labels one person may carry: labels sort people, they are not notes. */
export const MAX_LABELS = 20;

/** Whether anyone with this (lower-cased) email is in the guide: a subscription, the newsletter or a sign-in. */
async function isMember(address: string): Promise<boolean> {
  const db = await database();
  const rows = await db.all(
    sql`SELECT 1 FROM subscribers WHERE lower(email) = ${address}
      UNION ALL SELECT 1 FROM newsletter_subscribers WHERE lower(email) = ${address}
      UNION ALL SELECT 1 FROM users WHERE lower(email) = ${address} LIMIT 1`,
  );
  return rows.length > 0;
}

async function labelsOfOne(address: string): Promise<string[]> {
  const db = await database();
  const rows = await db.select({ label: memberLabels.label }).from(memberLabels).where(eq(memberLabels.email, address)).orderBy(memberLabels.label);
  return rows.map((row) => row.label);
}

/** Puts a label on a person; the label and its History entry are written together. */
export async function addLabel(actor: Actor, email: string, label: string) {
  const address = email.trim().toLowerCase();
  if (!(await isMember(address))) throw new HttpError(404, 'Nobody with this email is in the guide.');
  const before = await labelsOfOne(address);
  if (before.includes(label)) throw new HttpError(409, `${address} already has the label "${label}".`);
  if (before.length >= MAX_LABELS) throw new HttpError(409, `A member can have ${MAX_LABELS} labels at most. Remove one first.`);
  const after = [...before, label].sort();
  const db = await database();
  await db.batch([
    db.insert(memberLabels).values({ email: address, label }),
    historyEntry(db, actor, { kind: 'member', subjectId: address, subjectLabel: address, event: 'label added', before: { labels: before }, after: { labels: after } }),
  ]);
  return { email: address, labels: after };
}

/** Takes a label off a person, with its History entry. */
export async function removeLabel(actor: Actor, email: string, label: string) {
  const address = email.trim().toLowerCase();
  const before = await labelsOfOne(address);
  if (!before.includes(label)) throw new HttpError(404, `${address} has no label "${label}".`);
  const after = before.filter((each) => each !== label);
  const db = await database();
  await db.batch([
    db.delete(memberLabels).where(and(eq(memberLabels.email, address), eq(memberLabels.label, label))),
    historyEntry(db, actor, { kind: 'member', subjectId: address, subjectLabel: address, event: 'label removed', before: { labels: before }, after: { labels: after } }),
  ]);
  return { email: address, labels: after };
}
