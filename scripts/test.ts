// `npm test`: build the site, run the unit/API suites (Vitest) and the browser suite (Playwright),
// then print one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
mkdirSync('test-results', { recursive: true });
const VITEST_REPORT = 'test-results/vitest.json';
const PLAYWRIGHT_REPORT = 'test-results/playwright.json';
for (const report of [VITEST_REPORT, PLAYWRIGHT_REPORT]) rmSync(report, { force: true });

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

if (run('npm', ['run', 'build']) !== 0) {
  console.error('Build failed; no tests were run.');
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
}

const vitestCode = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]);
const playwrightCode = run('npx', ['playwright', 'test']);

function readJson(path: string): any {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}
const vitest = readJson(VITEST_REPORT);
const playwright = readJson(PLAYWRIGHT_REPORT);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0) +
  (vitest ? 0 : 1) + (playwright ? 0 : 1);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitestCode !== 0 || playwrightCode !== 0 || failed > 0 ? 1 : 0);
