/** The built server with NEWSLETTER_SCHEDULE=on: the scheduler runs inside it, or the start fails clearly. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterDue } from '../../src/server/newsletter/schedule';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { startTestServer } from '../support/server';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
});

describe('NEWSLETTER_SCHEDULE=on', () => {
  it('will not start without the settings sending needs, and says which are missing', async () => {
    const start = startTestServer({ env: { NEWSLETTER_SCHEDULE: 'on', SMTP_URL: '', NEWSLETTER_FROM: '', SITE_URL: 'https://scottsdale.example' } });
    await expect(start).rejects.toThrow(/exited with 1[\s\S]*The newsletter cannot be sent until these are set: SMTP_URL .*NEWSLETTER_FROM/);
  });

  it("starts the Thursday scheduler in the server, which sends only when the week's issue is due", async () => {
    const server = await startTestServer({
      env: { NEWSLETTER_SCHEDULE: 'on', SMTP_URL: sink.url, NEWSLETTER_FROM: 'Scottsdale Weekly <weekly@scottsdale.example>', SITE_URL: 'https://scottsdale.example' },
    });
    try {
      expect(server.output()).toContain("[newsletter] scheduler on: the week's issue goes out on Thursdays at 9:00 (America/Phoenix).");
      expect((await server.fetch('/api/spots/top?limit=1')).status).toBe(200);
      if (newsletterDue(new Date())) {
        // Thursday after 9:00, Friday or Saturday in Phoenix: the first check sends the issue.
        await sink.waitFor(4, 20_000);
        expect(sink.messages).toHaveLength(4);
      } else {
        // Any other time the first check (made at start) finds nothing due.
        await new Promise((ok) => setTimeout(ok, 1_500));
        expect(sink.messages).toHaveLength(0);
        expect(server.output()).not.toContain('send failed');
      }
    } finally {
      await server.stop();
    }
  });
});
