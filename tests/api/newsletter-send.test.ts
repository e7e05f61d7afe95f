import { createClient } from '@libsql/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { seedSubscribers } from '../../db/seed/subscribers';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { tempDatabaseFile } from '../support/temp-db';

// The app's modules read DATABASE_URL on first use: point them at this file's own database first.
const file = tempDatabaseFile('newsletter-send-');
process.env.DATABASE_URL = file.url;
const { smtpMailer } = await import('../../src/server/adapters/mail');
const { buildDigest } = await import('../../src/server/newsletter/digest');
const { sendNewsletter } = await import('../../src/server/newsletter/send');
const { newsletterStatus, MAX_DELIVERY_ATTEMPTS } = await import('../../src/server/newsletter/ledger');
const { startNewsletterScheduler } = await import('../../src/server/newsletter/schedule');
const { subscriberForToken } = await import('../../src/server/newsletter/unsubscribe');
const { discardDatabase } = await import('../../src/server/db/database');
const { recordSend } = await import('../../src/server/newsletter/desk');

const SEED_AT = new Date('2026-11-22T17:00:00Z'); // Sunday 10:00 in Phoenix
const THURSDAY_9AM = new Date('2026-11-26T16:00:00Z');
const SITE = 'https://scottsdale.example';
const FROM = 'Scottsdale Weekly <weekly@scottsdale.example>';
const ACTIVE = seedSubscribers.filter((s) => s.isActive).map((s) => s.email);
const INACTIVE = seedSubscribers.filter((s) => !s.isActive).map((s) => s.email);

let sink: SmtpSink;
let db: Database;
const mailers: { close: () => void }[] = [];

function mailer() {
  const m = smtpMailer(sink.url);
  mailers.push(m);
  return m;
}

const send = (options: Partial<Parameters<typeof sendNewsletter>[0]> = {}) =>
  sendNewsletter({ mailer: mailer(), from: FROM, siteUrl: SITE, ratePerSecond: 1000, retryDelayMs: 10, now: () => THURSDAY_9AM, ...options });

const rows = async (sql: string, args: (string | number)[] = []) => (await db.$client.execute({ sql, args })).rows;

beforeAll(async () => {
  await prepareDatabase({ url: file.url }, SEED_AT);
  db = openDatabase({ url: file.url });
  sink = await startSmtpSink();
});

afterAll(async () => {
  for (const m of mailers) m.close();
  await sink?.stop();
  discardDatabase();
  db?.$client.close();
  file.remove();
});

beforeEach(async () => {
  sink.reset();
  await db.$client.batch(['DELETE FROM newsletter_deliveries', 'DELETE FROM newsletter_runs', "DELETE FROM newsletter_subscribers WHERE email LIKE 'extra-%'"]);
  await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET is_active = (email NOT IN (?))', args: INACTIVE });
});

describe('the weekly digest', () => {
  it("lists the week's events from the day of the issue to Saturday, new spots of the last 7 days and the newest Stories", async () => {
    const digest = await buildDigest(THURSDAY_9AM);
    expect(digest.weekLabel).toBe('Nov 22 – Nov 28, 2026');
    expect(digest.weekParam).toBe('2026-11-22');

    // Thursday 00:00 to Sunday 00:00, Phoenix time (UTC-7).
    const expected = await rows('SELECT title FROM events WHERE start_date >= ? AND start_date < ? ORDER BY start_date, id', [
      Date.parse('2026-11-26T07:00:00Z'),
      Date.parse('2026-11-29T07:00:00Z'),
    ]);
    expect(expected.length).toBeGreaterThan(0);
    expect(digest.eventCount).toBe(expected.length);
    expect(digest.events.map((e) => e.title)).toEqual(expected.slice(0, 12).map((r) => r.title));
    const earlier = await rows('SELECT count(*) AS n FROM events WHERE start_date >= ? AND start_date < ?', [
      Date.parse('2026-11-22T07:00:00Z'),
      Date.parse('2026-11-26T07:00:00Z'),
    ]);
    expect(Number(earlier[0]!.n), 'the seed has events earlier in the week, which the issue leaves out').toBeGreaterThan(0);

    const newSpots = await rows('SELECT name FROM spots WHERE created_at >= ? AND created_at <= ? ORDER BY created_at DESC, id DESC LIMIT 6', [
      THURSDAY_9AM.getTime() - 7 * 86_400_000,
      THURSDAY_9AM.getTime(),
    ]);
    expect(digest.newSpots.map((s) => s.name)).toEqual(newSpots.map((r) => r.name));

    const stories = await rows('SELECT title FROM blog_posts WHERE is_published = 1 ORDER BY published_at DESC, id DESC LIMIT 3');
    expect(digest.stories.map((s) => s.title)).toEqual(stories.map((r) => r.title));
    expect(digest.stories).toHaveLength(3);
  });
});

describe('sending the newsletter', () => {
  it('delivers one digest to each active subscriber, none to inactive ones, and a second run sends nothing', async () => {
    const first = await send();
    expect(first).toMatchObject({ status: 'finished', sent: ACTIVE.length, alreadySent: 0, failed: [], inDoubt: [] });
    expect(sink.messages).toHaveLength(ACTIVE.length);
    expect(sink.messages.flatMap((m) => m.envelope.to).sort()).toEqual([...ACTIVE].sort());
    for (const email of INACTIVE) expect(sink.to(email)).toEqual([]);

    const message = sink.to(ACTIVE[0]!)[0]!;
    expect(message.envelope.from).toBe('weekly@scottsdale.example');
    expect(message.parsed.from?.text).toBe('"Scottsdale Weekly" <weekly@scottsdale.example>');
    expect(message.parsed.subject).toBe(first.subject);
    expect(first.subject).toMatch(/^Scottsdale Weekly: \d+ events? this week \(Nov 22 – Nov 28, 2026\)$/);
    expect(message.parsed.html).toContain('Your week in Scottsdale');
    expect(message.parsed.text).toContain("THIS WEEK'S EVENTS");
    const digest = await buildDigest(THURSDAY_9AM);
    for (const event of digest.events) expect(message.parsed.text).toContain(event.title);

    // RFC 2369 / RFC 8058 headers with this subscriber's signed one-click address.
    const listUnsubscribe = message.header('list-unsubscribe')!;
    expect(listUnsubscribe).toMatch(/^<https:\/\/scottsdale\.example\/api\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}>$/);
    expect(message.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(message.header('list-id')).toContain('<weekly.scottsdale.example>');
    const token = decodeURIComponent(listUnsubscribe.match(/token=([^>]+)>/)![1]!);
    expect((await subscriberForToken(token))?.email).toBe(ACTIVE[0]);
    expect(message.parsed.html).toContain(`${SITE}/unsubscribe?token=${token}`);
    expect(message.parsed.text).toContain(`Unsubscribe with one click: ${SITE}/unsubscribe?token=${token}`);

    const stored = await rows("SELECT email, status, attempts, message_id FROM newsletter_deliveries WHERE status = 'sent'");
    expect(stored).toHaveLength(ACTIVE.length);
    expect(stored.every((r) => Number(r.attempts) === 1 && String(r.message_id).includes('@'))).toBe(true);

    const second = await send();
    expect(second).toMatchObject({ status: 'finished', sent: 0, alreadySent: ACTIVE.length, failed: [] });
    expect(sink.messages).toHaveLength(ACTIVE.length);

    const status = await newsletterStatus(THURSDAY_9AM);
    expect(status).toMatchObject({ activeSubscribers: ACTIVE.length, inactiveSubscribers: INACTIVE.length, deliveries: { sent: ACTIVE.length, failed: 0 } });
    expect(status.run?.finishedAt).toBeInstanceOf(Date);
  });

  it('an interrupted send started again gives everyone exactly one copy', async () => {
    await db.$client.batch(Array.from({ length: 16 }, (_, i) => `INSERT INTO newsletter_subscribers (email) VALUES ('extra-${i}@example.com')`));
    const everyone = ACTIVE.length + 16;
    const abort = new AbortController();
    const counting = mailer();
    let handed = 0;
    const interrupted = await send({
      batchSize: 4,
      signal: abort.signal,
      mailer: {
        ...counting,
        send: async (mail) => {
          if (++handed === 5) abort.abort(); // Ctrl-C while the fifth message is on its way
          return counting.send(mail);
        },
      },
    });
    expect(interrupted.status).toBe('interrupted');
    expect(interrupted.sent).toBeGreaterThanOrEqual(5);
    expect(interrupted.sent).toBeLessThan(everyone);
    expect(sink.messages).toHaveLength(interrupted.sent);
    expect((await newsletterStatus(THURSDAY_9AM)).run).toMatchObject({ finishedAt: null, sending: false });

    const resumed = await send({ batchSize: 4 });
    expect(resumed).toMatchObject({ status: 'finished', sent: everyone - interrupted.sent, alreadySent: interrupted.sent, failed: [], inDoubt: [] });
    const perAddress = new Map<string, number>();
    for (const m of sink.messages) for (const to of m.envelope.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect(perAddress.size).toBe(everyone);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  });

  it('never resends to an address a crashed run was sending to, and reports it', async () => {
    // A run that died (SIGKILL) mid-message: its lease ran out and one delivery stayed 'sending'.
    const [victim] = await rows('SELECT id, email FROM newsletter_subscribers WHERE email = ?', [ACTIVE[1]!]);
    await db.$client.batch([
      {
        sql: "INSERT INTO newsletter_runs (week_start, lease_owner, lease_until, started_at) VALUES (?, 'dead-host:1:abc', ?, ?)",
        args: [Date.parse('2026-11-22T07:00:00Z'), THURSDAY_9AM.getTime() - 1, THURSDAY_9AM.getTime() - 60_000],
      },
      {
        sql: "INSERT INTO newsletter_deliveries (week_start, subscriber_id, email, status, attempts, claimed_until) VALUES (?, ?, ?, 'sending', 1, ?)",
        args: [Date.parse('2026-11-22T07:00:00Z'), Number(victim!.id), String(victim!.email), THURSDAY_9AM.getTime() + 60_000],
      },
    ]);
    const report = await send();
    expect(report).toMatchObject({ status: 'finished', sent: ACTIVE.length - 1, inDoubt: [ACTIVE[1]] });
    expect(sink.to(ACTIVE[1]!)).toEqual([]);
  });

  it('a second instance waits while a live run holds the week, and two runs at once never double-send', async () => {
    await db.$client.execute({
      sql: "INSERT INTO newsletter_runs (week_start, lease_owner, lease_until, started_at) VALUES (?, 'other-host:7:def', ?, ?)",
      args: [Date.parse('2026-11-22T07:00:00Z'), THURSDAY_9AM.getTime() + 30_000, THURSDAY_9AM.getTime()],
    });
    const busy = await send();
    expect(busy.status).toBe('busy');
    expect(busy.heldBy?.owner).toBe('other-host:7:def');
    expect(sink.messages).toHaveLength(0);

    await db.$client.execute('DELETE FROM newsletter_runs');
    await db.$client.batch(Array.from({ length: 10 }, (_, i) => `INSERT INTO newsletter_subscribers (email) VALUES ('extra-${i}@example.com')`));
    sink.setDelay(5);
    try {
      const reports = await Promise.all([send({ batchSize: 2 }), send({ batchSize: 2 })]);
      expect(reports.map((r) => r.status).sort()).toEqual(['busy', 'finished']);
    } finally {
      sink.setDelay(0);
    }
    const recipients = sink.messages.flatMap((m) => m.envelope.to);
    expect(recipients).toHaveLength(ACTIVE.length + 10);
    expect(new Set(recipients).size).toBe(recipients.length);
  });

  it('retries a temporary refusal, gives up on a permanent one at once, and reports both', async () => {
    const [flaky, gone, busy] = ACTIVE as [string, string, string];
    sink.refuse(flaky, 'temporary', 1);
    sink.refuse(gone, 'permanent');
    sink.refuse(busy, 'temporary');
    const lines: string[] = [];
    const report = await send({ log: (line) => lines.push(line) });

    expect(sink.to(flaky)).toHaveLength(1);
    expect(sink.to(gone)).toHaveLength(0);
    expect(sink.to(busy)).toHaveLength(0);
    expect(report.sent).toBe(ACTIVE.length - 2);
    expect(report.failed).toHaveLength(2);
    expect(report.failed).toContainEqual({ email: gone, attempts: 1, error: expect.stringContaining('550') });
    expect(report.failed).toContainEqual({ email: busy, attempts: MAX_DELIVERY_ATTEMPTS, error: expect.stringContaining('451') });
    expect(lines.some((l) => l.includes(flaky) && l.includes('retrying'))).toBe(true);

    const stored = await rows('SELECT email, status, attempts, last_error FROM newsletter_deliveries ORDER BY email');
    const byEmail = Object.fromEntries(stored.map((r) => [String(r.email), r]));
    expect(byEmail[flaky]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(byEmail[gone]).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(String(byEmail[gone]!.last_error)).toContain('550');
    expect(byEmail[busy]).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });

    // Attempts are bounded across runs too: nothing is retried again.
    sink.refuse(busy, 'temporary', 0);
    const again = await send();
    expect(again.sent).toBe(0);
    expect(sink.to(busy)).toHaveLength(0);
  });

  it("a login refused or a server gone mid-run stops the run without using anyone's attempts; the next run carries on", async () => {
    const real = mailer();
    let calls = 0;
    const failing = {
      ...real,
      send: async (mail: Parameters<typeof real.send>[0]) => {
        if (++calls === 2) throw Object.assign(new Error('Invalid login: 535 Authentication failed'), { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' });
        return real.send(mail);
      },
    };
    const stopped = await send({ concurrency: 1, mailer: failing });
    expect(stopped.status).toBe('stopped');
    expect(stopped.stoppedBecause).toContain('535 Authentication failed');
    expect(stopped.failed).toEqual([]);
    expect(stopped.sent).toBe(1);
    const stored = await rows('SELECT status, attempts FROM newsletter_deliveries');
    expect(stored.filter((r) => r.status === 'failed').map((r) => Number(r.attempts))).toEqual([0]);
    expect((await newsletterStatus(THURSDAY_9AM)).run?.finishedAt).toBeNull();

    const resumed = await send();
    expect(resumed).toMatchObject({ status: 'finished', sent: ACTIVE.length - 1, failed: [] });
    expect(new Set(sink.messages.flatMap((m) => m.envelope.to)).size).toBe(ACTIVE.length);
    expect(sink.messages).toHaveLength(ACTIVE.length);
  });

  it('a database that fails right after the SMTP server took a message never makes it send that message again', async () => {
    const locker = createClient({ url: file.url });
    const real = mailer();
    const held: { lock: Awaited<ReturnType<typeof locker.transaction>> | null } = { lock: null };
    const lockingAfterFirst = {
      ...real,
      send: async (mail: Parameters<typeof real.send>[0]) => {
        const info = await real.send(mail);
        // The message is out; now the database is locked before the delivery can be recorded.
        held.lock ??= await locker.transaction('write');
        return info;
      },
    };
    try {
      const stopped = await send({ concurrency: 1, mailer: lockingAfterFirst });
      expect(stopped.status).toBe('stopped');
      expect(stopped.stoppedBecause).toMatch(/database/);
      expect(stopped.sent).toBe(1);
    } finally {
      await held.lock?.rollback();
      locker.close();
    }
    // The stopped run could not release the week while the database was locked; its lease would
    // run out within a minute of the real clock, which this test holds still.
    await db.$client.execute('UPDATE newsletter_runs SET lease_owner = NULL, lease_until = NULL');
    const first = sink.messages[0]!.envelope.to[0]!;
    const resumed = await send();
    expect(resumed.status).toBe('finished');
    expect(resumed.inDoubt).toEqual([first]);
    expect(sink.to(first)).toHaveLength(1);
    expect(sink.messages).toHaveLength(ACTIVE.length);
    // Reported once: a later run does not list it again.
    expect((await send()).inDoubt).toEqual([]);
  });

  it('a subscriber who unsubscribed gets nothing, and one who re-joined gets the issue', async () => {
    await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET is_active = 0 WHERE email = ?', args: [ACTIVE[2]!] });
    await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET is_active = 1 WHERE email = ?', args: [INACTIVE[0]!] });
    await send();
    expect(sink.to(ACTIVE[2]!)).toEqual([]);
    expect(sink.to(INACTIVE[0]!)).toHaveLength(1);
  });

  it('keeps to the configured rate', async () => {
    const started = Date.now();
    await send({ ratePerSecond: 10 });
    // Four messages at most ten a second: the last may leave no sooner than 300 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('the Thursday scheduler', () => {
  it('sends once on Thursday at 9:00 city time, whatever the number of instances and restarts', async () => {
    let clock = new Date('2026-11-26T15:59:00Z'); // Thursday 8:59
    const options = { mailer, from: FROM, siteUrl: SITE, ratePerSecond: 1000, now: () => clock, intervalMs: 3_600_000, log: () => {} };
    const first = startNewsletterScheduler(options);
    const second = startNewsletterScheduler(options);
    try {
      expect(await first.tick()).toBeNull();
      expect(sink.messages).toHaveLength(0);

      clock = THURSDAY_9AM;
      const reports = await Promise.all([first.tick(), second.tick()]);
      expect(reports.filter((r) => r?.status === 'finished')).toHaveLength(1);
      expect(sink.messages).toHaveLength(ACTIVE.length);
    } finally {
      await first.stop();
      await second.stop();
    }

    clock = new Date('2026-11-26T17:00:00Z'); // a restart at 10:00
    const restarted = startNewsletterScheduler(options);
    try {
      expect(await restarted.tick()).toBeNull();
    } finally {
      await restarted.stop();
    }
    expect(sink.messages).toHaveLength(ACTIVE.length);
  });

  it('writes each scheduled send to History, by the guide, with the counts of the week', async () => {
    await db.$client.execute("DELETE FROM history WHERE kind = 'newsletter'");
    const clock = THURSDAY_9AM;
    const scheduler = startNewsletterScheduler({
      mailer,
      from: FROM,
      siteUrl: SITE,
      ratePerSecond: 1000,
      now: () => clock,
      intervalMs: 3_600_000,
      log: () => {},
      onReport: (report) => recordSend(null, 'scheduled', report, clock),
    });
    try {
      expect((await scheduler.tick())?.status).toBe('finished');
      expect(await scheduler.tick()).toBeNull();
    } finally {
      await scheduler.stop();
    }
    const entries = await rows("SELECT actor_id, actor_name, subject_id, event, after FROM history WHERE kind = 'newsletter'");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: null, actor_name: 'The guide', subject_id: '2026-11-22', event: 'sent on schedule' });
    expect(JSON.parse(String(entries[0]!.after))).toMatchObject({
      how: 'scheduled',
      status: 'finished',
      sentByThisRun: ACTIVE.length,
      sent: ACTIVE.length,
      failed: 0,
      inDoubt: 0,
      pending: 0,
    });
  });
});
