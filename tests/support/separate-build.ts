import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface SeparateBuild {
  /** The folder holding `dist/`: pass it as `root` to startTestServer. */
  root: string;
  remove(): void;
}

/**
 * Builds the site with extra environment (e.g. Clerk keys, read at build time) into a temp
 * folder, leaving the shared dist/ as it is.
 */
export async function buildSeparately(env: Record<string, string>): Promise<SeparateBuild> {
  const root = mkdtempSync(join(tmpdir(), 'guide-build-'));
  // Prerendering imports the built server from the outDir, whose packages resolve from node_modules above it.
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const remove = () => {
    // Remove the link itself first, so nothing can ever walk into the project's node_modules.
    rmSync(join(root, 'node_modules'), { force: true });
    rmSync(root, { recursive: true, force: true });
  };
  let log = '';
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/astro/astro.js'), 'build', '--root', ROOT, '--outDir', join(root, 'dist')], {
      cwd: ROOT,
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1', DATABASE_URL: `file:${join(root, 'build.db')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) {
    remove();
    throw new Error(`astro build failed (exit ${code}):\n${log.slice(-4000)}`);
  }
  return { root, remove };
}
