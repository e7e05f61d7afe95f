import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { backupRuns } from '../../db/schema';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { staffWithSession } from '../support/staff-session';

const PASSWORD = 'back-office-pages-password-agave';
let server: TestServer;
let db: Database;
const owner = new CookieJar();
let editorCookie = '';

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  db = openDatabase({ url: server.databaseUrl });
  const signIn = await server.fetch('/api/admin/auth', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  owner.store(signIn);
  editorCookie = `admin_session=${(await staffWithSession(server.databaseUrl, { name: 'Eda Editor', email: 'eda@example.com', role: 'editor' })).token}`;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
async function page(path: string, cookie = owner.header()) {
  const response = await server.fetch(path, { headers: { accept: 'text/html', cookie }, redirect: 'manual' });
  const html = await response.text();
  return { status: response.status, html, text: text(html) };
}

describe('/admin', () => {
  it('without a session is the gate, with the spec texts', async () => {
    const gate = await page('/admin', '');
    expect(gate.status).toBe(200);
    expect(gate.text).toContain('Admin Access');
    expect(gate.text).toContain('Enter password to add new spots');
    expect(gate.text).not.toContain('Dashboard');
  });

  it('with a session is the Dashboard: counts, the three areas, Sign Out and the sections the role opens', async () => {
    const dashboard = await page('/admin');
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).toContain('<h1>Dashboard</h1>');
    expect(dashboard.text).toMatch(/ \d+ spots in the guide /);
    expect(dashboard.text).toMatch(/ \d+ suggestions to review /);
    expect(dashboard.text).toMatch(/ \d+ newsletter subscribers /);
    expect(dashboard.text).toContain('Last event import None yet');
    expect(dashboard.text).toContain('Last backup None yet');
    for (const area of ['Add New Spot', 'User Suggestions', 'Browse AI Event Automation']) expect(dashboard.html).toContain(`>${area}</h2>`);
    expect(dashboard.text).toContain('Sign Out');
    for (const href of [
      '/admin/stories',
      '/admin/spots',
      '/admin/events',
      '/admin/places',
      '/admin/suggestions',
      '/admin/members',
      '/admin/newsletter',
      '/admin/staff',
      '/admin/history',
    ]) {
      expect(dashboard.html).toContain(`href="${href}"`);
    }
  });

  it('warns loudly when the last backup failed, with its age and the last good one', async () => {
    const now = Date.now();
    await db.insert(backupRuns).values([
      { trigger: 'scheduled', status: 'ok', startedAt: new Date(now - 3 * 86_400_000), finishedAt: new Date(now - 3 * 86_400_000 + 1000), file: 'a.db', sizeBytes: 10 },
      { trigger: 'scheduled', status: 'error', startedAt: new Date(now - 2 * 3_600_000), finishedAt: new Date(now - 2 * 3_600_000), error: 'disk full' },
    ]);
    const dashboard = await page('/admin');
    expect(dashboard.html).toContain('class="admin-alert" role="alert"');
    expect(dashboard.text).toContain('The last backup failed 2 hours ago: disk full. The last good backup is 2 days ago.');
    expect(dashboard.text).toContain('Last run failed');
    // An Editor does not look after backups: no warning, no backup card, and no Staff section.
    const editor = await page('/admin', editorCookie);
    expect(editor.status).toBe(200);
    expect(editor.text).not.toContain('The last backup failed');
    expect(editor.text).not.toContain('Last backup');
    expect(editor.html).not.toContain('href="/admin/staff"');
  });
});

describe('the sections', () => {
  it('each opens inside the shell, and every link on it leads somewhere', async () => {
    const checked = new Set<string>();
    for (const path of [
      '/admin/spots',
      '/admin/suggestions',
      '/admin/events',
      '/admin/newsletter',
      '/admin/history',
      '/admin/stories',
      '/admin/places',
      '/admin/members',
    ]) {
      const section = await page(path);
      expect(section.status, path).toBe(200);
      expect(section.html).toContain('aria-label="Back office"');
      expect(section.html).toMatch(new RegExp(`href="${path}" aria-current="page"`));
      const links = [...section.html.matchAll(/href="(\/(?:admin|spots|blog|top-spots)[^"#]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
      for (const link of links) {
        // The Staff section is the staff accounts' own page, tested with them.
        if (checked.has(link) || link === '/admin/staff') continue;
        checked.add(link);
        const target = await server.fetch(link, { headers: { accept: 'text/html', cookie: owner.header() }, redirect: 'manual' });
        expect(target.status, `${link} on ${path}`).toBe(200);
      }
    }
    expect(checked.size).toBeGreaterThan(10);
  });

  it('the placeholders say plainly what exists today', async () => {
    // Stories is no placeholder now: the studio lists every Story to open and edit.
    const stories = await page('/admin/stories');
    expect(stories.text).toMatch(/ New Story \d+ Stories /);
    expect(stories.html).toMatch(/href="\/admin\/stories\/\d+"/);
    // The Places desk replaced its placeholder: every place, the CSV import and export.
    const places = await page('/admin/places');
    expect(places.text).toMatch(/ \d+ places /);
    expect(places.text).toContain('Import from CSV');
    expect(places.html).toContain('href="/api/admin/places/export"');
    const badPlaces = await page('/admin/places?show=deleted');
    expect(badPlaces.status).toBe(400);
    expect(badPlaces.text).toContain('show is listed, archived or all');
    const members = await page('/admin/members');
    // The Members section is no longer a placeholder: everyone who gave an email, by state.
    expect(members.text).toMatch(
      /Everyone \(\d+\) Complimentary \(\d+\) Paying \(\d+\) Past due \(\d+\) Cancelled \(\d+\) Newsletter only \(\d+\) Signed in only \(\d+\)/,
    );
  });

  it('a bad spot search says what is wrong', async () => {
    const bad = await page('/admin/spots?show=deleted');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Show must be all, in-guide or archived');
  });

  it('an Editor may archive; the archive route names its permission', async () => {
    const response = await server.fetch('/api/admin/spots/999999/archive', { method: 'POST', headers: { origin: server.url, cookie: editorCookie } });
    expect(response.status).toBe(404);
  });
});
