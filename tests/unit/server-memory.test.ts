import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS, missingServerSettings, serverCommand } from '../../scripts/server-flags.mjs';
import { refineLater } from '../../src/server/http/best-compression.mjs';
import { responseCache } from '../../src/server/http/response-cache.mjs';

const STATE = Symbol.for('scottsdale.response-cache');
const global = globalThis as unknown as Record<symbol, unknown>;

describe('the server’s memory settings', () => {
  it('npm start gives the process its allocator setting and node every V8 setting the server is sized for', () => {
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    expect(start).toBe(serverCommand('scripts/start.mjs'));
    expect(start).toBe('MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 --heap-growing-percent=100 scripts/start.mjs');
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it('names the settings a process was started without; the allocator’s only on Linux, where glibc reads it', () => {
    const all = ['MALLOC_ARENA_MAX=2', ...SERVER_NODE_FLAGS];
    expect(missingServerSettings([], {}, 'linux')).toEqual(all);
    expect(missingServerSettings([], {}, 'darwin')).toEqual(SERVER_NODE_FLAGS);
    expect(missingServerSettings(['--max-semi-space-size=4'], { MALLOC_ARENA_MAX: '2' }, 'linux')).toEqual(['--heap-growing-percent=100']);
    expect(missingServerSettings(['--max-semi-space-size=16', '--heap-growing-percent=100'], { MALLOC_ARENA_MAX: '8' }, 'linux')).toEqual([
      'MALLOC_ARENA_MAX=2',
      '--max-semi-space-size=4',
    ]);
    expect(missingServerSettings([...SERVER_NODE_FLAGS, '--cpu-prof'], { MALLOC_ARENA_MAX: '2' }, 'linux')).toEqual([]);
  });
});

describe('the shared response cache’s default size', () => {
  const saved = { state: global[STATE], mb: process.env.RESPONSE_CACHE_MB };
  afterEach(() => {
    global[STATE] = saved.state;
    if (saved.mb === undefined) delete process.env.RESPONSE_CACHE_MB;
    else process.env.RESPONSE_CACHE_MB = saved.mb;
  });

  it('is 32 MB when RESPONSE_CACHE_MB is unset or not a number, and what it says otherwise', () => {
    for (const [raw, megabytes] of [
      [undefined, 32],
      ['', 32],
      ['lots', 32],
      ['-1', 32],
      ['8', 8],
      ['0.5', 0.5],
    ] as const) {
      delete global[STATE];
      if (raw === undefined) delete process.env.RESPONSE_CACHE_MB;
      else process.env.RESPONSE_CACHE_MB = raw;
      expect(responseCache().maxBytes, String(raw)).toBe(Math.round(megabytes * 1024 * 1024));
      expect(responseCache().enabled).toBe(true);
    }
  });
});

describe('answers remade at the best compression levels', () => {
  const answer = (bytes: number) => ({ bodies: { identity: Buffer.from('<p>Scottsdale</p>'.repeat(Math.ceil(bytes / 17)).slice(0, bytes)) } });

  it('a lasting answer of 1 KB or more gets gzip and brotli forms of its bytes; one replaced or stale meanwhile gets none', async () => {
    const added: Record<string, Array<[string, Buffer]>> = { lasting: [], replaced: [], small: [] };
    const lasting = answer(4096);
    // The one replaced is queued first: by the time the lasting one is done, it has been passed over.
    refineLater(answer(4096), { current: () => false, add: (encoding, body) => added.replaced!.push([encoding, body]) });
    refineLater(lasting, { current: () => true, add: (encoding, body) => added.lasting!.push([encoding, body]) });
    refineLater(answer(1023), { current: () => true, add: (encoding, body) => added.small!.push([encoding, body]) });
    await expect.poll(() => added.lasting!.map(([encoding]) => encoding), { timeout: 10_000 }).toEqual(['gzip', 'br']);
    const [[, gzip], [, br]] = added.lasting as [[string, Buffer], [string, Buffer]];
    expect(gunzipSync(gzip).equals(lasting.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(br).equals(lasting.bodies.identity)).toBe(true);
    expect(added.replaced).toEqual([]);
    expect(added.small).toEqual([]);
  });
});
