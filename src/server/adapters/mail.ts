import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** RFC 2369 / RFC 8058 list headers, for issues of the newsletter (not for one-off messages such as a confirmation). */
  list?: { id: { url: string; comment: string }; unsubscribeUrl: string };
}

export interface Mailer {
  /** Checks that the server answers and accepts our login; throws a readable error otherwise. */
  verify(): Promise<void>;
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** The SMTP host and port, for messages (never the credentials in the URL). */
export function smtpHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    return 'the SMTP server';
  }
}

/**
 * What a failed send says. A refusal of this one message or recipient (nodemailer's EENVELOPE for
 * MAIL FROM/RCPT TO, EMESSAGE for DATA) is temporary with a 4xx reply and permanent with 5xx
 * (RFC 5321 §4.2.1). Anything else (connection, login, timeouts, 421 "closing", an unknown error)
 * is the server's or our setup's trouble, not the reader's: the run should stop and try later.
 */
export type MailFailure = 'recipient-temporary' | 'recipient-permanent' | 'server';

export function classifyMailError(error: unknown): MailFailure {
  const { responseCode, code, command } = (error ?? {}) as { responseCode?: number; code?: string; command?: string };
  // A refused sender (MAIL FROM) is the same refusal for every reader.
  if (responseCode === 421 || command === 'MAIL FROM' || (code !== 'EENVELOPE' && code !== 'EMESSAGE')) return 'server';
  return typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500 ? 'recipient-temporary' : 'recipient-permanent';
}

/** A short, credential-free description of a send failure for logs and reports. */
export function describeMailError(error: unknown): string {
  const { response, responseCode, code, message } = error as { response?: string; responseCode?: number; code?: string; message?: string };
  if (response) return response.slice(0, 300);
  if (responseCode) return `${responseCode} ${message ?? ''}`.trim().slice(0, 300);
  return `${code ? `${code}: ` : ''}${message ?? String(error)}`.replace(/\/\/[^@\s]*@/g, '//').slice(0, 300);
}

/**
 * SMTP through nodemailer, one pooled connection set per mailer. nodemailer is loaded with the
 * first message or check: a server that never sends mail does not keep it in memory.
 */
export function smtpMailer(url: string, { maxConnections = 2 }: { maxConnections?: number } = {}): Mailer {
  let opened: Promise<Transporter> | null = null;
  const transport = () =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    ));
  return {
    async verify() {
      try {
        await (await transport()).verify();
      } catch (error) {
        throw new Error(`Cannot use the SMTP server at ${smtpHost(url)}: ${describeMailError(error)}`);
      }
    },
    async send(mail) {
      const info = await (
        await transport()
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.list && {
          list: { id: mail.list.id, unsubscribe: mail.list.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      });
      return { messageId: info.messageId };
    },
    close() {
      void opened?.then((open) => open.close());
    },
  };
}
