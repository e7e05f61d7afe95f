/**
 * The scheduled snapshot's lease in `backup_runs`: one instance per period, whoever asks first;
 * a failed one is retried after a pause; a run whose instance died is marked interrupted. On a
 * file, or with TEST_DATABASE=sqld on a real libSQL server.
 */
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/prepare';
import { BACKUP_LEASE_MS, backupStatusOf, claimScheduledRun, finishRun, startManualRun } from '../../src/server/backup/ledger';
import { TEST_ENGINE } from '../support/server';
import { startSqld, type Sqld } from '../support/sqld';
import { tempDatabaseFile } from '../support/temp-db';

const HOUR = 3_600_000;
const RETRY = 5 * 60_000;
const file = TEST_ENGINE === 'file' ? tempDatabaseFile('lease-') : null;
let sqld: Sqld | null = null;
let client: Client;

beforeAll(async () => {
  sqld = TEST_ENGINE === 'sqld' ? await startSqld() : null;
  const url = sqld?.url ?? file!.url;
  await prepareDatabase({ url }, undefined, { seed: false });
  client = createClient({ url });
});
afterAll(async () => {
  client?.close();
  await sqld?.stop();
  file?.remove();
});

const at = (iso: string) => new Date(iso);
const period = (date: Date) => new Date(Math.floor(date.getTime() / HOUR) * HOUR);

describe('the scheduled backup lease', () => {
  it('lets one of several instances asking at once take the period, and none again once it succeeded', async () => {
    const now = at('2026-03-01T10:05:00Z');
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => claimScheduledRun(client, owner, now, period(now), RETRY)));
    expect(claims.filter((id) => id !== null)).toHaveLength(1);
    const id = claims.find((claim) => claim !== null)!;
    expect(await claimScheduledRun(client, 'b', at('2026-03-01T10:06:00Z'), period(now), RETRY)).toBeNull();
    await finishRun(client, id, at('2026-03-01T10:05:02Z'), { file: 'guide-2026-03-01T100500.000Z.db', sizeBytes: 4096 });
    expect(await claimScheduledRun(client, 'b', at('2026-03-01T10:59:59Z'), period(now), RETRY)).toBeNull();
    // The next hour is a new period.
    const next = at('2026-03-01T11:00:01Z');
    const nextId = await claimScheduledRun(client, 'b', next, period(next), RETRY);
    expect(nextId).not.toBeNull();
    await finishRun(client, nextId!, at('2026-03-01T11:00:03Z'), { file: 'guide-2026-03-01T110001.000Z.db', sizeBytes: 8192 });
    expect(await backupStatusOf(client, next)).toEqual({
      lastSuccess: { startedAt: next, finishedAt: at('2026-03-01T11:00:03Z'), file: 'guide-2026-03-01T110001.000Z.db', sizeBytes: 8192 },
      lastFailure: null,
      running: false,
    });
  });

  it('tries a failed period again only after the pause, and records the failure', async () => {
    const now = at('2026-03-01T12:00:10Z');
    const id = await claimScheduledRun(client, 'a', now, period(now), RETRY);
    await finishRun(client, id!, at('2026-03-01T12:00:11Z'), { error: 'EACCES: permission denied' });
    expect(await claimScheduledRun(client, 'b', at('2026-03-01T12:04:00Z'), period(now), RETRY)).toBeNull();
    expect(await claimScheduledRun(client, 'b', at('2026-03-01T12:05:12Z'), period(now), RETRY)).not.toBeNull();
    const status = await backupStatusOf(client, at('2026-03-01T12:05:12Z'));
    expect(status.lastFailure).toEqual({ startedAt: now, finishedAt: at('2026-03-01T12:00:11Z'), error: 'EACCES: permission denied' });
    expect(status.running).toBe(true);
  });

  it('marks a run whose instance died as interrupted once its lease ran out; another takes over after the pause', async () => {
    const started = at('2026-03-01T12:05:12Z');
    const late = new Date(started.getTime() + BACKUP_LEASE_MS + 1);
    expect(await claimScheduledRun(client, 'c', new Date(started.getTime() + BACKUP_LEASE_MS - 1), period(started), RETRY)).toBeNull();
    // Counted as a failure: refused for the pause, then taken.
    expect(await claimScheduledRun(client, 'c', late, period(late), RETRY)).toBeNull();
    const status = await backupStatusOf(client, late);
    expect(status.running).toBe(false);
    expect(status.lastFailure).toEqual({
      startedAt: started,
      finishedAt: new Date(started.getTime() + BACKUP_LEASE_MS),
      error: 'interrupted: the instance taking it stopped before it finished',
    });
    const afterPause = new Date(late.getTime() + RETRY);
    expect(await claimScheduledRun(client, 'c', afterPause, period(afterPause), RETRY)).not.toBeNull();
  });

  it('a backup run by hand holds the lease too', async () => {
    const now = at('2026-03-02T08:00:00Z');
    await startManualRun(client, 'operator', now);
    expect(await claimScheduledRun(client, 'a', at('2026-03-02T08:00:30Z'), period(now), RETRY)).toBeNull();
  });
});
