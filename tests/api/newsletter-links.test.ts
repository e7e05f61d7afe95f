/**
 * `npm run newsletter:send` against the built server's database and a real SMTP sink, then the
 * links in the delivered messages: the unsubscribe page, RFC 8058 one-click, resubscribing, and
 * the admin's preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { seedSubscribers } from '../../db/seed/subscribers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../fakes/smtp-sink';
import { CookieJar } from '../support/cookie-jar';
import { NewsletterStatusSchema, expectContract } from '../support/contracts';
import { runNewsletterSend } from '../support/newsletter-cli';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'newsletter-admin-password';
const ACTIVE = seedSubscribers.filter((s) => s.isActive).map((s) => s.email);
const FROM = 'Scottsdale Weekly <weekly@scottsdale.example>';

let server: TestServer;
let sink: SmtpSink;
let db: Database;
const admin = new CookieJar();

const runSend = (env: Record<string, string | undefined>) => runNewsletterSend({ DATABASE_URL: server.databaseUrl, ...env });
const sendEnv = () => ({ SMTP_URL: sink.url, NEWSLETTER_FROM: FROM, SITE_URL: server.url });

const isActive = async (email: string) =>
  Boolean((await db.$client.execute({ sql: 'SELECT is_active FROM newsletter_subscribers WHERE email = ?', args: [email] })).rows[0]?.is_active);
const linkIn = (message: ReceivedMail) => /href="([^"]*\/unsubscribe\?token=[^"]+)"/.exec(String(message.parsed.html))![1]!;
const oneClickIn = (message: ReceivedMail) => /^<([^>]+)>$/.exec(message.header('list-unsubscribe')!)![1]!;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: 'newsletter-links-session-secret-0000000000' } });
  db = openDatabase({ url: server.databaseUrl });
  const login = await server.fetch('/api/admin/auth', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  admin.store(login);
}, 60_000);

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await sink?.stop();
});

describe('npm run newsletter:send', () => {
  it('refuses to run without its settings, naming each missing one', async () => {
    const result = await runSend({ SMTP_URL: '', NEWSLETTER_FROM: '', SITE_URL: server.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('SMTP_URL');
    expect(result.stderr).toContain('NEWSLETTER_FROM');
    expect(result.stderr).not.toContain('SITE_URL');
    expect(sink.messages).toHaveLength(0);
  });

  it('stops with a clear error when the SMTP server cannot be reached, sending nothing', async () => {
    const result = await runSend({ ...sendEnv(), SMTP_URL: 'smtp://user:secret-password@127.0.0.1:1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot use the SMTP server at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    expect(result.stderr).not.toContain('secret-password');
    const deliveries = await db.$client.execute('SELECT count(*) AS n FROM newsletter_deliveries');
    expect(Number(deliveries.rows[0]!.n)).toBe(0);
  });

  it('delivers one digest to each active seeded subscriber; a second run delivers none', async () => {
    const first = await runSend(sendEnv());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('sent now: 4');
    expect(first.stdout).toContain('failed: 0');
    expect(
      sink.messages
        .map((m) => m.envelope.to)
        .flat()
        .sort(),
    ).toEqual([...ACTIVE].sort());
    for (const message of sink.messages) {
      expect(message.parsed.subject).toMatch(/^Scottsdale Weekly: /);
      expect(message.parsed.text).toContain('Unsubscribe with one click: ');
      expect(linkIn(message).startsWith(`${server.url}/unsubscribe?token=`)).toBe(true);
      expect(oneClickIn(message).startsWith(`${server.url}/api/newsletter/unsubscribe?token=`)).toBe(true);
    }

    const second = await runSend(sendEnv());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('sent now: 0');
    expect(second.stdout).toContain('already had it this week: 4');
    expect(sink.messages).toHaveLength(ACTIVE.length);
  });
});

describe('the unsubscribe link', () => {
  it('opens a confirmation page and sets the subscriber inactive', async () => {
    const message = sink.to(ACTIVE[0]!)[0]!;
    const response = await fetch(linkIn(message));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain("You're unsubscribed");
    expect(html).toContain(ACTIVE[0]);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(await isActive(ACTIVE[0]!)).toBe(false);

    // Opening it again is harmless.
    expect((await fetch(linkIn(message))).status).toBe(200);
    expect(await isActive(ACTIVE[0]!)).toBe(false);
  });

  it('refuses an altered or forged token and changes nothing', async () => {
    const link = linkIn(sink.to(ACTIVE[1]!)[0]!)!;
    const token = tokenOf(link);
    const [id, signature] = token.split('.') as [string, string];
    const otherId = tokenOf(linkIn(sink.to(ACTIVE[2]!)[0]!)!).split('.')[0]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${id}.${flipped}`, `${otherId}.${signature}`, `${id}.`, 'garbage', `${id}.${signature}x`, '']) {
      const response = await server.fetch(`/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(await response.text()).toContain("This unsubscribe link isn't valid");
    }
    expect(await isActive(ACTIVE[1]!)).toBe(true);
    expect(await isActive(ACTIVE[2]!)).toBe(true);
  });

  it('one-click (RFC 8058): a mail provider POSTs the List-Unsubscribe address from its own servers', async () => {
    const target = oneClickIn(sink.to(ACTIVE[1]!)[0]!);
    const forged = target.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await fetch(forged, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('This unsubscribe link is not valid.');
    expect(await isActive(ACTIVE[1]!)).toBe(true);

    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("You're unsubscribed from Scottsdale Weekly.");
    expect(await isActive(ACTIVE[1]!)).toBe(false);

    const multipart = await fetch(oneClickIn(sink.to(ACTIVE[2]!)[0]!), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.status).toBe(200);
    expect(await isActive(ACTIVE[2]!)).toBe(false);
    expect((await fetch(target)).status).toBe(405);
  });

  it('Resubscribe on the page, or any signup form, asks for the newsletter back (confirmed by email)', async () => {
    const token = tokenOf(linkIn(sink.to(ACTIVE[0]!)[0]!)!);
    const post = (body: unknown, origin = server.url) =>
      server.fetch('/api/newsletter/resubscribe', { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    expect((await post({ token }, 'https://evil.example')).status).toBe(403);
    expect(await isActive(ACTIVE[0]!)).toBe(false);
    const forged = await post({ token: `${token.split('.')[0]}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe('This link is not valid.');
    expect((await post({})).status).toBe(400);

    const response = await post({ token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Almost there: check your inbox and follow the link to confirm you're back on Scottsdale Weekly.",
      email: ACTIVE[0],
      state: 'pending',
    });
    expect(await isActive(ACTIVE[0]!)).toBe(false);

    const signup = await server.fetch('/api/subscribe', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACTIVE[1] }),
    });
    expect(signup.status).toBe(200);
    expect(await isActive(ACTIVE[1]!)).toBe(false);
  });
});

describe("the admin's preview", () => {
  it('needs the admin session', async () => {
    const page = await server.fetch('/admin/newsletter/preview', { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/admin');
    expect((await server.fetch('/api/admin/newsletter')).status).toBe(401);
  });

  it("shows this week's issue as HTML and as plain text", async () => {
    const html = await server.fetch('/admin/newsletter/preview', { headers: { cookie: admin.header() } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('cache-control')).toBe('no-store');
    const body = await html.text();
    // The same week as the issue sent above (whose subject ends with the week).
    const week = /\(([^)]+)\)$/.exec(sink.messages[0]!.parsed.subject!)![1]!;
    expect(body).toMatch(new RegExp(`<title>Scottsdale Weekly: [^<]*\\(${week}\\)</title>`));
    expect(body).toContain(`href="${server.url}/launch"`);

    const text = await server.fetch('/admin/newsletter/preview?format=text', { headers: { cookie: admin.header() } });
    expect(text.headers.get('content-type')).toContain('text/plain');
    expect(await text.text()).toMatch(/^Subject: Scottsdale Weekly: .*\n\nSCOTTSDALE WEEKLY · /);

    const bad = await server.fetch('/admin/newsletter/preview?format=pdf', { headers: { cookie: admin.header() } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('format must be html or text');
  });

  it('reports subscribers and this week in the admin panel', async () => {
    const response = await server.fetch('/api/admin/newsletter', { headers: { cookie: admin.header() } });
    expect(response.status).toBe(200);
    const status = expectContract(NewsletterStatusSchema, await response.json());
    expect(status).toMatchObject({ deliveries: { sent: 4, failed: 0 }, schedule: 'off' });
    expect(status.activeSubscribers + status.inactiveSubscribers + status.pendingSubscribers).toBe(seedSubscribers.length);
    expect(status.pendingSubscribers).toBe(2);
    expect(status.run?.finishedAt).toEqual(expect.any(String));
    expect(status.setupProblem).toContain('SMTP_URL');
  });
});
