import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A message as the sink received it: the SMTP envelope, the raw bytes and the parsed message. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
  /** Header lookup by lower-case name, as sent. */
  header: (name: string) => string | undefined;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Messages to one recipient. */
  to: (address: string) => ReceivedMail[];
  /** Refuse RCPT TO for an address: `temporary` answers 451 (try later), otherwise 550 (no such mailbox). */
  refuse: (address: string, kind: 'temporary' | 'permanent', times?: number) => void;
  /** Forgets received messages, refusals and delay. */
  reset: () => void;
  /** Wait this long before accepting each message's data (a slow server). */
  setDelay: (ms: number) => void;
  /** Resolves once `count` messages have arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free local port that keeps every message
 * it accepts, like a mail sink. Plain SMTP, no TLS and no login, as on a developer machine.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const refusals = new Map<string, { kind: 'temporary' | 'permanent'; times: number }>();
  let delay = 0;
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Scottsdale test sink',
    logger: false,
    size: 5 * 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        const error = new Error(refusal.kind === 'temporary' ? '4.2.1 Mailbox busy, try again later' : '5.1.1 No such mailbox here') as Error & { responseCode: number };
        error.responseCode = refusal.kind === 'temporary' ? 451 : 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        const finish = () => {
          messages.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw,
            parsed,
            header: (name) => {
              const value = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
              return value
                ?.slice(value.indexOf(':') + 1)
                .replace(/\r?\n\s+/g, ' ')
                .trim();
            },
          });
          for (const waiter of waiters.filter((w) => messages.length >= w.count)) waiter.resolve();
          callback();
        };
        if (delay) setTimeout(finish, delay);
        else finish();
      });
    },
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    to: (address) => messages.filter((m) => m.envelope.to.includes(address)),
    refuse: (address, kind, times = Number.POSITIVE_INFINITY) => refusals.set(address.toLowerCase(), { kind, times }),
    setDelay: (ms) => (delay = ms),
    reset: () => {
      messages.length = 0;
      refusals.clear();
      delay = 0;
    },
    waitFor: (count, timeoutMs = 15_000) =>
      messages.length >= count
        ? Promise.resolve()
        : new Promise<void>((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`only ${messages.length} of ${count} messages arrived`)), timeoutMs);
            waiters.push({ count, resolve: () => (clearTimeout(timer), ok()) });
          }),
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
