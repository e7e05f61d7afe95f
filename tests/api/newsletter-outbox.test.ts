/**
 * Sign-ups answer before any email is sent: the confirmation is queued in the database in the same
 * batch as the sign-up and sent afterwards by the server's worker, which survives restarts.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { seedSubscribers } from '../../db/seed/subscribers';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { tempDatabaseFile } from '../support/temp-db';

// The in-process part (two workers claiming) uses its own database file, set before the app's modules load.
const claimsFile = tempDatabaseFile('newsletter-outbox-');
process.env.DATABASE_URL = claimsFile.url;
const { claimNextConfirmation, dropConfirmation } = await import('../../src/server/newsletter/outbox');
const { discardDatabase } = await import('../../src/server/db/database');

const FROM = 'Scottsdale Weekly <weekly@scottsdale.example>';
const SITE = 'https://scottsdale.example';
const KNOWN = seedSubscribers.find((s) => s.isActive)!.email;

/** A TCP server that accepts SMTP connections and never says a word: a send through it cannot finish. */
async function silentSmtp(): Promise<{ url: string; connections: () => number; stop: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.length,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((ok) => server.close(() => ok()));
    },
  };
}

/** A local port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/**
 * A sign-up, given up after 10 s: less than the 15 s the mail client waits for a silent SMTP
 * server's greeting, so a sign-up that waited for its email could not answer in time.
 */
const signUp = (server: TestServer, email: string) =>
  server.fetch('/api/subscribe', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
    signal: AbortSignal.timeout(10_000),
  });

/** The headers of an answer, with the ones that differ per response by nature (date, the new visitor's random id) reduced to their shape. */
function headerShape(response: Response): Record<string, string> {
  const shape: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name === 'date') return;
    shape[name] = name === 'set-cookie' ? value.replace(/=[^;]+/, '=<id>') : value;
  });
  return shape;
}

describe('the sign-up answers before any email is sent', () => {
  let silent: Awaited<ReturnType<typeof silentSmtp>>;
  let server: TestServer;
  let db: Database;

  beforeAll(async () => {
    silent = await silentSmtp();
    server = await startTestServer({ env: { SMTP_URL: silent.url, NEWSLETTER_FROM: FROM, SITE_URL: SITE } });
    db = openDatabase({ url: server.databaseUrl });
  });
  afterAll(async () => {
    db?.$client.close();
    await server?.stop();
    await silent?.stop();
  });

  it('a known and a new address get the same status, body and headers, while the SMTP server holds the connection', async () => {
    const known = await signUp(server, KNOWN);
    const knownBody = await known.text();
    const fresh = await signUp(server, 'timing.reader@example.com');
    const freshBody = await fresh.text();
    expect(known.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(freshBody).toBe(knownBody);
    expect(JSON.parse(freshBody)).toEqual({ message: "Thanks! If you're new to Scottsdale Weekly, check your inbox for a link to confirm your address." });
    expect(headerShape(fresh)).toEqual(headerShape(known));

    // The new address's email was queued, and the worker went to the SMTP server after the answer:
    // the server never greets, so a sign-up that waited for the send could not have answered at all.
    const { rows } = await db.$client.execute({
      sql: 'SELECT o.site_url FROM newsletter_outbox o JOIN newsletter_subscribers s ON s.id = o.subscriber_id WHERE s.email = ?',
      args: ['timing.reader@example.com'],
    });
    expect(rows.map((r) => r.site_url)).toEqual([SITE]);
    await until('the worker to connect to the SMTP server', async () => silent.connections() > 0);
    // The address already on the list queued nothing.
    const knownQueued = await db.$client.execute({
      sql: 'SELECT count(*) AS n FROM newsletter_outbox o JOIN newsletter_subscribers s ON s.id = o.subscriber_id WHERE s.email = ?',
      args: [KNOWN],
    });
    expect(Number(knownQueued.rows[0]!.n)).toBe(0);
  });
});

describe('the queue survives the mail server being down and the server being killed', () => {
  let first: TestServer;
  let second: TestServer | undefined;
  let sink: SmtpSink | undefined;
  let db: Database;

  afterAll(async () => {
    db?.$client.close();
    await second?.stop();
    await first?.stop();
    await sink?.stop();
  });

  it('an email queued while SMTP is down is delivered by the restarted server, with no request to it', async () => {
    const port = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, NEWSLETTER_FROM: FROM, SITE_URL: SITE, SESSION_SECRET: 'newsletter-outbox-session-secret-000000000' };
    first = await startTestServer({ env });
    db = openDatabase({ url: first.databaseUrl });
    const reader = 'queued.reader@example.com';

    expect((await signUp(first, reader)).status).toBe(200);
    // The worker tried, the mail server refused the connection, and the row waits for its next try.
    const failed = await until('a failed try', async () => {
      const { rows } = await db.$client.execute('SELECT attempts, last_error, claimed_by FROM newsletter_outbox');
      return rows.length === 1 && Number(rows[0]!.attempts) >= 1 && rows[0]!.claimed_by === null ? rows[0]! : null;
    });
    expect(String(failed.last_error)).toMatch(/ECONNREFUSED/);
    first.process.kill('SIGKILL');
    await until('the server to die', async () => first.process.exitCode !== null || first.process.signalCode !== null);

    sink = await startSmtpSink(port);
    second = await startTestServer({ env, databaseUrl: first.databaseUrl, prepare: false });
    await until('the confirmation email', async () => sink!.to(reader).length > 0);
    const [mail] = sink.to(reader);
    expect(mail!.parsed.subject).toBe('Confirm your Scottsdale Weekly subscription');
    expect(String(mail!.parsed.html)).toMatch(new RegExp(`href="${SITE}/newsletter/confirm\\?token=[^"]+"`));
    await until('the queue to empty', async () => Number((await db.$client.execute('SELECT count(*) AS n FROM newsletter_outbox')).rows[0]!.n) === 0);
    const { rows } = await db.$client.execute({ sql: 'SELECT confirmation_sent_at FROM newsletter_subscribers WHERE email = ?', args: [reader] });
    expect(rows[0]!.confirmation_sent_at).not.toBeNull();
    expect(sink.to(reader)).toHaveLength(1);
  });
});

describe('claims', () => {
  let db: Database;
  beforeAll(async () => {
    await prepareDatabase({ url: claimsFile.url }, new Date(), { seed: false });
    db = openDatabase({ url: claimsFile.url });
  });
  afterAll(() => {
    discardDatabase();
    db?.$client.close();
    claimsFile.remove();
  });

  it('two workers draining one queue at once take every row exactly once', async () => {
    const now = Date.now();
    const statements = Array.from({ length: 40 }, (_, i) => ({
      sql: 'INSERT INTO newsletter_subscribers (email, is_active, confirmation_requested_at, created_at) VALUES (?, 0, ?, ?)',
      args: [`claim-${i}@example.com`, now, now],
    }));
    await db.$client.batch(statements);
    await db.$client.execute({
      sql: 'INSERT INTO newsletter_outbox (subscriber_id, site_url, attempts, next_attempt_at, created_at) SELECT id, ?, 0, ?, ? FROM newsletter_subscribers',
      args: [SITE, now, now],
    });
    const taken: Record<string, number[]> = { a: [], b: [] };
    const worker = async (owner: 'a' | 'b') => {
      for (;;) {
        const claim = await claimNextConfirmation(owner, new Date());
        if (!claim) return;
        taken[owner]!.push(claim.id);
        expect(claim).toMatchObject({ attempts: 1, pending: true, siteUrl: SITE });
        await dropConfirmation(claim, owner);
      }
    };
    await Promise.all([worker('a'), worker('b'), worker('a'), worker('b')]);
    const all = [...taken.a!, ...taken.b!];
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    expect(Number((await db.$client.execute('SELECT count(*) AS n FROM newsletter_outbox')).rows[0]!.n)).toBe(0);
  });

  it('a row claimed by a live worker is not taken by another; a claim past its time is', async () => {
    const now = Date.now();
    await db.$client.execute({
      sql: 'INSERT INTO newsletter_outbox (subscriber_id, site_url, attempts, next_attempt_at, created_at) VALUES (1, ?, 0, ?, ?)',
      args: [SITE, now, now],
    });
    const claim = await claimNextConfirmation('a', new Date(now));
    expect(claim).not.toBeNull();
    expect(await claimNextConfirmation('b', new Date(now + 60_000))).toBeNull();
    const retaken = await claimNextConfirmation('b', new Date(now + 2 * 60_000 + 1));
    expect(retaken).toMatchObject({ id: claim!.id, attempts: 2 });
  });
});
