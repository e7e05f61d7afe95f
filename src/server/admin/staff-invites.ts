import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { staff, staffInvites, type StaffMember, type StaffRole } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { ROLE_LABELS } from '../../lib/staff-roles';
import { SITE_NAME } from '../../lib/constants';
import type { ClerkUser } from '../adapters/clerk-user';
import { describeMailError, smtpMailer } from '../adapters/mail';
import { config } from '../config';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { escapeHtml } from '../newsletter/email';
import { hashToken, newToken } from '../sessions/store';
import { historyEntry, type Actor } from './history';
import { hashPassword } from './staff-passwords';

/** An invite link works for 7 days, once. */
export const INVITE_DAYS = 7;
const INVITE_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;

export const INVITE_REFUSALS = {
  unknown: 'This invite link is not valid. Check that you copied all of it, or ask the Owner for a new one.',
  used: 'This invite has already been used. Sign in at /admin, or ask the Owner for a new invite.',
  expired: 'This invite has expired. Ask the Owner for a new one.',
  revoked: 'This invite was withdrawn. Ask the Owner for a new one.',
} as const;
export type InviteRefusal = keyof typeof INVITE_REFUSALS;
export const ALREADY_STAFF = 'There is already a staff account with this email.';

export interface PendingInvite {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export const inviteLink = (origin: string, token: string) => `${origin}/admin/invite?token=${token}`;

/** Sends the invite when SMTP_URL and NEWSLETTER_FROM are set; answers whether it went out. */
async function mailInvite(to: string, role: StaffRole, link: string, inviter: string): Promise<boolean> {
  const { SMTP_URL, NEWSLETTER_FROM } = config();
  if (!SMTP_URL || !NEWSLETTER_FROM) return false;
  const mailer = smtpMailer(SMTP_URL, { maxConnections: 1 });
  const subject = `You are invited to the ${SITE_NAME} back office`;
  const text = `${inviter} invited you to join the ${SITE_NAME} back office as ${ROLE_LABELS[role]}.\n\nSet your name and password here (the link works once, for ${INVITE_DAYS} days):\n${link}\n`;
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#2b2118">
<p>${escapeHtml(inviter)} invited you to join the ${escapeHtml(SITE_NAME)} back office as <strong>${ROLE_LABELS[role]}</strong>.</p>
<p><a href="${escapeHtml(link)}">Set your name and password</a></p>
<p style="color:#6b5d50">The link works once, for ${INVITE_DAYS} days.</p></body></html>`;
  try {
    await mailer.send({ from: NEWSLETTER_FROM, to, subject, html, text });
    return true;
  } catch (error) {
    console.error(`Staff invite to ${to} was not emailed: ${describeMailError(error)}`);
    return false;
  } finally {
    mailer.close();
  }
}

/**
 * Invites an email with a role. The invite is stored (as the hash of its link's token) before any
 * mail is tried, so a mail failure loses nothing: the inviter always gets the link to copy.
 */
export async function createInvite(actor: NonNullable<Actor>, input: { email: string; role: StaffRole }, origin: string, now = Date.now()) {
  const email = input.email.trim().toLowerCase();
  const db = await database();
  const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  if (existing) throw new HttpError(409, ALREADY_STAFF);
  const token = newToken();
  const id = hashToken(token);
  const expiresAt = new Date(now + INVITE_MS);
  await db.batch([
    // A new invite replaces any still pending for the same address: one link works at a time.
    db
      .update(staffInvites)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(staffInvites.email, email), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt))),
    db.insert(staffInvites).values({ id, email, role: input.role, invitedBy: actor.id, createdAt: new Date(now), expiresAt }),
    historyEntry(db, actor, { kind: 'staff', subjectId: email, subjectLabel: email, event: 'invited', after: { email, role: input.role } }, new Date(now)),
  ]);
  const link = inviteLink(origin, token);
  const emailed = await mailInvite(email, input.role, link, actor.name);
  return { id, email, role: input.role, expiresAt, link, emailed };
}

/** Invites not used, withdrawn or expired, newest first. */
export async function pendingInvites(now = Date.now()): Promise<PendingInvite[]> {
  const db = await database();
  return db
    .select({
      id: staffInvites.id,
      email: staffInvites.email,
      role: staffInvites.role,
      invitedBy: staff.name,
      createdAt: staffInvites.createdAt,
      expiresAt: staffInvites.expiresAt,
    })
    .from(staffInvites)
    .leftJoin(staff, eq(staff.id, staffInvites.invitedBy))
    .where(and(isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, new Date(now))))
    .orderBy(desc(staffInvites.createdAt));
}

/** Withdraws a pending invite; its link then refuses. 404 when there is no such pending invite. */
export async function revokeInvite(actor: NonNullable<Actor>, id: string, now = Date.now()): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(staffInvites)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(staffInvites.id, id), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, new Date(now))))
      .returning();
    if (!revoked) throw new HttpError(404, 'No pending invite with this id: it may have been used, withdrawn or expired.');
    await historyEntry(
      tx as unknown as Database,
      actor,
      { kind: 'staff', subjectId: revoked.email, subjectLabel: revoked.email, event: 'invite withdrawn', before: { email: revoked.email, role: revoked.role } },
      new Date(now),
    );
  });
}

type InviteRow = typeof staffInvites.$inferSelect;
function refusalOf(invite: InviteRow | undefined, now: number): InviteRefusal | null {
  if (!invite) return 'unknown';
  if (invite.usedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= now) return 'expired';
  return null;
}

/** What the invite page shows for a link: the invite's email and role, or why it no longer works. */
export async function inviteForToken(token: string, now = Date.now()): Promise<{ ok: true; email: string; role: StaffRole } | { ok: false; refusal: InviteRefusal }> {
  const db = await database();
  const [invite] = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await db
        .select()
        .from(staffInvites)
        .where(eq(staffInvites.id, hashToken(token)))
    : [];
  const refusal = refusalOf(invite, now);
  return refusal ? { ok: false, refusal } : { ok: true, email: invite!.email, role: invite!.role };
}

/**
 * The Clerk account an invite binds to: the invitee is signed in to Clerk with the invite's own
 * email, verified by Clerk. Anyone else's Clerk session binds nothing.
 */
export function clerkBinding(inviteEmail: string, clerkUser: ClerkUser | null): string | null {
  if (!clerkUser?.email || !clerkUser.emailVerified) return null;
  return clerkUser.email.trim().toLowerCase() === inviteEmail.trim().toLowerCase() ? clerkUser.id : null;
}

/**
 * Uses an invite: marks it used (only if it is still pending, in the same transaction), creates
 * the account with the role it names and writes "joined" to the History. A second use, an expired
 * or a withdrawn link creates nothing (410; 404 for a link that never existed).
 */
export async function acceptInvite(token: string, input: { name: string; password: string }, clerkUser: ClerkUser | null, now = Date.now()): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  const db = await database();
  const id = hashToken(token);
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ usedAt: new Date(now) })
      .where(and(eq(staffInvites.id, id), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, new Date(now))))
      .returning();
    if (!invite) {
      const [row] = await tx.select().from(staffInvites).where(eq(staffInvites.id, id));
      const refusal = refusalOf(row, now) ?? 'used';
      throw new HttpError(refusal === 'unknown' ? 404 : 410, INVITE_REFUSALS[refusal]);
    }
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, invite.email));
    if (taken) throw new HttpError(409, ALREADY_STAFF);
    const clerkUserId = clerkBinding(invite.email, clerkUser);
    if (clerkUserId) {
      const [bound] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.clerkUserId, clerkUserId));
      if (bound) throw new HttpError(409, 'Your Clerk account already signs in to another staff account.');
    }
    const [member] = await tx
      .insert(staff)
      .values({ email: invite.email, name: input.name, role: invite.role, passwordHash, clerkUserId, createdAt: new Date(now), updatedAt: new Date(now) })
      .returning();
    await tx.update(staffInvites).set({ staffId: member!.id }).where(eq(staffInvites.id, id));
    await historyEntry(
      tx as unknown as Database,
      { id: member!.id, name: member!.name },
      {
        kind: 'staff',
        subjectId: member!.id,
        subjectLabel: invite.email,
        event: 'joined',
        after: { name: member!.name, email: invite.email, role: invite.role, clerk: clerkUserId !== null },
      },
      new Date(now),
    );
    return member!;
  });
}
