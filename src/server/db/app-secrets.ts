import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSecrets } from '../../../db/schema';
import { database } from './database';

const cached = new Map<string, string>();

/**
 * A signing key kept in the database under `name`, made on first use: every instance and every
 * script (the newsletter sender, the Stripe webhook) signs with the same key, and the key outlives
 * rotated session secrets. The insert also covers a database whose key row was removed by hand;
 * when two processes make it at once, the first one's key is the one both use.
 */
export async function storedSecret(name: string): Promise<string> {
  const known = cached.get(name);
  if (known) return known;
  const db = await database();
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`The signing key "${name}" could not be stored.`);
  cached.set(name, row.value);
  return row.value;
}
