/**
 * Double opt-in: every sign-up or re-subscription waits for the emailed confirmation link,
 * delivered to a real SMTP sink, before the newsletter goes to the address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { seedSubscribers } from '../../db/seed/subscribers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../fakes/smtp-sink';
import { NewsletterConfirmationSchema, NewsletterResubscriptionSchema, NewsletterSignupSchema, expectContract } from '../support/contracts';
import { runNewsletterSend } from '../support/newsletter-cli';
import { startTestServer, type TestServer } from '../support/server';

const FROM = 'Scottsdale Weekly <weekly@scottsdale.example>';
const ACTIVE = seedSubscribers.filter((s) => s.isActive).map((s) => s.email);
const FORMER = seedSubscribers.find((s) => !s.isActive)!.email;
const SIGNUP_MESSAGE = "Thanks! If you're new to Scottsdale Weekly, check your inbox for a link to confirm your address.";

let server: TestServer;
let sink: SmtpSink;
let db: Database;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, NEWSLETTER_FROM: FROM, SESSION_SECRET: 'newsletter-confirm-session-secret-00000000' } });
  db = openDatabase({ url: server.databaseUrl });
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await sink?.stop();
});
beforeEach(() => sink.reset());

const postJson = (path: string, body: unknown) =>
  server.fetch(path, { method: 'POST', headers: { origin: server.url, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const signUp = (email: string) => postJson('/api/subscribe', { email });
const confirm = (token: string) => postJson('/api/newsletter/confirm', { token });

async function row(email: string) {
  const result = await db.$client.execute({
    sql: 'SELECT id, is_active, confirmed_at, confirmation_requested_at FROM newsletter_subscribers WHERE email = ?',
    args: [email],
  });
  const r = result.rows[0];
  return r
    ? { id: Number(r.id), isActive: Boolean(r.is_active), confirmed: r.confirmed_at !== null, pending: !r.is_active && r.confirmation_requested_at !== null }
    : null;
}
const confirmLinkIn = (message: ReceivedMail) => /href="([^"]*\/newsletter\/confirm\?token=[^"]+)"/.exec(String(message.parsed.html))![1]!;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Confirmation emails go out after the answer: waits until the queue has none left to send. */
async function queueSent(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.$client.execute('SELECT count(*) AS n FROM newsletter_outbox');
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error('confirmation emails are still queued after 10 s');
}

/** Sends this week's issue afresh and answers the unsubscribe token in `email`'s copy. */
async function issueUnsubscribeToken(email: string): Promise<string> {
  await db.$client.batch(['DELETE FROM newsletter_deliveries', 'DELETE FROM newsletter_runs']);
  const result = await runNewsletterSend({ DATABASE_URL: server.databaseUrl, SMTP_URL: sink.url, NEWSLETTER_FROM: FROM, SITE_URL: server.url });
  expect(result.code, result.stderr).toBe(0);
  const issue = sink.to(email)[0]!;
  sink.reset();
  return tokenOf(/href="([^"]*\/unsubscribe\?token=[^"]+)"/.exec(String(issue.parsed.html))![1]!);
}

/** Signs up and answers the token of the one confirmation email it caused. */
async function signUpAndReadToken(email: string): Promise<string> {
  const response = await signUp(email);
  expect(response.status).toBe(200);
  await queueSent();
  const mails = sink.to(email);
  expect(mails).toHaveLength(1);
  return tokenOf(confirmLinkIn(mails[0]!));
}

describe('double opt-in', () => {
  it('sign-up → pending → an email with a link → the page → confirm → active', async () => {
    const response = await signUp('  New.Reader@Example.com ');
    expect(response.status).toBe(200);
    expect(expectContract(NewsletterSignupSchema, await response.json())).toEqual({ message: SIGNUP_MESSAGE });
    expect(await row('new.reader@example.com')).toMatchObject({ isActive: false, pending: true, confirmed: false });

    await queueSent();
    const [mail] = sink.to('new.reader@example.com');
    expect(mail, 'a confirmation email arrived').toBeDefined();
    expect(mail!.parsed.subject).toBe('Confirm your Scottsdale Weekly subscription');
    expect(mail!.parsed.from?.text).toContain('weekly@scottsdale.example');
    const link = confirmLinkIn(mail!);
    expect(link.startsWith(`${server.url}/newsletter/confirm?token=`)).toBe(true);
    expect(mail!.parsed.text).toContain(link);
    expect(mail!.header('list-unsubscribe')).toBeUndefined();

    // Opening the link (as a mail scanner would) changes nothing; it shows the button.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Confirm your subscription');
    expect(html).toContain('new.reader@example.com');
    expect(await row('new.reader@example.com')).toMatchObject({ isActive: false, pending: true });

    const confirmed = await confirm(tokenOf(link));
    expect(confirmed.status).toBe(200);
    expect(expectContract(NewsletterConfirmationSchema, await confirmed.json())).toEqual({
      message: "You're on Scottsdale Weekly. Look for it in your inbox every Thursday.",
      email: 'new.reader@example.com',
    });
    expect(await row('new.reader@example.com')).toMatchObject({ isActive: true, pending: false, confirmed: true });

    // Confirming again is harmless, and the page now says so.
    expect((await confirm(tokenOf(link))).status).toBe(200);
    expect(await (await fetch(link)).text()).toContain("You're subscribed");
  });

  it('refuses a forged, altered or swapped token and changes nothing', async () => {
    const token = await signUpAndReadToken('careful.reader@example.com');
    const [id, signature] = token.split('.') as [string, string];
    const other = await row(ACTIVE[0]!);
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${id}.${flipped}`, `${other!.id}.${signature}`, `${id}.`, 'garbage', `${id}.${signature}x`, `${id}.${'A'.repeat(43)}`]) {
      const refused = await confirm(bad);
      expect(refused.status, bad).toBe(400);
      expect((await refused.json()).message).toBe('This confirmation link is not valid.');
      const page = await server.fetch(`/newsletter/confirm?token=${encodeURIComponent(bad)}`);
      expect(page.status, bad).toBe(400);
      expect(await page.text()).toContain("This confirmation link isn't valid");
    }
    // A confirmation token is no unsubscribe token, and the other way round.
    expect((await server.fetch(`/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    expect(await row(ACTIVE[0]!)).toMatchObject({ isActive: true });
    expect(await row('careful.reader@example.com')).toMatchObject({ isActive: false, pending: true });
  });

  it('an unsubscribe token cannot confirm anything', async () => {
    const unsubscribeToken = await issueUnsubscribeToken(ACTIVE[1]!);
    // Unsubscribe, then try to use the issue's token as a confirmation.
    expect((await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`)).status).toBe(200);
    await signUp(ACTIVE[1]!);
    expect((await confirm(unsubscribeToken)).status).toBe(400);
    expect(await row(ACTIVE[1]!)).toMatchObject({ isActive: false, pending: true });
  });

  it('a stranger re-subscribing an unsubscribed address leaves it unsubscribed until the owner follows the link', async () => {
    expect(await row(FORMER)).toMatchObject({ isActive: false, pending: false });
    const token = await signUpAndReadToken(FORMER);
    expect(await row(FORMER)).toMatchObject({ isActive: false, pending: true });
    expect((await confirm(token)).status).toBe(200);
    expect(await row(FORMER)).toMatchObject({ isActive: true });
  });

  it('Resubscribe on the unsubscribe page sends a confirmation too', async () => {
    const reader = ACTIVE[2]!;
    const unsubscribeToken = await issueUnsubscribeToken(reader);
    expect((await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`)).status).toBe(200);

    const response = await postJson('/api/newsletter/resubscribe', { token: unsubscribeToken });
    expect(response.status).toBe(200);
    expect(expectContract(NewsletterResubscriptionSchema, await response.json())).toEqual({
      message: "Almost there: check your inbox and follow the link to confirm you're back on Scottsdale Weekly.",
      email: reader,
      state: 'pending',
    });
    expect(await row(reader)).toMatchObject({ isActive: false, pending: true });
    await queueSent();
    expect(sink.to(reader)).toHaveLength(1);
    expect((await confirm(tokenOf(confirmLinkIn(sink.to(reader)[0]!)))).status).toBe(200);
    expect(await row(reader)).toMatchObject({ isActive: true });
  });

  it('re-posting a pending address sends at most one email per window; an active address gets none', async () => {
    await signUpAndReadToken('eager.reader@example.com');
    for (let i = 0; i < 3; i++) expect((await signUp('eager.reader@example.com')).status).toBe(200);
    await queueSent();
    expect(sink.to('eager.reader@example.com')).toHaveLength(1);

    // Once the window has passed, one more.
    await db.$client.execute({
      sql: 'UPDATE newsletter_subscribers SET confirmation_sent_at = confirmation_sent_at - 11 * 60 * 1000 WHERE email = ?',
      args: ['eager.reader@example.com'],
    });
    await signUp('eager.reader@example.com');
    await signUp('eager.reader@example.com');
    await queueSent();
    expect(sink.to('eager.reader@example.com')).toHaveLength(2);

    const answer = await signUp(ACTIVE[3]!);
    expect(await answer.json()).toEqual({ message: SIGNUP_MESSAGE });
    await queueSent();
    expect(sink.to(ACTIVE[3]!)).toHaveLength(0);
    expect(await row(ACTIVE[3]!)).toMatchObject({ isActive: true, pending: false });
  });

  it('a link whose request was withdrawn (the owner unsubscribed since) has expired', async () => {
    const token = await signUpAndReadToken('changed.mind@example.com');
    await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET confirmation_requested_at = NULL WHERE email = ?', args: ['changed.mind@example.com'] });
    const refused = await confirm(token);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This confirmation link has expired. Sign up again to get a new one.');
    expect((await server.fetch(`/newsletter/confirm?token=${encodeURIComponent(token)}`)).status).toBe(410);
    expect(await row('changed.mind@example.com')).toMatchObject({ isActive: false, pending: false });
  });

  it("the week's issue goes to confirmed subscribers only, never to a pending address", async () => {
    await db.$client.batch(['DELETE FROM newsletter_deliveries', 'DELETE FROM newsletter_runs']);
    await signUpAndReadToken('not.yet@example.com');
    sink.reset();
    const result = await runNewsletterSend({ DATABASE_URL: server.databaseUrl, SMTP_URL: sink.url, NEWSLETTER_FROM: FROM, SITE_URL: server.url });
    expect(result.code, result.stderr).toBe(0);
    const recipients = sink.messages.flatMap((m) => m.envelope.to);
    expect(recipients).not.toContain('not.yet@example.com');
    expect(recipients).not.toContain('careful.reader@example.com');
    expect(recipients).toContain('new.reader@example.com');
    const active = await db.$client.execute('SELECT email FROM newsletter_subscribers WHERE is_active = 1');
    expect([...recipients].sort()).toEqual(active.rows.map((r) => String(r.email)).sort());
  });
});
