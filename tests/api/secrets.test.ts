/**
 * No secret reaches the browser. The site is built (into a temp folder, so the shared dist/ is
 * untouched) with a recognisable marker in every secret variable; then every file the browser can
 * download (dist/client: pages, scripts, styles, the service worker, source maps, compressed copies)
 * is searched for each marker, byte for byte. The server bundle must not carry them either:
 * secrets are read from the environment when the server runs, never baked in at build time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every secret variable of the server, each with a value that cannot appear by accident. */
const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_MARKERstripe7f3a9c1e5b',
  STRIPE_WEBHOOK_SECRET: 'whsec_MARKERwebhook5d21e8a4c0',
  SESSION_SECRET: 'MARKER-session-0c9e4b7a21d84f6e9b3c5a7d1f2e',
  ADMIN_PASSWORD: 'MARKER-admin-4e8b1f6a',
  DATABASE_AUTH_TOKEN: 'MARKER-db-token-9a7c3e',
  BROWSE_AI_API_KEY: 'MARKER-browse-ai-2b6d8f',
  BROWSE_AI_WEBHOOK_SECRET: 'MARKER-browse-webhook-8f1c3e5a7b',
  CLERK_SECRET_KEY: 'sk_test_MARKERclerk6e4a0d',
  SMTP_URL: 'smtps://weekly:MARKER-smtp-pass-5e2b9d@smtp.example.com:465',
} satisfies Record<string, string>;

/** Public by design (it ships to the browser); names the Frontend API host clerk.secrets.test. */
const CLERK_PUBLISHABLE_KEY = `pk_live_${Buffer.from('clerk.secrets.test$').toString('base64')}`;

let work: string;
let outDir: string;
let buildLog = '';

/** Runs `astro build --outDir` with the marker environment; resolves with the exit code. */
function build(): Promise<number | null> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/astro/astro.js'), 'build', '--root', ROOT, '--outDir', outDir], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...SECRETS,
        // With a publishable key beside CLERK_SECRET_KEY the build has Clerk on, so its secret is really exercised.
        PUBLIC_CLERK_PUBLISHABLE_KEY: CLERK_PUBLISHABLE_KEY,
        ASTRO_TELEMETRY_DISABLED: '1',
        // Prerendered pages must not touch the project's own database file.
        DATABASE_URL: `file:${join(work, 'build.db')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (buildLog += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (buildLog += chunk.toString()));
    child.once('error', fail);
    child.once('exit', done);
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A file's bytes as latin1 text (any byte is one character), compressed copies expanded too. */
function contentsOf(path: string): string[] {
  const bytes = readFileSync(path);
  const texts = [bytes.toString('latin1')];
  try {
    if (path.endsWith('.gz')) texts.push(gunzipSync(bytes).toString('latin1'));
    if (path.endsWith('.br')) texts.push(brotliDecompressSync(bytes).toString('latin1'));
  } catch {
    // Not actually compressed: the raw bytes were searched.
  }
  return texts;
}

/** "file: VARIABLE" for every marker found in the files under `dir`. */
function findMarkers(dir: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const texts = contentsOf(file);
    for (const [name, value] of Object.entries(SECRETS)) {
      if (texts.some((text) => text.includes(value))) found.push(`${relative(dir, file)}: ${name}`);
    }
  }
  return found;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'guide-secrets-'));
  outDir = join(work, 'dist');
  // Prerendering imports the built server from outDir, whose packages resolve from node_modules above it.
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
  const code = await build();
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${buildLog.slice(-4000)}`);
}, 300_000);

afterAll(() => {
  if (!work) return;
  // Remove the link itself first, so nothing can ever walk into the project's node_modules.
  rmSync(join(work, 'node_modules'), { force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('no secret reaches the browser', () => {
  it('the build went to its own folder, with a client part to search', () => {
    expect(existsSync(join(outDir, 'server/entry.mjs'))).toBe(true);
    const clientFiles = filesUnder(join(outDir, 'client'));
    expect(clientFiles.some((f) => f.endsWith('.js'))).toBe(true);
    // The service worker and its precache list are downloaded too, so they are part of the search.
    expect(existsSync(join(outDir, 'client/sw.js'))).toBe(true);
    expect(clientFiles.length).toBeGreaterThan(10);
    // Clerk is wired in: its client code and the publishable key are in the bundle.
    expect(clientFiles.some((f) => f.endsWith('.js') && readFileSync(f, 'latin1').includes(CLERK_PUBLISHABLE_KEY))).toBe(true);
  });

  it('the search finds a marker where there is one', () => {
    const planted = join(work, 'planted');
    mkdirSync(join(planted, 'deep'), { recursive: true });
    writeFileSync(join(planted, 'deep/chunk.js'), `const k = "${SECRETS.STRIPE_WEBHOOK_SECRET}";`);
    writeFileSync(join(planted, 'blob.bin'), Buffer.concat([Buffer.from([0, 255, 7]), Buffer.from(SECRETS.ADMIN_PASSWORD, 'latin1'), Buffer.from([0])]));
    expect(findMarkers(planted).sort()).toEqual(['blob.bin: ADMIN_PASSWORD', 'deep/chunk.js: STRIPE_WEBHOOK_SECRET']);
  });

  it('no file under dist/client contains any secret', () => {
    expect(findMarkers(join(outDir, 'client'))).toEqual([]);
  });

  it('the server bundle reads secrets at run time: none is baked in', () => {
    expect(findMarkers(join(outDir, 'server'))).toEqual([]);
  });
});
