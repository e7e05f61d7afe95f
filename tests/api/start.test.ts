import { spawn } from 'node:child_process';
import net from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { blogPosts, events, places, spots } from '../../db/schema';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { tempDatabaseFile } from '../support/temp-db';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs `npm start`'s script until it prints its address (then stops it) or exits by itself. */
function runStart(env: Record<string, string>, nodeArgs: string[] = []): Promise<{ code: number | null; output: string; address?: string }> {
  return new Promise((ok) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', ...env };
    if (!('PORT' in env)) delete merged.PORT;
    const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
      cwd: ROOT,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let address: string | undefined;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match && !address) {
        address = match[1];
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => ok({ code, output, address }));
  });
}

function occupy(port: number): Promise<net.Server | null> {
  return new Promise((ok) => {
    const blocker = net.createServer();
    blocker.once('error', () => ok(null));
    blocker.listen(port, '127.0.0.1', () => ok(blocker));
  });
}

async function rowCounts(url: string) {
  const db = openDatabase({ url });
  const n = async (table: typeof spots | typeof blogPosts | typeof events | typeof places) => (await db.select({ n: count() }).from(table))[0]!.n;
  const result = { spots: await n(spots), posts: await n(blogPosts), events: await n(events), places: await n(places) };
  db.$client.close();
  return result;
}

const file = tempDatabaseFile();
afterAll(() => file.remove());

describe('npm start', () => {
  it('migrates, seeds an empty database and serves; a second start keeps the data as it is', async () => {
    const first = await runStart({ DATABASE_URL: file.url, PORT: '0' });
    expect(first.output).toContain('seeded with Scottsdale data');
    expect(first.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const afterFirst = await rowCounts(file.url);
    expect(afterFirst.spots).toBeGreaterThanOrEqual(40);
    expect(afterFirst.posts).toBeGreaterThanOrEqual(8);
    expect(afterFirst.places).toBeGreaterThanOrEqual(48);

    const second = await runStart({ DATABASE_URL: file.url, PORT: '0' });
    expect(second.address).toBeDefined();
    expect(second.output).not.toContain('seeded');
    expect(await rowCounts(file.url)).toEqual(afterFirst);
  });

  it('fails with a clear message and a non-zero code when the PORT it was given is busy', async () => {
    const blocker = (await occupy(0))!;
    const port = (blocker.address() as net.AddressInfo).port;
    const result = await runStart({ DATABASE_URL: file.url, PORT: String(port) });
    blocker.close();
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`Port ${port} is already in use`);
  });

  it('rejects a PORT that is not a port number', async () => {
    const result = await runStart({ DATABASE_URL: file.url, PORT: 'eighty' });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('PORT must be a whole number');
  });

  it('without PORT takes 4321, or the next free port when 4321 is busy', async () => {
    const blocker = await occupy(4321);
    const env: Record<string, string> = { DATABASE_URL: file.url };
    const result = await runStart(env);
    blocker?.close();
    const port = Number(new URL(result.address!).port);
    expect(port).toBeGreaterThan(4321);
    expect(port).toBeLessThan(4421);
    expect(result.output).toContain(`Port 4321 is busy; using ${port}.`);
  });

  it('started as npm start starts it, says nothing about memory; started without those settings, names them and how to start', async () => {
    const asNpmStarts = await runStart({ DATABASE_URL: file.url, PORT: '0', MALLOC_ARENA_MAX: '2' }, SERVER_NODE_FLAGS);
    expect(asNpmStarts.address).toBeDefined();
    expect(asNpmStarts.output).not.toContain('Started without');
    const bare = await runStart({ DATABASE_URL: file.url, PORT: '0', MALLOC_ARENA_MAX: '' });
    expect(bare.address).toBeDefined();
    expect(bare.output).toContain(
      'Started without MALLOC_ARENA_MAX=2 --max-semi-space-size=4 --heap-growing-percent=100: under load the server may hold more memory than it needs. ' +
        'Start it with `npm start`, or as `MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 --heap-growing-percent=100 scripts/serve.mjs`.',
    );
  });

  it('refuses a DATABASE_URL it cannot use', async () => {
    const result = await runStart({ DATABASE_URL: 'postgres://nope', PORT: '0' });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('DATABASE_URL must start with');
  });
});
