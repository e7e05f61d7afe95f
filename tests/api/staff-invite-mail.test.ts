// With SMTP_URL and NEWSLETTER_FROM set, an invite is emailed, and the answer says so; when the
// mail server refuses it, the invite is kept and its link (always in the answer) still works.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { Browser, call, join, signInOwner } from '../support/staff';

const PASSWORD = 'invite-mail-owner-password';
const FROM = 'Scottsdale Local Guide <team@example.com>';
let sink: SmtpSink;
let server: TestServer;
const owner = new Browser('198.18.6.1');

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1', SMTP_URL: sink.url, NEWSLETTER_FROM: FROM } });
  await signInOwner(server, owner, PASSWORD);
});
beforeEach(() => sink.reset());
afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

const inviteAnswer = async (email: string, role: string) => {
  const response = await call(server, owner, 'POST', '/api/admin/invites', { email, role });
  expect(response.status).toBe(201);
  return ((await response.json()) as { invite: { link: string; emailed: boolean } }).invite;
};

describe('invites by email', () => {
  it('is emailed from NEWSLETTER_FROM to the invitee with the link, and the answer says emailed', async () => {
    const invite = await inviteAnswer('mailed.editor@example.com', 'editor');
    expect(invite.emailed).toBe(true);
    const [mail] = sink.to('mailed.editor@example.com');
    expect(mail!.envelope.from).toBe('team@example.com');
    expect(mail!.parsed.subject).toBe('You are invited to the Scottsdale Local Guide back office');
    expect(mail!.parsed.text).toContain('Owner invited you to join the Scottsdale Local Guide back office as Editor.');
    expect(mail!.parsed.text).toContain(invite.link);
    expect(mail!.parsed.html).toContain(`href="${invite.link}"`);
  });

  it('a refused message loses nothing: emailed is false, the invite is pending and its link works', async () => {
    sink.refuse('bounced@example.com', 'permanent');
    const invite = await inviteAnswer('bounced@example.com', 'support');
    expect(invite.emailed).toBe(false);
    expect(sink.to('bounced@example.com')).toHaveLength(0);
    const pending = (await (await call(server, owner, 'GET', '/api/admin/invites')).json()) as { invites: { email: string }[] };
    expect(pending.invites.map((i) => i.email)).toContain('bounced@example.com');
    await join(server, new Browser('198.18.6.2'), new URL(invite.link).searchParams.get('token')!, 'Bounced', 'still-gets-in-fine');
  });
});
