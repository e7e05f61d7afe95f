// With Clerk configured, a member of staff may sign in with their Clerk account: accepting an
// invite while signed in to Clerk with the invite's own (verified) email binds the account to it,
// and afterwards that Clerk session alone starts a staff session. Built with the fake Clerk's keys
// into a folder of its own, as tests/api/clerk.test.ts does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { staff } from '../../db/schema';
import { startFakeClerk, type FakeClerk } from '../fakes/clerk-server';
import { buildSeparately, type SeparateBuild } from '../support/separate-build';
import { startTestServer, type TestServer } from '../support/server';
import { Browser, call as callServer, invite, signInOwner } from '../support/staff';

const PASSWORD = 'clerk-staff-owner-password';
let clerk: FakeClerk;
let build: SeparateBuild;
let server: TestServer;
let db: Database;
const owner = new Browser('198.18.8.1');

beforeAll(async () => {
  clerk = await startFakeClerk();
  build = await buildSeparately({ PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.publishableKey, CLERK_SECRET_KEY: clerk.secretKey });
  server = await startTestServer({
    root: build.root,
    env: {
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: '1',
      PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.publishableKey,
      CLERK_SECRET_KEY: clerk.secretKey,
      CLERK_API_URL: clerk.url,
      SESSION_SECRET: 'clerk-staff-session-secret-long-enough-00',
    },
  });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
}, 300_000);
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await clerk?.stop();
  build?.remove();
});

/** The cookies a browser signed in to Clerk sends. */
function clerkCookies(userId: string): string {
  const token = clerk.mintSessionToken(userId);
  const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat as number;
  return `__session=${token}; __client_uat=${iat}`;
}
/** A call from this browser while it is signed in to Clerk as this user (or not). */
function call(browser: Browser, method: string, path: string, body: unknown, clerkUser: string | null) {
  const cookie = [browser.header(), clerkUser ? clerkCookies(clerkUser) : ''].filter(Boolean).join('; ');
  return callServer(server, browser, method, path, body, cookie ? { cookie } : {});
}
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('staff sign-in with Clerk', () => {
  it('accepting an invite signed in to Clerk with its email binds the account; that Clerk session then signs in as staff', async () => {
    const clerkUser = clerk.addUser({ email: 'mesa.editor@example.com', firstName: 'Mesa' });
    const token = await invite(server, owner, 'mesa.editor@example.com', 'editor');
    const accepting = new Browser('198.18.8.2');
    const accepted = await call(accepting, 'POST', '/api/admin/invites/accept', { token, name: 'Mesa', password: 'sonoran-sunrise-1' }, clerkUser);
    expect(accepted.status).toBe(201);
    expect((await accepted.json()).account).toMatchObject({ email: 'mesa.editor@example.com', role: 'editor', clerk: true });
    const [member] = await db.select().from(staff).where(eq(staff.email, 'mesa.editor@example.com'));
    expect(member!.clerkUserId).toBe(clerkUser);

    // Another browser with nothing but the Clerk session.
    const phone = new Browser('198.18.8.3');
    const signIn = await call(phone, 'POST', '/api/admin/auth/clerk', undefined, clerkUser);
    expect(signIn.status).toBe(200);
    expect(phone.get('admin_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mine = await call(phone, 'GET', '/api/admin/sessions/mine', undefined, null);
    expect(mine.status).toBe(200);
    expect((await mine.json()).sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ name: 'Mesa', ipAddress: '198.18.8.3' });

    // Disabled: the Clerk session no longer signs in.
    expect((await callServer(server, owner, 'PATCH', `/api/admin/staff/${member!.id}`, { disabled: true })).status).toBe(200);
    const disabled = await call(new Browser('198.18.8.4'), 'POST', '/api/admin/auth/clerk', undefined, clerkUser);
    expect(disabled.status).toBe(403);
    expect(await message(disabled)).toBe('This account is disabled. Ask the Owner to enable it.');
  });

  it('a Clerk session with another email binds nothing, and a Clerk account no invite bound signs in nowhere', async () => {
    const stranger = clerk.addUser({ email: 'someone.else@example.com' });
    const token = await invite(server, owner, 'dune.support@example.com', 'support');
    const accepted = await call(new Browser('198.18.8.5'), 'POST', '/api/admin/invites/accept', { token, name: 'Dune', password: 'sonoran-sunset-22' }, stranger);
    expect(accepted.status).toBe(201);
    expect((await accepted.json()).account.clerk).toBe(false);
    expect((await db.select().from(staff).where(eq(staff.email, 'dune.support@example.com')))[0]!.clerkUserId).toBeNull();

    const refused = await call(new Browser('198.18.8.6'), 'POST', '/api/admin/auth/clerk', undefined, stranger);
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(
      'No staff account is linked to this Clerk account. Accept your invite while signed in to Clerk, or sign in with your email and password.',
    );
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(false);

    const unverified = clerk.addUser({ email: 'unverified.staff@example.com', verified: false });
    const pending = await invite(server, owner, 'unverified.staff@example.com', 'editor');
    const bound = await call(new Browser('198.18.8.7'), 'POST', '/api/admin/invites/accept', { token: pending, name: 'Un', password: 'sonoran-evening-3' }, unverified);
    expect((await bound.json()).account.clerk).toBe(false);
  });

  it('without a Clerk session: 401', async () => {
    const response = await call(new Browser('198.18.8.8'), 'POST', '/api/admin/auth/clerk', undefined, null);
    expect(response.status).toBe(401);
    expect(await message(response)).toBe('Sign in with Clerk first.');
  });
});
