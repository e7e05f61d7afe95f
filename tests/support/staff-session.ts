import { createHash, randomBytes } from 'node:crypto';
import { openDatabase } from '../../db/client';
import { authSessions, staff, type StaffRole } from '../../db/schema';
import type { TestServer } from './server';

/**
 * A member of staff with a live session, made straight in the database (as an accepted invite and
 * a sign-in would): the `admin_session` cookie value to send as them.
 */
export async function staffWithSession(databaseUrl: string, member: { name: string; email: string; role: StaffRole }): Promise<{ id: number; token: string }> {
  const db = openDatabase({ url: databaseUrl });
  try {
    const [made] = await db.insert(staff).values(member).returning();
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await db.insert(authSessions).values({
      id: createHash('sha256').update(token).digest('hex'),
      kind: 'staff',
      subject: String(made!.id),
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      expiresAt: new Date(now + 24 * 60 * 60 * 1000),
      idleTimeoutMs: 12 * 60 * 60 * 1000,
      ipAddress: '127.0.0.1',
      userAgent: 'test',
    });
    return { id: made!.id, token };
  } finally {
    db.$client.close();
  }
}

/** A call to the back office as the staff member holding session `token` (Origin set, JSON body). */
export function asStaff(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return server.fetch(path, {
    method,
    headers: { origin: server.url, cookie: `admin_session=${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
