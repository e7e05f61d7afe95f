import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { database } from './db';

/** Subscription status (spec §3): active only when the user's subscription is active. */
export async function subscriptionStatus(email: string): Promise<{ isActive: boolean }> {
  const db = await database();
  const [user] = await db
    .select({ status: users.subscriptionStatus })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return { isActive: user?.status === 'active' };
}
