import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { classifyMailError, describeMailError, smtpHost, smtpMailer, type Mailer } from '../adapters/mail';
import { releaseIfUnavailable } from '../db/database';
import { confirmationEmail } from './confirmation-email';
import { confirmationMailSetup, confirmationUrl } from './confirmation';
import { claimNextConfirmation, confirmationSent, dropConfirmation, retryConfirmation, type ClaimedConfirmation } from './outbox';

/** How often the queue is looked at when nothing asked (retries coming due, another instance's rows). */
const POLL_MS = 15_000;
/** Waits after a failed try: 5 s, 10 s, 20 s … at most 30 minutes. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 30 * 60_000;
/** A recipient's server refusing for now (4xx) is tried this often before giving up; a down SMTP server costs no one their tries. */
const RECIPIENT_ATTEMPTS = 5;

const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const retryDelay = (attempts: number) => Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
const log = (line: string) => console.log(`[newsletter] ${line}`);

let started = false;
let draining: Promise<void> | null = null;
let again = false;

/** One try at one claimed row; false when the SMTP server itself failed (the pass stops there). */
async function deliver(claim: ClaimedConfirmation, mailer: Mailer, from: string): Promise<boolean> {
  if (!claim.pending || !claim.email) {
    await dropConfirmation(claim, owner);
    return true;
  }
  const now = () => new Date();
  try {
    await mailer.send({ from, to: claim.email, ...confirmationEmail(await confirmationUrl(claim.siteUrl, { id: claim.subscriberId, email: claim.email })) });
    await confirmationSent(claim, owner, now());
    return true;
  } catch (error) {
    const kind = classifyMailError(error);
    const reason = describeMailError(error);
    if (kind === 'recipient-permanent' || (kind === 'recipient-temporary' && claim.attempts >= RECIPIENT_ATTEMPTS)) {
      log(`confirmation email to ${claim.email} given up after ${claim.attempts} attempts: ${reason}`);
      await dropConfirmation(claim, owner);
      return true;
    }
    const retryAt = new Date(now().getTime() + retryDelay(claim.attempts));
    await retryConfirmation(claim, owner, retryAt, reason);
    log(`confirmation email to ${claim.email} failed (${reason}); trying again at ${retryAt.toISOString()}`);
    return kind !== 'server';
  }
}

/** Sends every due confirmation, one claimed row at a time, until none is left or the SMTP server fails. */
async function drain(everything: boolean): Promise<void> {
  const setup = confirmationMailSetup();
  if (!setup) return;
  let mailer: Mailer | null = null;
  try {
    for (;;) {
      const claim = await claimNextConfirmation(owner, new Date(), everything);
      if (!claim) return;
      mailer ??= smtpMailer(setup.smtpUrl, { maxConnections: 1 });
      if (!(await deliver(claim, mailer, setup.from))) {
        log(`the SMTP server at ${smtpHost(setup.smtpUrl)} failed; waiting confirmations are sent once it answers`);
        return;
      }
    }
  } finally {
    mailer?.close();
  }
}

function run(everything: boolean): Promise<void> {
  if (draining) {
    again = true;
    return draining;
  }
  draining = drain(everything)
    .catch((error: Error) => {
      log(`confirmation emails could not be sent: ${error.message}`);
      releaseIfUnavailable(error);
    })
    .finally(() => {
      draining = null;
      if (again) {
        again = false;
        void run(false);
      }
    });
  return draining;
}

/**
 * Starts this process's worker (once): a pass over everything left in the queue (a restart may have
 * fixed the mail settings), then a look every 15 seconds. Safe with any number of workers and
 * instances: every row is claimed before it is sent.
 */
export function startConfirmationOutbox(): Promise<void> {
  if (started) return draining ?? Promise.resolve();
  started = true;
  setInterval(() => void run(false), POLL_MS).unref();
  return run(true);
}

/**
 * Called after a sign-up has been answered: sends what it queued, if anything. Every sign-up calls
 * it alike, so the answer itself never depends on whether an email is due.
 */
export function sendQueuedConfirmations(): void {
  setImmediate(() => {
    if (!started) void startConfirmationOutbox();
    else void run(false);
  });
}
