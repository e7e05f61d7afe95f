import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** An injected clock for a test server: pass `nodeArgs` and `env` to startTestServer, then move time with `advance`. */
export function serverClock() {
  const dir = mkdtempSync(join(tmpdir(), 'clock-'));
  const file = join(dir, 'offset');
  let offset = 0;
  writeFileSync(file, '0');
  return {
    nodeArgs: ['--import', resolve(import.meta.dirname, 'clock-preload.mjs')],
    env: { TEST_CLOCK_FILE: file },
    /** The server's now, as this test process computes it. */
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
      writeFileSync(file, String(offset));
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
