import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = resolve(ROOT, 'node_modules/tsx/dist/cli.mjs');

/**
 * Runs one of the project's scripts (`scripts/<name>`) as npm does, with these settings added to
 * the environment; resolves with its exit code and everything it printed. Asynchronous, so the
 * test's own HTTP connections keep being served meanwhile.
 */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [TSX, `scripts/${script}`, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => ok({ code, output }));
  });
}

/**
 * Runs one SQL statement on a database file from a separate process: libsql keeps a file's locks
 * until the process lets go of the handle, so a test that must leave a file unused by itself
 * writes to it this way.
 */
export function runSqlElsewhere(path: string, sql: string): Promise<{ code: number | null; output: string }> {
  return new Promise((ok) => {
    const code = `const Database = require('libsql'); const db = new Database(process.argv[1]); db.exec(process.argv[2]); db.close();`;
    const child = spawn(process.execPath, ['-e', code, path, sql], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (exit) => ok({ code: exit, output }));
  });
}
