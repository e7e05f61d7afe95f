// Staff accounts: an invite is a single-use link valid 7 days, stored only as a hash; accepting it
// makes the account with a scrypt password and signs it in; a second use, an expired or a withdrawn
// link creates nothing. The Owner changes roles, disables (the account's sessions end at once),
// transfers ownership, sees every session and ends any; the built-in and the last Owner stay. Each
// change writes its History entry.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, staff, staffInvites } from '../../db/schema';
import { TEST_ENGINE, startTestServer, type TestServer } from '../support/server';
import { startSqld, type Sqld } from '../support/sqld';
import { Browser, call as callServer, invite, join, signInOwner } from '../support/staff';
import { tempDatabaseFile } from '../support/temp-db';

const PASSWORD = 'saguaro-owner-password-2026';
const ENV = { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' };
const ADMIN_REQUIRED = 'Admin sign-in required.';
const USED = 'This invite has already been used. Sign in at /admin, or ask the Owner for a new invite.';
const EXPIRED = 'This invite has expired. Ask the Owner for a new one.';
const WITHDRAWN = 'This invite was withdrawn. Ask the Owner for a new one.';
const UNKNOWN = 'This invite link is not valid. Check that you copied all of it, or ask the Owner for a new one.';
const LAST_OWNER = 'This is the last Owner. Make another account Owner first.';
const BUILT_IN = 'The built-in Owner account (the admin password) always stays an Owner and cannot be disabled.';

let store: { url: string; stop: () => Promise<void> };
let server: TestServer;
let db: Database;
const owner = new Browser('198.18.1.1');

beforeAll(async () => {
  if (TEST_ENGINE === 'sqld') {
    const sqld: Sqld = await startSqld();
    store = { url: sqld.url, stop: sqld.stop };
  } else {
    const file = tempDatabaseFile();
    store = { url: file.url, stop: async () => file.remove() };
  }
  server = await startTestServer({ databaseUrl: store.url, env: ENV });
  db = openDatabase({ url: store.url });
  await signInOwner(server, owner, PASSWORD);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await store?.stop();
});

const call = (browser: Browser | null, method: string, path: string, body?: unknown) => callServer(server, browser, method, path, body);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const staffCount = async () => (await db.select({ n: sql<number>`count(*)` }).from(staff))[0]!.n;
const entries = (event: string, subject: string) =>
  db
    .select()
    .from(history)
    .where(and(eq(history.kind, 'staff'), eq(history.event, event), eq(history.subjectLabel, subject)));
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('invites', () => {
  it('the Owner invites an email with a role: the link is in the answer, only its hash is stored, and it is listed as pending', async () => {
    const response = await call(owner, 'POST', '/api/admin/invites', { email: 'Rosa.Editor@Example.com', role: 'editor' });
    expect(response.status).toBe(201);
    const { invite: made } = await response.json();
    expect(made.email).toBe('rosa.editor@example.com');
    expect(made.role).toBe('editor');
    expect(made.emailed).toBe(false);
    expect(made.link).toMatch(new RegExp(`^${server.url}/admin/invite\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(made.link).searchParams.get('token')!;
    const [row] = await db.select().from(staffInvites).where(eq(staffInvites.email, 'rosa.editor@example.com'));
    expect(row!.id).toBe(sha256(token));
    expect(made.id).toBe(row!.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(JSON.stringify(await db.select().from(staffInvites))).not.toContain(token);

    const pending = await (await call(owner, 'GET', '/api/admin/invites')).json();
    expect(pending.invites.map((i: { email: string; invitedBy: string }) => [i.email, i.invitedBy])).toContainEqual(['rosa.editor@example.com', 'Owner']);
    const [invited] = await entries('invited', 'rosa.editor@example.com');
    expect(invited!.actorName).toBe('Owner');
    expect(invited!.after).toEqual({ email: 'rosa.editor@example.com', role: 'editor' });
  });

  it('accepting sets a name and a password of at least 12 characters, creates the account with the role and signs it in; a second use is refused and creates nothing', async () => {
    const token = await invite(server, owner, 'eli.editor@example.com', 'editor');
    const page = await call(null, 'GET', `/admin/invite?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Join the back office');
    expect(html).toContain('eli.editor@example.com');

    const browser = new Browser('198.18.1.2');
    const short = await call(browser, 'POST', '/api/admin/invites/accept', { token, name: 'Eli', password: 'eleven-char' });
    expect(short.status).toBe(400);
    expect(await message(short)).toBe('Use a password of at least 12 characters.');

    const before = await staffCount();
    const id = await join(server, browser, token, 'Eli Navarro', 'creosote-after-rain');
    expect(await staffCount()).toBe(before + 1);
    const [member] = await db.select().from(staff).where(eq(staff.id, id));
    expect(member).toMatchObject({ email: 'eli.editor@example.com', name: 'Eli Navarro', role: 'editor', builtIn: false, disabledAt: null });
    expect(member!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(member!.passwordHash).not.toContain('creosote');
    const account = await call(browser, 'GET', '/admin/account');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('Eli Navarro');
    const [joined] = await entries('joined', 'eli.editor@example.com');
    expect(joined!.actorId).toBe(id);
    expect(joined!.after).toEqual({ name: 'Eli Navarro', email: 'eli.editor@example.com', role: 'editor', clerk: false });

    const again = await call(new Browser('198.18.1.3'), 'POST', '/api/admin/invites/accept', { token, name: 'Mallory', password: 'another-password-1' });
    expect(again.status).toBe(410);
    expect(await message(again)).toBe(USED);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(false);
    expect(await staffCount()).toBe(before + 1);
    const reopened = await call(null, 'GET', `/admin/invite?token=${token}`);
    expect(reopened.status).toBe(410);
    const refusal = await reopened.text();
    expect(refusal).toContain('This invite no longer works');
    expect(refusal).toContain('This invite has already been used.');
    expect(refusal).not.toContain('invite-password');
  });

  it('an expired link, a withdrawn link and a made-up link are refused and create nothing', async () => {
    const expiredToken = await invite(server, owner, 'late@example.com', 'support');
    await db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.id, sha256(expiredToken)));
    const withdrawnToken = await invite(server, owner, 'withdrawn@example.com', 'contributor');
    const withdraw = await call(owner, 'DELETE', `/api/admin/invites/${sha256(withdrawnToken)}`);
    expect(withdraw.status).toBe(200);
    expect((await entries('invite withdrawn', 'withdrawn@example.com')).length).toBe(1);
    const pending = (await (await call(owner, 'GET', '/api/admin/invites')).json()).invites.map((i: { email: string }) => i.email);
    expect(pending).not.toContain('withdrawn@example.com');
    expect(pending).not.toContain('late@example.com');

    const before = await staffCount();
    const cases: [string, number, string][] = [
      [expiredToken, 410, EXPIRED],
      [withdrawnToken, 410, WITHDRAWN],
      ['A'.repeat(43), 404, UNKNOWN],
    ];
    for (const [token, status, text] of cases) {
      const response = await call(new Browser('198.18.1.4'), 'POST', '/api/admin/invites/accept', { token, name: 'Someone', password: 'long-enough-password' });
      expect(response.status, text).toBe(status);
      expect(await message(response)).toBe(text);
      const page = await call(null, 'GET', `/admin/invite?token=${token}`);
      expect(page.status).toBe(status);
      expect(await page.text()).toContain(text);
    }
    expect(await staffCount()).toBe(before);
    const [expired] = await db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.id, sha256(expiredToken)));
    expect(expired!.usedAt).toBeNull();
  });

  it('an email that already has an account cannot be invited again (409)', async () => {
    const response = await call(owner, 'POST', '/api/admin/invites', { email: 'eli.editor@example.com', role: 'support' });
    expect(response.status).toBe(409);
    expect(await message(response)).toBe('There is already a staff account with this email.');
  });
});

describe('staff sign-in with email and password', () => {
  it('the right email and password sign in as that account; a wrong password and an unknown email get the same 401', async () => {
    const token = await invite(server, owner, 'gil.contrib@example.com', 'contributor');
    await join(server, new Browser('198.18.2.1'), token, 'Gil', 'palo-verde-blossom');
    const browser = new Browser('198.18.2.2');
    const ok = await call(browser, 'POST', '/api/admin/auth', { email: 'Gil.Contrib@example.com', password: 'palo-verde-blossom' });
    expect(ok.status).toBe(200);
    expect(browser.get('admin_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mine = await (await call(browser, 'GET', '/api/admin/sessions/mine')).json();
    expect(mine.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(mine.sessions.every((s: { name: string }) => s.name === 'Gil')).toBe(true);

    for (const body of [
      { email: 'gil.contrib@example.com', password: 'palo-verde-blossoms' },
      { email: 'nobody@example.com', password: 'palo-verde-blossom' },
    ]) {
      const wrong = await call(new Browser('198.18.2.3'), 'POST', '/api/admin/auth', body);
      expect(wrong.status).toBe(401);
      expect(await message(wrong)).toBe('Wrong email or password.');
    }
  });
});

describe('the Owner manages accounts', () => {
  let editor: Browser;
  let editorId: number;
  beforeAll(async () => {
    editor = new Browser('198.18.3.1');
    editorId = await join(server, editor, await invite(server, owner, 'ana.editor@example.com', 'editor'), 'Ana', 'ocotillo-red-tips');
  });

  it('lists every account with its role, status and last sign-in', async () => {
    const { accounts } = await (await call(owner, 'GET', '/api/admin/staff')).json();
    const ana = accounts.find((a: { id: number }) => a.id === editorId);
    expect(ana).toMatchObject({ name: 'Ana', email: 'ana.editor@example.com', role: 'editor', disabled: false, builtIn: false, clerk: false });
    expect(Date.now() - Date.parse(ana.lastSignInAt)).toBeLessThan(10 * 60 * 1000);
    expect(accounts[0]).toMatchObject({ name: 'Owner', role: 'owner', builtIn: true, email: null });
  });

  it('changes a role, with its History entry; the editor then opens only what a Contributor may', async () => {
    expect((await call(editor, 'GET', '/api/suggestions/pending')).status).toBe(200);
    const response = await call(owner, 'PATCH', `/api/admin/staff/${editorId}`, { role: 'contributor' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ account: { id: editorId, role: 'contributor' } });
    const [changed] = await entries('role changed', 'ana.editor@example.com');
    expect(changed).toMatchObject({ actorName: 'Owner', before: { role: 'editor' }, after: { role: 'contributor' } });
    const refused = await call(editor, 'GET', '/api/suggestions/pending');
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe('Your role does not allow this.');
    expect((await call(owner, 'PATCH', `/api/admin/staff/${editorId}`, { role: 'editor' })).status).toBe(200);
  });

  it('a non-Owner cannot manage staff (403), even their own role', async () => {
    const response = await call(editor, 'PATCH', `/api/admin/staff/${editorId}`, { role: 'owner' });
    expect(response.status).toBe(403);
    expect((await db.select().from(staff).where(eq(staff.id, editorId)))[0]!.role).toBe('editor');
  });

  it('disabling ends the account’s sessions at once (in another browser) and its password no longer signs in; enabling lets it back', async () => {
    const other = new Browser('198.18.3.2');
    expect((await call(other, 'POST', '/api/admin/auth', { email: 'ana.editor@example.com', password: 'ocotillo-red-tips' })).status).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/sessions/mine')).status).toBe(200);

    const disable = await call(owner, 'PATCH', `/api/admin/staff/${editorId}`, { disabled: true });
    expect(disable.status).toBe(200);
    expect(await disable.json()).toEqual({ account: { id: editorId, disabled: true }, sessionsEnded: 2 });
    for (const browser of [editor, other]) {
      const refused = await call(browser, 'GET', '/api/admin/sessions/mine');
      expect(refused.status).toBe(401);
      expect(await message(refused)).toBe(ADMIN_REQUIRED);
    }
    const signIn = await call(new Browser('198.18.3.3'), 'POST', '/api/admin/auth', { email: 'ana.editor@example.com', password: 'ocotillo-red-tips' });
    expect(signIn.status).toBe(403);
    expect(await message(signIn)).toBe('This account is disabled. Ask the Owner to enable it.');
    const [disabled] = await entries('disabled', 'ana.editor@example.com');
    expect(disabled).toMatchObject({ actorName: 'Owner', before: { disabled: false }, after: { disabled: true, sessionsEnded: 2 } });

    expect((await call(owner, 'PATCH', `/api/admin/staff/${editorId}`, { disabled: false })).status).toBe(200);
    expect((await entries('enabled', 'ana.editor@example.com')).length).toBe(1);
    expect((await call(editor, 'POST', '/api/admin/auth', { email: 'ana.editor@example.com', password: 'ocotillo-red-tips' })).status).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/sessions/mine')).status).toBe(200);
  });

  it('the built-in Owner can be neither demoted nor disabled (409)', async () => {
    const [builtIn] = await db.select().from(staff).where(eq(staff.builtIn, true));
    for (const body of [{ role: 'editor' }, { disabled: true }]) {
      const response = await call(owner, 'PATCH', `/api/admin/staff/${builtIn!.id}`, body);
      expect(response.status).toBe(409);
      expect(await message(response)).toBe(BUILT_IN);
    }
    expect((await db.select().from(staff).where(eq(staff.id, builtIn!.id)))[0]).toMatchObject({ role: 'owner', disabledAt: null });
  });

  it('transfers ownership: the account becomes Owner, a giving Owner becomes Editor, the built-in stays Owner; History records it', async () => {
    const transfer = await call(owner, 'POST', `/api/admin/staff/${editorId}/ownership`);
    expect(transfer.status).toBe(200);
    expect((await db.select().from(staff).where(eq(staff.id, editorId)))[0]!.role).toBe('owner');
    expect((await db.select().from(staff).where(eq(staff.builtIn, true)))[0]!.role).toBe('owner');
    expect((await call(editor, 'GET', '/api/admin/staff')).status).toBe(200);

    const gilId = (await db.select().from(staff).where(eq(staff.email, 'gil.contrib@example.com')))[0]!.id;
    const handOver = await call(editor, 'POST', `/api/admin/staff/${gilId}/ownership`);
    expect(handOver.status).toBe(200);
    expect((await db.select().from(staff).where(eq(staff.id, gilId)))[0]!.role).toBe('owner');
    expect((await db.select().from(staff).where(eq(staff.id, editorId)))[0]!.role).toBe('editor');
    const [entry] = await entries('ownership transferred', 'gil.contrib@example.com');
    expect(entry).toMatchObject({
      actorName: 'Ana',
      before: { role: 'contributor', from: 'Ana', fromRole: 'owner' },
      after: { role: 'owner', from: 'Ana', fromRole: 'editor' },
    });
    expect((await call(editor, 'GET', '/api/admin/staff')).status).toBe(403);
  });

  it('the last active Owner can be neither demoted nor disabled (409), and nothing changes', async () => {
    const gil = new Browser('198.18.3.4');
    expect((await call(gil, 'POST', '/api/admin/auth', { email: 'gil.contrib@example.com', password: 'palo-verde-blossom' })).status).toBe(200);
    const gilId = (await db.select().from(staff).where(eq(staff.email, 'gil.contrib@example.com')))[0]!.id;
    // With the built-in Owner out of the way (as on a site where it was disabled by hand), Gil is the last Owner.
    await db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.builtIn, true));
    try {
      const demote = await call(gil, 'PATCH', `/api/admin/staff/${gilId}`, { role: 'editor' });
      expect(demote.status).toBe(409);
      expect(await message(demote)).toBe(LAST_OWNER);
      const self = await call(gil, 'PATCH', `/api/admin/staff/${gilId}`, { disabled: true });
      expect(self.status).toBe(409);
      expect(await message(self)).toBe('You cannot disable your own account.');
      expect((await db.select().from(staff).where(eq(staff.id, gilId)))[0]).toMatchObject({ role: 'owner', disabledAt: null });
      expect((await entries('role changed', 'gil.contrib@example.com')).length).toBe(0);
    } finally {
      await db.update(staff).set({ disabledAt: null }).where(eq(staff.builtIn, true));
    }
    expect((await call(owner, 'PATCH', `/api/admin/staff/${gilId}`, { role: 'contributor' })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('the Owner sees every live staff session (who, started, last used, address, browser) and ends any: that browser is signed out at once', async () => {
    const member = new Browser('198.18.4.1');
    const id = await join(server, member, await invite(server, owner, 'sky.support@example.com', 'support'), 'Sky', 'desert-willow-shade');
    const { sessions } = await (await call(owner, 'GET', '/api/admin/sessions')).json();
    const sky = sessions.filter((s: { staffId: number }) => s.staffId === id);
    expect(sky).toHaveLength(1);
    expect(sky[0]).toMatchObject({ name: 'Sky', email: 'sky.support@example.com', ipAddress: '198.18.4.1', current: false });
    expect(sky[0].userAgent).toContain('Chrome/131.0');
    expect(sky[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(sky[0].startedAt)).toBeLessThanOrEqual(Date.parse(sky[0].lastUsedAt));
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const end = await call(owner, 'DELETE', `/api/admin/sessions/${sky[0].id}`);
    expect(end.status).toBe(200);
    const after = await call(member, 'GET', '/api/admin/sessions/mine');
    expect(after.status).toBe(401);
    const [ended] = await entries('sessions ended', 'sky.support@example.com');
    expect(ended).toMatchObject({ actorName: 'Owner', before: { sessions: 1, address: '198.18.4.1' } });
    const again = await call(owner, 'DELETE', `/api/admin/sessions/${sky[0].id}`);
    expect(again.status).toBe(404);
  });

  it('a member sees only their own sessions and ends their other ones, never someone else’s', async () => {
    const phone = new Browser('198.18.4.2');
    const laptop = new Browser('198.18.4.3');
    for (const browser of [phone, laptop])
      expect((await call(browser, 'POST', '/api/admin/auth', { email: 'sky.support@example.com', password: 'desert-willow-shade' })).status).toBe(200);
    const { sessions } = await (await call(laptop, 'GET', '/api/admin/sessions/mine')).json();
    expect(sessions.map((s: { ipAddress: string; current: boolean }) => [s.ipAddress, s.current]).sort()).toEqual([
      ['198.18.4.2', false],
      ['198.18.4.3', true],
    ]);
    const ownerSessions = (await (await call(owner, 'GET', '/api/admin/sessions')).json()).sessions;
    const ownersOwn = ownerSessions.find((s: { current: boolean }) => s.current);
    const foreign = await call(laptop, 'DELETE', `/api/admin/sessions/mine/${ownersOwn.id}`);
    expect(foreign.status).toBe(404);
    expect((await call(owner, 'GET', '/api/admin/sessions')).status).toBe(200);

    const phoneSession = sessions.find((s: { current: boolean }) => !s.current);
    expect((await call(laptop, 'DELETE', `/api/admin/sessions/mine/${phoneSession.id}`)).status).toBe(200);
    expect((await call(phone, 'GET', '/api/admin/sessions/mine')).status).toBe(401);
    expect((await call(laptop, 'GET', '/api/admin/sessions/mine')).status).toBe(200);
    // Support may see its own sessions, not everyone's.
    expect((await call(laptop, 'GET', '/api/admin/sessions')).status).toBe(403);
  });
});
