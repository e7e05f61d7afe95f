import { eq } from 'drizzle-orm';
import { staff, type StaffMember } from '../../../db/schema';
import type { ClerkUser } from '../adapters/clerk-user';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { ACCOUNT_DISABLED } from './auth';

export const CLERK_SIGN_IN_REQUIRED = 'Sign in with Clerk first.';
export const NO_CLERK_STAFF = 'No staff account is linked to this Clerk account. Accept your invite while signed in to Clerk, or sign in with your email and password.';

/** The staff account an invite bound to this Clerk user (src/server/admin/staff-invites.ts clerkBinding). */
export async function clerkStaffMember(clerkUser: ClerkUser | null): Promise<StaffMember> {
  if (!clerkUser) throw new HttpError(401, CLERK_SIGN_IN_REQUIRED);
  const db = await database();
  const [member] = await db.select().from(staff).where(eq(staff.clerkUserId, clerkUser.id));
  if (!member) throw new HttpError(403, NO_CLERK_STAFF);
  if (member.disabledAt) throw new HttpError(403, ACCOUNT_DISABLED);
  return member;
}
