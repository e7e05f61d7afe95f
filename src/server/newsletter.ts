import { sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema';
import { database } from './db';

/**
 * Adds an address to the weekly newsletter. Signing up again is a success: it reactivates an
 * address that had unsubscribed and never creates a second row.
 */
export async function subscribeToNewsletter(email: string): Promise<{ email: string; isActive: true }> {
  const db = await database();
  await db
    .insert(newsletterSubscribers)
    .values({ email, isActive: true })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { isActive: sql`1` } });
  return { email, isActive: true };
}
