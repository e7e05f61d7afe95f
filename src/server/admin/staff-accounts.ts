import { and, eq, isNull } from 'drizzle-orm';
import { staff, type StaffMember } from '../../../db/schema';
import { database } from '../db/database';

/**
 * The account ADMIN_PASSWORD signs in to: an Owner named "Owner", made on the first sign-in with
 * the password, so a fresh install works with nothing else set up.
 */
export async function builtInOwner(): Promise<StaffMember> {
  const db = await database();
  const [existing] = await db.select().from(staff).where(eq(staff.builtIn, true));
  if (existing) return existing;
  // Two first sign-ins at once make one account: the partial unique index on built_in keeps one.
  await db.insert(staff).values({ name: 'Owner', role: 'owner', builtIn: true }).onConflictDoNothing();
  const [made] = await db.select().from(staff).where(eq(staff.builtIn, true));
  return made!;
}

/** A member of staff by id, when the account exists and is not disabled. */
export async function activeStaffMember(id: number): Promise<StaffMember | null> {
  const db = await database();
  const [member] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), isNull(staff.disabledAt)));
  return member ?? null;
}
