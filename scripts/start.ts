// `npm start`: migrate and seed the database, build when needed, then serve.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { prepareDatabase } from '../db/prepare';
import { snapshotBeforeMigrating } from '../src/server/backup/before-migrate';
import { backupConfig } from '../src/server/backup/config';
import { readConfig } from '../src/server/config';
import { databaseOptionsFromEnv } from './db-options';
import { displayAddress, serve } from './serve.mjs';

const DEFAULT_PORT = 4321;
const BUILD_OUTPUT = 'dist/server/entry.mjs';
const BUILD_INPUTS = ['src', 'db', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(BUILD_OUTPUT)) return true;
  const built = statSync(BUILD_OUTPUT).mtimeMs;
  return BUILD_INPUTS.some((input) => newestChange(input) > built);
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function choosePort(host: string): Promise<number> {
  const requested = process.env.PORT;
  if (requested !== undefined && requested !== '') {
    if (!/^\d{1,5}$/.test(requested) || Number(requested) > 65535) {
      throw new Error(`PORT must be a whole number from 0 to 65535, got "${requested}".`);
    }
    return Number(requested);
  }
  for (let port = DEFAULT_PORT; port < DEFAULT_PORT + 100; port++) {
    if (await portIsFree(port, host)) return port;
  }
  throw new Error(`No free port between ${DEFAULT_PORT} and ${DEFAULT_PORT + 99}; set PORT.`);
}

async function main(): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const options = databaseOptionsFromEnv();
  if (!process.env.ADMIN_PASSWORD && options.url.startsWith('file:')) {
    // A local embedded database gets a one-off admin password so /admin can be tried at once.
    process.env.ADMIN_PASSWORD = randomBytes(12).toString('base64url');
    console.log(`ADMIN_PASSWORD is not set; the admin password for this run is: ${process.env.ADMIN_PASSWORD}`);
  }
  const before = await snapshotBeforeMigrating(options, backupConfig().dir, readConfig().UPLOAD_DIR);
  if (before) console.log(`Saved a snapshot before migrating: ${backupConfig().dir}/${before.file}`);
  const { seeded } = await prepareDatabase(options);
  console.log(`Database ready: ${options.url}${seeded ? ' (seeded with Scottsdale data)' : ''}`);

  if (buildIsStale()) {
    console.log('Building the site…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error('The build failed; see the output above.');
  }

  const host = process.env.HOST || '0.0.0.0';
  const port = await choosePort(host);
  if (!process.env.PORT && port !== DEFAULT_PORT) console.log(`Port ${DEFAULT_PORT} is busy; using ${port}.`);
  const server = await serve({ port, host });
  console.log(`Scottsdale Local Guide is running at ${displayAddress(server, host)}`);
}

main().catch((error: Error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});
