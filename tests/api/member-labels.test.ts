// Labels on members: Support (and the Owner) put them on and take them off a member's page, the
// list filters by them, the CSV export carries them, and each change lands in History with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, memberLabels, newsletterSubscribers, subscribers } from '../../db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { staffWithSession } from '../support/staff-session';

let server: TestServer;
let db: Database;
const tokens: Record<'owner' | 'editor' | 'contributor' | 'support', string> = { owner: '', editor: '', contributor: '', support: '' };

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: 'member-labels-password-2026' } });
  db = openDatabase({ url: server.databaseUrl });
  for (const role of ['owner', 'editor', 'contributor', 'support'] as const) {
    tokens[role] = (await staffWithSession(server.databaseUrl, { name: `Staff ${role}`, email: `${role}@staff.example.com`, role })).token;
  }
  await db.insert(newsletterSubscribers).values([
    { email: 'reporter@example.com', isActive: true },
    { email: 'baker@example.com', isActive: true },
  ]);
  await db.insert(subscribers).values({
    email: 'Concierge@Example.com',
    stripeCustomerId: 'cus_c',
    stripeSubscriptionId: 'sub_c',
    subscriptionStatus: 'active',
    amount: 299,
    currency: 'usd',
    interval: 'month',
  });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const as = (role: keyof typeof tokens | null, method: string, path: string, body?: unknown) =>
  server.fetch(path, {
    method,
    headers: { origin: server.url, ...(role ? { cookie: `admin_session=${tokens[role]}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const add = (role: keyof typeof tokens | null, email: string, label: string) => as(role, 'POST', '/api/admin/members/labels/add', { email, label });
const remove = (role: keyof typeof tokens | null, email: string, label: string) => as(role, 'POST', '/api/admin/members/labels/remove', { email, label });
const entries = async (subject: string) => db.select().from(history).where(eq(history.subjectId, subject)).orderBy(desc(history.id));

describe('labels on members', () => {
  it('Support adds and removes labels; each change and its History entry are written together', async () => {
    const added = await add('support', 'reporter@example.com', '  Press ');
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ email: 'reporter@example.com', labels: ['press'] });
    expect((await add('support', 'Reporter@Example.com', 'local business')).status).toBe(200);
    const [entry] = await entries('reporter@example.com');
    expect(entry).toMatchObject({
      actorName: 'Staff support',
      kind: 'member',
      event: 'label added',
      before: { labels: ['press'] },
      after: { labels: ['local business', 'press'] },
    });

    const again = await add('support', 'reporter@example.com', 'PRESS');
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('reporter@example.com already has the label "press".');
    const nobody = await add('support', 'nobody@example.com', 'press');
    expect(nobody.status).toBe(404);
    expect((await nobody.json()).message).toBe('Nobody with this email is in the guide.');
    const formula = await add('support', 'reporter@example.com', '=HYPERLINK("x")');
    expect(formula.status).toBe(400);
    expect((await formula.json()).message).toBe("A label has letters, numbers, spaces and - & ' . only, and starts with a letter or number.");
    expect(await entries('nobody@example.com')).toEqual([]);

    const removed = await remove('owner', 'reporter@example.com', 'local business');
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ email: 'reporter@example.com', labels: ['press'] });
    const [gone] = await entries('reporter@example.com');
    expect(gone).toMatchObject({ actorName: 'Staff owner', event: 'label removed', before: { labels: ['local business', 'press'] }, after: { labels: ['press'] } });
    const missing = await remove('owner', 'reporter@example.com', 'local business');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('reporter@example.com has no label "local business".');
    expect(await entries('reporter@example.com')).toHaveLength(3);
  });

  it('only staff who may label members can: Editor and Contributor are refused, no session is 401', async () => {
    for (const role of ['editor', 'contributor'] as const) {
      const response = await add(role, 'baker@example.com', 'press');
      expect(response.status, role).toBe(403);
      expect((await remove(role, 'baker@example.com', 'press')).status, role).toBe(403);
    }
    expect((await add(null, 'baker@example.com', 'press')).status).toBe(401);
    expect(await db.select().from(memberLabels).where(eq(memberLabels.email, 'baker@example.com'))).toEqual([]);
  });

  it('the list filters by label and shows them; the CSV export carries them and its filter', async () => {
    expect((await add('support', 'concierge@example.com', 'hotel concierge')).status).toBe(200);
    expect((await add('support', 'concierge@example.com', 'press')).status).toBe(200);
    const list = await (await as('support', 'GET', '/api/admin/members?label=press')).json();
    expect(list.members.map((m: { email: string; labels: string[] }) => [m.email, m.labels])).toEqual([
      ['concierge@example.com', ['hotel concierge', 'press']],
      ['reporter@example.com', ['press']],
    ]);
    const hotel = await (await as('support', 'GET', '/api/admin/members?label=hotel%20concierge&state=paid')).json();
    expect(hotel.members.map((m: { email: string }) => m.email)).toEqual(['concierge@example.com']);
    const everyone = await (await as('support', 'GET', '/api/admin/members')).json();
    expect(everyone.members.find((m: { email: string }) => m.email === 'baker@example.com').labels).toEqual([]);
    // Paging two at a time by email walks the same list, each person once, in order, with the same rows.
    const walked = [];
    for (let after = '', pages = 0; pages < 50; pages++) {
      const page = await (await as('support', 'GET', `/api/admin/members?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`)).json();
      walked.push(...page.members);
      if (!page.next) break;
      after = page.next;
    }
    expect(walked).toEqual(everyone.members);
    const emails = walked.map((m: { email: string }) => m.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining(['baker@example.com', 'concierge@example.com', 'reporter@example.com']));

    const csv = await (await as('support', 'GET', '/api/admin/members/export?label=press')).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,state,amount,currency,interval,member_since,newsletter,signed_in,labels');
    expect(lines.slice(1).map((line) => [line.split(',')[0], line.split(',').at(-1)])).toEqual([
      ['concierge@example.com', 'hotel concierge; press'],
      ['reporter@example.com', 'press'],
    ]);

    const page = await (await as('support', 'GET', '/admin/members?label=press')).text();
    expect(page).toContain('<option value="press" selected>');
    expect(page).toContain('<li class="member-label">hotel concierge</li>');
    expect(page).not.toContain('baker@example.com');
    const member = await as('support', 'GET', `/admin/members/${encodeURIComponent('concierge@example.com')}`);
    expect(member.status).toBe(200);
    const html = await member.text();
    expect(html).toContain('<h2 id="member-labels">Labels</h2>');
    expect(html).toContain('aria-label="Remove label press"');
  });
});
