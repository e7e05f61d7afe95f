// `npm test`: build the site, run the unit/API suites (Vitest) with the code checks (astro check, ESLint, Prettier) beside them,
// the browser suite (Playwright) with, beside it, the API suites that matter once more on a real libSQL server (sqld) and
// the API suites that mostly wait, then
// print one closing line with the totals.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
mkdirSync('test-results', { recursive: true });
const VITEST_REPORT = 'test-results/vitest.json';
const VITEST_SQLD_REPORT = 'test-results/vitest-sqld.json';
const VITEST_WAITING_REPORT = 'test-results/vitest-waiting.json';
const PLAYWRIGHT_REPORT = 'test-results/playwright.json';
for (const report of [VITEST_REPORT, VITEST_SQLD_REPORT, VITEST_WAITING_REPORT, PLAYWRIGHT_REPORT]) rmSync(report, { force: true });

const started = Date.now();
const phases: string[] = [];
/** Notes how long a phase of the run took, for the closing lines (where the 20 minutes go). */
function timed(name: string, since: number): void {
  phases.push(`${name} ${Math.round((Date.now() - since) / 1000)} s`);
}

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

/**
 * Runs a command beside others, keeping its output until it ends (so parallel runs do not
 * interleave line by line); resolves to its exit code and what it printed.
 */
function runQuietly(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => done({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** Runs a command beside others with its output shown as it comes (the one long run people watch). */
function runInherited(command: string, args: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** The suites that run a second time with every test server on a real libSQL server (sqld). */
const SQLD_SUITES = [
  'tests/api/read-api.test.ts',
  'tests/api/spot-engagement.test.ts',
  // Group commit: 500 concurrent loves exact, mixed writes, a batch failed by a frozen server.
  'tests/api/group-commit.test.ts',
  'tests/api/subscriptions.test.ts',
  'tests/api/stripe-customers.test.ts',
  'tests/api/newsletter-send.test.ts',
  'tests/api/malformed-input.test.ts',
  'tests/api/sessions.test.ts',
  // Backups taken through an embedded replica, restores, the backup lease, upgrades.
  'tests/api/backups.test.ts',
  'tests/api/restore.test.ts',
  'tests/api/backup-lease.test.ts',
  'tests/api/upgrades.test.ts',
  // One search: the FTS5 index, its triggers and the paywall on a real libSQL server.
  'tests/api/search.test.ts',
  'tests/api/search-desks.test.ts',
  // Writes make stale only what they changed, and shared spot pages, with the generations polled from a libSQL server.
  'tests/api/response-cache-generations.test.ts',
  'tests/api/spot-page-shared.test.ts',
];

/**
 * API suites that spend most of their time waiting (idle limits, outages, restarts, a killed
 * instance): they run beside the browser suite, after the sqld pass, instead of holding one of
 * the unit and API pass's two workers.
 */
const WAITING_SUITES = [
  'tests/api/slow-bodies.test.ts',
  'tests/api/reliability.test.ts',
  'tests/api/sqld.test.ts',
  'tests/api/instance-death.test.ts',
  'tests/api/instances.test.ts',
];

// Each check that fails counts as one failed test; the suites run either way.
const CHECKS: { name: string; args: string[] }[] = [
  { name: 'astro check', args: ['astro', 'check'] },
  { name: 'eslint .', args: ['eslint', '.'] },
  { name: 'prettier --check .', args: ['prettier', '--check', '.'] },
];
// The three checks read files only: they run side by side, beside the unit and API suites (which
// often wait on the servers they start), and each one's output is printed whole when they end.
const failedChecks: string[] = [];
function reportChecks(): void {
  if (failedChecks.length > 0) console.error(`\nFailed checks: ${failedChecks.join(', ')}`);
}
async function runChecks(): Promise<void> {
  const started = Date.now();
  const checkRuns = await Promise.all(CHECKS.map((check) => runQuietly('npx', check.args)));
  timed('code checks (beside the unit and API suites)', started);
  CHECKS.forEach((check, i) => {
    console.log(`\n> ${check.name}\n${checkRuns[i]!.output.trimEnd()}`);
    if (checkRuns[i]!.code !== 0) {
      failedChecks.push(check.name);
      console.error(`Check failed: ${check.name}`);
    }
  });
}

let since = Date.now();
const buildCode = run('npm', ['run', 'build']);
timed('build', since);
if (buildCode !== 0) {
  console.error('Build failed; no tests were run.');
  await runChecks();
  reportChecks();
  console.log(`Tests: 0 passed, ${1 + failedChecks.length} failed`);
  process.exit(1);
}

since = Date.now();
const [vitestCode] = await Promise.all([
  runInherited('npx', [
    'vitest',
    'run',
    ...WAITING_SUITES.flatMap((suite) => ['--exclude', suite]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ]),
  runChecks(),
]);
timed('unit and API suites', since);
// The sqld pass runs beside the browser suite: the browsers spend much of their time waiting (page
// loads, animations, timers), and the sqld pass fills that time. Its output is printed when it ends.
console.log('\n> the browser suite (Playwright), and beside it the API suites on a real libSQL server (sqld)');
since = Date.now();
const [[sqld, waiting], playwrightCode] = await Promise.all([
  (async () => {
    const onSqld = await runQuietly('npx', ['vitest', 'run', ...SQLD_SUITES, '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_SQLD_REPORT}`], {
      TEST_DATABASE: 'sqld',
    });
    const waitingRun = await runQuietly('npx', [
      'vitest',
      'run',
      ...WAITING_SUITES,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${VITEST_WAITING_REPORT}`,
    ]);
    return [onSqld, waitingRun] as const;
  })(),
  runInherited('npx', ['playwright', 'test']),
]);
timed('browser suite with the sqld pass and the waiting suites beside it', since);
console.log(`\n> the same API suites on a real libSQL server (sqld)\n${sqld.output.trimEnd()}`);
console.log(`\n> the API suites that mostly wait (outages, idle limits, restarts)\n${waiting.output.trimEnd()}`);
const sqldCode = sqld.code || waiting.code;

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}
function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}
const vitest = readJson<VitestReport>(VITEST_REPORT);
const vitestSqld = readJson<VitestReport>(VITEST_SQLD_REPORT);
const vitestWaiting = readJson<VitestReport>(VITEST_WAITING_REPORT);
const playwright = readJson<PlaywrightReport>(PLAYWRIGHT_REPORT);
const passed = (vitest?.numPassedTests ?? 0) + (vitestSqld?.numPassedTests ?? 0) + (vitestWaiting?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) +
  (vitestSqld?.numFailedTests ?? 0) +
  (vitestWaiting?.numFailedTests ?? 0) +
  (playwright?.stats?.unexpected ?? 0) +
  (playwright?.stats?.flaky ?? 0) +
  (vitest ? 0 : 1) +
  (vitestSqld ? 0 : 1) +
  (vitestWaiting ? 0 : 1) +
  (playwright ? 0 : 1) +
  failedChecks.length;
const skipped = (vitest?.numPendingTests ?? 0) + (vitestSqld?.numPendingTests ?? 0) + (vitestWaiting?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);

reportChecks();
timed('in all', started);
console.log(`\nTime: ${phases.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitestCode !== 0 || sqldCode !== 0 || playwrightCode !== 0 || failed > 0 ? 1 : 0);
