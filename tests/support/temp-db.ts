import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh database file in its own temp folder; `remove()` deletes it with its WAL files. */
export function tempDatabaseFile(prefix = 'guide-test-'): { url: string; path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = join(dir, 'app.db');
  return { url: `file:${path}`, path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
