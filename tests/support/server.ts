import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareDatabase } from '../../db/prepare';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { startSqld, type Sqld } from './sqld';
import { tempDatabaseFile } from './temp-db';

/** `TEST_DATABASE=sqld` runs every test server on its own real libSQL server instead of a file. */
export const TEST_ENGINE: 'file' | 'sqld' = process.env.TEST_DATABASE === 'sqld' ? 'sqld' : 'file';

export interface TestServer {
  url: string;
  databaseUrl: string;
  /** Where this server keeps uploaded photos (a fresh temporary folder unless UPLOAD_DIR is given). */
  uploadDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** Fetches a path of the server. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  stop: () => Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Starts the built server (dist/) on a free port against a fresh, migrated and seeded database
 * file of its own. `npm test` builds before it runs the suites. `root` serves another build: the
 * folder holding its `dist/` (scripts/serve.mjs finds the build relative to where it runs).
 */
export async function startTestServer(
  options: { env?: Record<string, string>; seedAt?: Date; databaseUrl?: string; seed?: boolean; root?: string; prepare?: boolean; nodeArgs?: string[] } = {},
): Promise<TestServer> {
  const sqld: Sqld | null = options.databaseUrl || TEST_ENGINE === 'file' ? null : await startSqld();
  const file = options.databaseUrl || sqld ? null : tempDatabaseFile();
  const databaseUrl = options.databaseUrl ?? sqld?.url ?? file!.url;
  // An embedded replica's file is made by the client from its primary: it is not prepared here.
  if (options.prepare ?? true) await prepareDatabase({ url: databaseUrl }, options.seedAt, { seed: options.seed ?? true });
  const ownUploads = options.env?.UPLOAD_DIR ? null : mkdtempSync(join(tmpdir(), 'uploads-'));
  const uploadDir = options.env?.UPLOAD_DIR ?? ownUploads!;

  // The settings `npm start` gives the server: tests and the bench measure what production runs.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), resolve(ROOT, 'scripts/serve.mjs')], {
    cwd: options.root ?? ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      ASTRO_TELEMETRY_DISABLED: '1',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      // Tests send many writes from one address; the limit itself is tested with low values.
      RATE_LIMIT_FORMS_PER_MINUTE: '100000',
      RATE_LIMIT_REACTIONS_PER_MINUTE: '100000',
      UPLOAD_DIR: uploadDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        ok(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    databaseUrl,
    uploadDir,
    process: child,
    output: () => output,
    fetch: (path, init) => fetch(new URL(path, url), init),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok));
        child.kill('SIGTERM');
        await exited;
      }
      file?.remove();
      await sqld?.stop();
      if (ownUploads) rmSync(ownUploads, { recursive: true, force: true });
    },
  };
}
