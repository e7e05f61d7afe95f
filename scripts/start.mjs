// `npm start`: build when needed, migrate and seed the database, then serve, all in this one plain
// `node` process: the TypeScript it runs was compiled at build time (scripts/build-tasks.mjs), so
// no TypeScript loader and no second process stays beside the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { displayAddress, serve } from './serve.mjs';

const DEFAULT_PORT = 4321;
const BUILD_OUTPUTS = ['dist/server/entry.mjs', 'dist/tasks/start-prepare.mjs'];
const BUILD_INPUTS = [
  'src',
  'db',
  'public',
  'scripts/start-prepare.ts',
  'scripts/build-tasks.mjs',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  if (!BUILD_OUTPUTS.every((output) => existsSync(output))) return true;
  const built = Math.min(...BUILD_OUTPUTS.map((output) => statSync(output).mtimeMs));
  return BUILD_INPUTS.some((input) => newestChange(input) > built);
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function choosePort(host) {
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

async function main() {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  if (buildIsStale()) {
    console.log('Building the site…');
    // The build ends before the server starts: nothing of it stays in memory.
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error('The build failed; see the output above.');
  }
  const { prepareForStart } = await import(pathToFileURL('dist/tasks/start-prepare.mjs').href);
  await prepareForStart();

  const host = process.env.HOST || '0.0.0.0';
  const port = await choosePort(host);
  if (!process.env.PORT && port !== DEFAULT_PORT) console.log(`Port ${DEFAULT_PORT} is busy; using ${port}.`);
  const server = await serve({ port, host });
  console.log(`Scottsdale Local Guide is running at ${displayAddress(server, host)}`);
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});
