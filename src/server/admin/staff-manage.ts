import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import { authSessions, staff, type StaffMember, type StaffRole } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { historyEntry, type Actor } from './history';

export interface StaffAccount {
  id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  builtIn: boolean;
  disabled: boolean;
  clerk: boolean;
  lastSignInAt: Date | null;
}

export const LAST_OWNER = 'This is the last Owner. Make another account Owner first.';
export const BUILT_IN_STAYS_OWNER = 'The built-in Owner account (the admin password) always stays an Owner and cannot be disabled.';
export const NOT_YOURSELF = 'You cannot disable your own account.';
const NO_ACCOUNT = 'No staff account with this id.';

/** Every account, Owners first, with when it last signed in. */
export async function staffAccounts(): Promise<StaffAccount[]> {
  const db = await database();
  const lastSignIn = db
    .select({ subject: authSessions.subject, at: max(authSessions.createdAt).as('last_sign_in') })
    .from(authSessions)
    .where(eq(authSessions.kind, 'staff'))
    .groupBy(authSessions.subject)
    .as('last_sign_in');
  const rows = await db
    .select({ member: staff, lastSignInAt: lastSignIn.at })
    .from(staff)
    .leftJoin(lastSignIn, eq(lastSignIn.subject, sql`cast(${staff.id} as text)`))
    .orderBy(sql`case ${staff.role} when 'owner' then 0 when 'editor' then 1 when 'contributor' then 2 else 3 end`, asc(staff.name), asc(staff.id));
  return rows.map(({ member, lastSignInAt }) => ({
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    builtIn: member.builtIn,
    disabled: member.disabledAt !== null,
    clerk: member.clerkUserId !== null,
    lastSignInAt: lastSignInAt === null || lastSignInAt === undefined ? null : new Date(Number(lastSignInAt)),
  }));
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function accountOf(tx: Tx, id: number): Promise<StaffMember> {
  const [member] = await tx.select().from(staff).where(eq(staff.id, id));
  if (!member) throw new HttpError(404, NO_ACCOUNT);
  return member;
}

/** Whether an active Owner other than this account remains. */
async function anotherOwner(tx: Tx, id: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)))
    .limit(1);
  return Boolean(other);
}

const entry = (tx: Tx) => tx as unknown as Database;
const label = (member: StaffMember) => member.email ?? member.name;

/** Changes an account's role. The built-in Owner and the last Owner keep theirs (409). */
export async function changeRole(actor: NonNullable<Actor>, id: number, role: StaffRole, now = Date.now()): Promise<StaffMember> {
  const db = await database();
  return db.transaction(
    async (tx) => {
      const member = await accountOf(tx, id);
      if (member.role === role) return member;
      if (member.builtIn) throw new HttpError(409, BUILT_IN_STAYS_OWNER);
      if (member.role === 'owner' && !(await anotherOwner(tx, id))) throw new HttpError(409, LAST_OWNER);
      const [changed] = await tx
        .update(staff)
        .set({ role, updatedAt: new Date(now) })
        .where(eq(staff.id, id))
        .returning();
      await historyEntry(
        entry(tx),
        actor,
        { kind: 'staff', subjectId: id, subjectLabel: label(member), event: 'role changed', before: { role: member.role }, after: { role } },
        new Date(now),
      );
      return changed!;
    },
    { behavior: 'immediate' },
  );
}

/**
 * Disables an account (its sessions end at once: they are revoked, and a session of a disabled
 * account is no session) or enables it again. Not the built-in Owner, not the last Owner, not yourself.
 */
export async function setDisabled(actor: NonNullable<Actor>, id: number, disabled: boolean, now = Date.now()): Promise<{ member: StaffMember; sessionsEnded: number }> {
  const db = await database();
  return db.transaction(
    async (tx) => {
      const member = await accountOf(tx, id);
      if ((member.disabledAt !== null) === disabled) return { member, sessionsEnded: 0 };
      if (disabled) {
        if (member.builtIn) throw new HttpError(409, BUILT_IN_STAYS_OWNER);
        if (member.id === actor.id) throw new HttpError(409, NOT_YOURSELF);
        if (member.role === 'owner' && !(await anotherOwner(tx, id))) throw new HttpError(409, LAST_OWNER);
      }
      const [changed] = await tx
        .update(staff)
        .set({ disabledAt: disabled ? new Date(now) : null, updatedAt: new Date(now) })
        .where(eq(staff.id, id))
        .returning();
      const ended = disabled
        ? await tx
            .update(authSessions)
            .set({ revokedAt: new Date(now) })
            .where(and(eq(authSessions.kind, 'staff'), eq(authSessions.subject, String(id)), isNull(authSessions.revokedAt)))
            .returning({ id: authSessions.id })
        : [];
      await historyEntry(
        entry(tx),
        actor,
        {
          kind: 'staff',
          subjectId: id,
          subjectLabel: label(member),
          event: disabled ? 'disabled' : 'enabled',
          before: { disabled: !disabled },
          after: { disabled, ...(disabled && { sessionsEnded: ended.length }) },
        },
        new Date(now),
      );
      return { member: changed!, sessionsEnded: ended.length };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Transfers ownership: the account becomes an Owner and the Owner handing over becomes an Editor
 * (the built-in Owner account always stays an Owner).
 */
export async function transferOwnership(actor: NonNullable<Actor>, id: number, now = Date.now()): Promise<StaffMember> {
  const db = await database();
  return db.transaction(
    async (tx) => {
      const member = await accountOf(tx, id);
      if (member.id === actor.id) throw new HttpError(409, 'You are already an Owner.');
      if (member.disabledAt) throw new HttpError(409, 'Enable this account before making it Owner.');
      if (member.role === 'owner') throw new HttpError(409, `${member.name} is already an Owner.`);
      const giver = await accountOf(tx, actor.id);
      const [changed] = await tx
        .update(staff)
        .set({ role: 'owner', updatedAt: new Date(now) })
        .where(eq(staff.id, id))
        .returning();
      const stepsDown = !giver.builtIn && giver.role === 'owner';
      if (stepsDown)
        await tx
          .update(staff)
          .set({ role: 'editor', updatedAt: new Date(now) })
          .where(eq(staff.id, giver.id));
      await historyEntry(
        entry(tx),
        actor,
        {
          kind: 'staff',
          subjectId: id,
          subjectLabel: label(member),
          event: 'ownership transferred',
          before: { role: member.role, ...(stepsDown && { from: giver.name, fromRole: 'owner' }) },
          after: { role: 'owner', ...(stepsDown && { from: giver.name, fromRole: 'editor' }) },
        },
        new Date(now),
      );
      return changed!;
    },
    { behavior: 'immediate' },
  );
}
