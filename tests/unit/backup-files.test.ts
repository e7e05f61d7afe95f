import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvery } from '../../src/server/backup/config';
import { listSnapshots, snapshotBaseName, snapshotsToDelete, type SnapshotEntry } from '../../src/server/backup/files';

const HOUR = 3_600_000;

/** Hourly snapshots from `start`, `count` of them. */
function hourly(start: string, count: number): SnapshotEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const takenAt = new Date(Date.parse(start) + i * HOUR);
    return { base: snapshotBaseName(takenAt), takenAt };
  });
}

describe('backup retention', () => {
  it('keeps the newest 48 and the newest of each of the last 30 days, and deletes the rest', () => {
    // 40 days of hourly snapshots: 960.
    const entries = hourly('2026-01-01T00:30:00.000Z', 40 * 24);
    const deleted = new Set(snapshotsToDelete(entries, 48, 30).map((e) => e.base));
    const kept = entries.filter((e) => !deleted.has(e.base));
    // 48 latest cover the last two days (Feb 8 and 9); 28 more days keep their 23:30 snapshot.
    expect(kept).toHaveLength(48 + 28);
    expect(kept.at(-1)!.takenAt.toISOString()).toBe('2026-02-09T23:30:00.000Z');
    const older = kept.filter((e) => e.takenAt < new Date('2026-02-08T00:00:00Z'));
    expect(older.map((e) => e.takenAt.toISOString().slice(11))).toEqual(Array(28).fill('23:30:00.000Z'));
    expect(older[0]!.takenAt.toISOString()).toBe('2026-01-11T23:30:00.000Z');
  });

  it('deletes nothing while there are fewer than the limits', () => {
    expect(snapshotsToDelete(hourly('2026-01-01T00:00:00.000Z', 10), 48, 30)).toEqual([]);
  });
});

describe('backup file names', () => {
  it('name a snapshot by its UTC time to the millisecond, and only finished ones (with a manifest) are listed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'names-'));
    try {
      const first = snapshotBaseName(new Date('2026-11-26T23:41:47.123Z'));
      expect(first).toBe('guide-2026-11-26T234147.123Z');
      const second = snapshotBaseName(new Date('2026-11-27T00:00:00.000Z'));
      for (const name of [`${first}.db`, `${first}.json`, `${second}.db`, `${second}.db.sha256`, 'notes.json', '.tmp-abc']) writeFileSync(join(dir, name), '');
      expect(listSnapshots(dir)).toEqual([{ base: first, takenAt: new Date('2026-11-26T23:41:47.123Z') }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('BACKUP_EVERY', () => {
  it('reads hourly, daily, off and amounts with a unit; refuses anything else', () => {
    expect(parseEvery('hourly')).toBe(HOUR);
    expect(parseEvery('daily')).toBe(24 * HOUR);
    expect(parseEvery('15m')).toBe(15 * 60_000);
    expect(parseEvery('6h')).toBe(6 * HOUR);
    expect(parseEvery('off')).toBeNull();
    expect(parseEvery(undefined)).toBeNull();
    for (const bad of ['0h', 'weekly', '5', '1.5h']) {
      expect(() => parseEvery(bad)).toThrow(`BACKUP_EVERY must be hourly, daily, off or a number with s, m, h or d (e.g. 6h), got "${bad}"`);
    }
  });
});
