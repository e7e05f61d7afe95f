/**
 * The Newsletter page's actions through the built server and a real SMTP sink: the editor's note
 * (version-checked, escaped, in both parts), a test send that goes only to the member of staff,
 * Send now through the once-a-week delivery (one copy per subscriber, a second Send now refused),
 * the counts and History.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { seedSubscribers } from '../../db/seed/subscribers';
import { shiftWeek, weekParam } from '../../src/lib/calendar-week';
import { cityDateTime, weekOf } from '../../src/lib/city-time';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { Browser, call, invite, join, signInOwner } from '../support/staff';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'newsletter-desk-password-ocotillo';
const FROM = 'Scottsdale Weekly <weekly@scottsdale.example>';
const ACTIVE = seedSubscribers.filter((s) => s.isActive).map((s) => s.email);
const NOTE_TYPED = 'Monsoon is <b>over</b> & the trails are open.\r\n\r\n\r\n\r\n<script>alert(1)</script> See you out there.   ';
const NOTE_STORED = 'Monsoon is <b>over</b> & the trails are open.\n\n<script>alert(1)</script> See you out there.';
const NOTE_HTML = ['Monsoon is &#60;b&#62;over&#60;/b&#62; &#38; the trails are open.', '&#60;script&#62;alert(1)&#60;/script&#62; See you out there.'];
const STALE = 'Someone else saved this note after you opened it. Copy your text, reload the page to see theirs, then save again.';

let sink: SmtpSink;
let server: TestServer;
let db: Database;
const owner = new Browser('198.18.31.1');
const editor = new Browser('198.18.31.2');
const contributor = new Browser('198.18.31.3');
const week = weekParam(weekOf(new Date()));

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    env: {
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: '1',
      SMTP_URL: sink.url,
      NEWSLETTER_FROM: FROM,
      SITE_URL: 'https://scottsdale.example',
      NEWSLETTER_RATE_PER_SECOND: '1000',
    },
  });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
  await join(server, editor, await invite(server, owner, 'editor@example.com', 'editor'), 'Edie Editor', 'editor-long-password-1');
  await join(server, contributor, await invite(server, owner, 'contributor@example.com', 'contributor'), 'Cora Contributor', 'contributor-long-password-1');
  await sink.waitFor(2);
  sink.reset(); // the two invites
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await sink?.stop();
});

const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const rows = async (sql: string) => (await db.$client.execute(sql)).rows;
const newsletterHistory = () => rows("SELECT actor_name, subject_id, event, before, after FROM history WHERE kind = 'newsletter' ORDER BY id");
interface Status {
  week: string;
  run: { finishedAt: string | null; sending: boolean } | null;
  note: { note: string; version: number; locked: boolean; updatedBy: string | null };
  scheduleStatus: { on: boolean; variable: string; nextSendAt: string; due: boolean };
  recentSends: { week: string; counts: { sent: number; failed: number; inDoubt: number; pending: number | null } }[];
}
const status = async (): Promise<Status> => (await (await call(server, editor, 'GET', '/api/admin/newsletter')).json()) as Status;

describe('the newsletter desk', () => {
  it('lets Editors and the Owner write and send; a Contributor gets 403 and the built-in Owner, who has no email, is told why no test goes', async () => {
    expect((await call(server, contributor, 'PUT', '/api/admin/newsletter/note', { note: 'x', version: 0 })).status).toBe(403);
    expect((await call(server, contributor, 'POST', '/api/admin/newsletter/test-send', {})).status).toBe(403);
    expect((await call(server, contributor, 'POST', '/api/admin/newsletter/send', { week })).status).toBe(403);
    expect((await call(server, null, 'POST', '/api/admin/newsletter/send', { week })).status).toBe(401);
    const ownerTest = await call(server, owner, 'POST', '/api/admin/newsletter/test-send', {});
    expect(ownerTest.status).toBe(409);
    expect(await message(ownerTest)).toBe(
      'Your staff account has no email address to send a test to. Sign in with your own staff account (the Owner can invite you by email), then try again.',
    );
    expect(sink.messages).toHaveLength(0);
  });

  it("saves this week's note against its version, cleaned, with one History entry; a stale save is refused and writes nothing", async () => {
    const saved = await call(server, editor, 'PUT', '/api/admin/newsletter/note', { note: NOTE_TYPED, version: 0 });
    expect(saved.status).toBe(200);
    const { note } = (await saved.json()) as { note: Status['note'] & { week: string } };
    expect(note).toMatchObject({ week, note: NOTE_STORED, version: 1, locked: false, updatedBy: 'Edie Editor' });

    const stale = await call(server, owner, 'PUT', '/api/admin/newsletter/note', { note: 'Overwrite', version: 0 });
    expect(stale.status).toBe(409);
    expect(await message(stale)).toBe(STALE);
    const tooLong = await call(server, editor, 'PUT', '/api/admin/newsletter/note', { note: 'x'.repeat(1201), version: 1 });
    expect(tooLong.status).toBe(400);
    expect(await message(tooLong)).toBe('Keep the note under 1200 characters.');

    expect(await newsletterHistory()).toEqual([
      { actor_name: 'Edie Editor', subject_id: week, event: 'note added', before: JSON.stringify({ note: '' }), after: JSON.stringify({ note: NOTE_STORED }) },
    ]);
    expect((await status()).note.note).toBe(NOTE_STORED);
  });

  it('shows the note at the top of both parts of the preview, escaped in the HTML, in a frame only this site may embed', async () => {
    const html = await call(server, editor, 'GET', '/admin/newsletter/preview');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    );
    const body = await html.text();
    for (const paragraph of NOTE_HTML) expect(body).toContain(paragraph);
    expect(body).not.toContain('<script>');
    expect(body.indexOf('This week&#39;s events')).toBeGreaterThan(body.indexOf('From the editor'));
    expect(body.indexOf('From the editor')).toBeGreaterThan(body.indexOf('Your week in Scottsdale'));
    const text = await (await call(server, editor, 'GET', '/admin/newsletter/preview?format=text')).text();
    expect(text).toContain(`FROM THE EDITOR\n\nMonsoon is <b>over</b> & the trails are open.\n\n<script>alert(1)</script> See you out there.\n\nTHIS WEEK'S EVENTS`);
  });

  it("sends a test only to the signed-in Editor, marked as a test, and never as the week's send", async () => {
    const response = await call(server, editor, 'POST', '/api/admin/newsletter/test-send', {});
    expect(response.status).toBe(200);
    const { to, subject } = (await response.json()) as { to: string; subject: string };
    expect(to).toBe('editor@example.com');
    expect(subject).toMatch(/^\[Test\] Scottsdale Weekly: /);
    await sink.waitFor(1);
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.envelope.to).toEqual(['editor@example.com']);
    expect(mail!.parsed.subject).toBe(subject);
    for (const paragraph of NOTE_HTML) expect(mail!.parsed.html).toContain(paragraph);
    expect(mail!.parsed.text).toContain(NOTE_STORED);
    expect(await rows('SELECT count(*) AS n FROM newsletter_deliveries')).toEqual([{ n: 0 }]);
    expect(await rows('SELECT count(*) AS n FROM newsletter_runs')).toEqual([{ n: 0 }]);
    const entries = await newsletterHistory();
    expect(entries.at(-1)).toEqual({
      actor_name: 'Edie Editor',
      subject_id: week,
      event: 'test sent',
      before: null,
      after: JSON.stringify({ how: 'test', to, subject }),
    });
    sink.reset();
  });

  it('Send now carries on a stopped run, once to every active subscriber; two at once and a second afterwards are refused; counts and History match', async () => {
    // A run that stopped after its first message (the command interrupted, say): the week is open again.
    const weekStart = weekOf(new Date()).getTime();
    const [first] = await rows(`SELECT id, email FROM newsletter_subscribers WHERE email = '${ACTIVE[0]}'`);
    await db.$client.batch([
      { sql: 'INSERT INTO newsletter_runs (week_start, started_at) VALUES (?, ?)', args: [weekStart, Date.now() - 60_000] },
      {
        sql: "INSERT INTO newsletter_deliveries (week_start, subscriber_id, email, status, attempts, sent_at, created_at) VALUES (?, ?, ?, 'sent', 1, ?, ?)",
        args: [weekStart, Number(first!.id), String(first!.email), Date.now() - 60_000, Date.now() - 60_000],
      },
    ]);
    const before = await status();
    expect(before.recentSends[0]).toMatchObject({ week, counts: { sent: 1, failed: 0, inDoubt: 0, pending: ACTIVE.length - 1 } });

    const wrongWeek = await call(server, editor, 'POST', '/api/admin/newsletter/send', { week: weekParam(shiftWeek(weekOf(new Date()), -1)) });
    expect(wrongWeek.status).toBe(409);
    expect(await message(wrongWeek)).toBe('This page showed another week’s issue. Reload the page and check the issue before sending.');

    // A slow mail server keeps the first run going while the second asks.
    sink.setDelay(300);
    const both = await Promise.all([
      call(server, editor, 'POST', '/api/admin/newsletter/send', { week }),
      call(server, owner, 'POST', '/api/admin/newsletter/send', { week }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(await message(refused)).toBe('This week’s issue is being sent right now. Its counts below update as it goes.');

    await sink.waitFor(ACTIVE.length - 1, 20_000);
    sink.setDelay(0);
    let now = await status();
    for (let i = 0; i < 100 && !now.run?.finishedAt; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      now = await status();
    }
    expect(now.run?.finishedAt).not.toBeNull();
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual(ACTIVE.slice(1).sort());
    for (const mail of sink.messages) {
      expect(mail.parsed.subject).toMatch(/^Scottsdale Weekly: /);
      for (const paragraph of NOTE_HTML) expect(mail.parsed.html).toContain(paragraph);
      expect(mail.parsed.text).toContain(NOTE_STORED);
    }
    expect(now.recentSends[0]).toEqual({ ...now.recentSends[0], week, counts: { sent: ACTIVE.length, failed: 0, inDoubt: 0, pending: 0 } });
    expect(now.note.locked).toBe(true);
    expect(now.scheduleStatus).toMatchObject({ on: false, variable: 'NEWSLETTER_SCHEDULE', due: false });
    expect(now.scheduleStatus.nextSendAt).toBe(cityDateTime(shiftWeek(weekOf(new Date()), 1), 4, '9:00').toISOString());

    const again = await call(server, editor, 'POST', '/api/admin/newsletter/send', { week });
    expect(again.status).toBe(409);
    expect(await message(again)).toMatch(
      /^This week’s issue was already sent \(finished \w{3}, \w{3} \d{1,2} · \d{1,2}:\d{2} [AP]M\)\. Each reader gets it once a week\.$/,
    );
    const locked = await call(server, editor, 'PUT', '/api/admin/newsletter/note', { note: 'Too late', version: 1 });
    expect(locked.status).toBe(409);
    expect(await message(locked)).toBe("This week's issue has started going out, so its note can no longer change.");
    expect(await rows("SELECT count(*) AS n FROM newsletter_deliveries WHERE status = 'sent'")).toEqual([{ n: ACTIVE.length }]);
    expect(sink.messages).toHaveLength(ACTIVE.length - 1);

    let entries = await newsletterHistory();
    for (let i = 0; i < 50 && entries.at(-1)?.event !== 'sent now'; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      entries = await newsletterHistory();
    }
    const sent = entries.at(-1)!;
    expect(sent.event).toBe('sent now');
    expect(sent.subject_id).toBe(week);
    expect(['Edie Editor', 'Owner']).toContain(sent.actor_name);
    expect(JSON.parse(String(sent.after))).toMatchObject({
      how: 'now',
      status: 'finished',
      sentByThisRun: ACTIVE.length - 1,
      failedByThisRun: 0,
      sent: ACTIVE.length,
      failed: 0,
      inDoubt: 0,
      pending: 0,
    });
  });
});

describe('with mail off', () => {
  it('refuses a test send and Send now with what to set', async () => {
    const off = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1', SMTP_URL: '', NEWSLETTER_FROM: '', SITE_URL: 'https://scottsdale.example' } });
    try {
      const me = new Browser('198.18.31.9');
      await signInOwner(off, me, PASSWORD);
      const expected = 'Mail is off. The newsletter cannot be sent until these are set: SMTP_URL (the outgoing mail server); NEWSLETTER_FROM (the From address).';
      for (const [path, body] of [
        ['/api/admin/newsletter/test-send', {}],
        ['/api/admin/newsletter/send', { week }],
      ] as const) {
        const response = await call(off, me, 'POST', path, body);
        expect(response.status).toBe(503);
        expect(await message(response)).toBe(expected);
      }
    } finally {
      await off.stop();
    }
  });
});
