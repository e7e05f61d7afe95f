// `npm run bench`: a benchmark, not a test. Builds the site when needed, starts the built server
// on a free port against a fresh seeded temp database, and measures
//   1. the JavaScript the main pages ship and their Lighthouse mobile scores,
//   2. the public reads under 50 connections, next to a bare Node server replaying the same bytes,
//      and a mixed load of those reads with one love or view per 20 requests, on the embedded
//      file, on a libSQL server (sqld) and on an embedded replica of it,
//   3. the leaderboard and featured reads on a database grown to 100,000 spots,
//   4. the revenue page, the Dashboard cards and the members list on 100,000 members,
//   5. search query times at 10,000 and 100,000 documents on the file and on sqld.
// Prints a table per section, writes bench/results.json and bench/README-table.md.
// Env: BENCH_DURATION (seconds per load run, default 10), BENCH_SKIP_LIGHTHOUSE=1,
// BENCH_ONLY=members (only section 4, printed, nothing written), BENCH_ONLY=search (only section 5,
// written to bench/search-results.json), BENCH_ONLY=mixed or `npm run bench -- --only mixed` (only
// the real-traffic section, written to bench/mixed-results.json), `npm run bench -- --only profile`
// (the real traffic on the file and sqld with the server under `node --cpu-prof`, summed up and
// written to bench/profile-results.json; the profiles stay in bench/profiles/).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { publishedStories } from '../db/seed/stories/published';
import { startTestServer } from '../tests/support/server';
import { startSqld } from '../tests/support/sqld';
import { tempDatabaseFile } from '../tests/support/temp-db';
import { benchReads, httpTable, type ReadResult } from './bench/http';
import { LIGHTHOUSE_CATEGORIES, measurePageJs, pageTable, runLighthouse, type LighthouseResult, type PageJs } from './bench/pages';
import { busyWarning, consoleTable, describeMachine, errorMessage, loadAverage, machineInfo, markdownTable, type Table } from './bench/report';
import { benchMixed, mixedTable, type MixedResult } from './bench/mixed';
import { benchScale, scaleTable, type ScaleResult } from './bench/scale';
import { benchMembers, membersTable, type MembersResult } from './bench/members';
import { benchSearch, searchTable, type SearchStep } from './bench/search';
import { benchRealTraffic } from './bench/real-traffic';
import { realTrafficTables } from './bench/real-traffic-tables';
import { profileOnly, realTrafficOnly, searchOnly, type OnlyContext } from './bench/only';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = resolve(ROOT, 'dist/server/entry.mjs');
const OUT_DIR = resolve(ROOT, 'bench');

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds, got "${raw}".`);
  return value;
}

const DURATION = positiveNumber('BENCH_DURATION', 10);
const onlyFlag = process.argv.indexOf('--only');
const ONLY = onlyFlag >= 0 ? process.argv[onlyFlag + 1] : process.env.BENCH_ONLY;
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === '1';

const story = publishedStories[0];
if (!story) throw new Error('The seed has no published story to measure.');
const STORY_PATH = `/blog/${story.slug}`;
// A spot page with its picture (not one of the three most viewed, which other runs count views on).
const PAGES = ['/', '/spots', '/spots/taliesin-west', '/blog', STORY_PATH, '/events', '/top-spots'];
const READS = [
  { name: 'GET /api/spots/featured', path: '/api/spots/featured' },
  { name: 'GET /api/spots/top?limit=20', path: '/api/spots/top?limit=20' },
  { name: 'GET /api/events', path: '/api/events' },
  { name: 'GET / (home page)', path: '/' },
  { name: 'GET /spots', path: '/spots' },
  { name: 'GET /events', path: '/events' },
  { name: 'GET /top-spots', path: '/top-spots' },
  { name: `GET ${STORY_PATH} (Story page)`, path: STORY_PATH },
  { name: 'GET /about', path: '/about' },
];
/** Spots the mixed load loves and views (not the three most viewed, which other runs count on). */
const MIXED_SPOT_IDS = [10, 11, 12, 13, 14, 15, 16, 17];

/** Everything started is stopped here, newest first, at the end, on error and on Ctrl-C. */
const cleanups: (() => Promise<void>)[] = [];
const register = (stop: () => Promise<void>) => void cleanups.push(stop);
async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const stop = cleanups.pop()!;
    await stop().catch((error) => console.error(`cleanup failed: ${errorMessage(error)}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and browser…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function buildIfMissing(): Promise<void> {
  if (existsSync(ENTRY)) return;
  console.log('dist/server/entry.mjs is missing: running `npx astro build`…');
  const code = await new Promise<number | null>((ok, fail) => {
    const child = spawn('npx', ['astro', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    child.once('error', fail);
    child.once('exit', ok);
  });
  if (code !== 0) throw new Error(`astro build exited with ${code}`);
}

function section(name: string): () => void {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  return () => console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

async function membersSection(): Promise<{ result: MembersResult | null; error?: string }> {
  const done = section('Members at size (100,000 people, a year of events)');
  try {
    return { result: await benchMembers(register) };
  } catch (error) {
    console.error(`  failed: ${errorMessage(error)}`);
    return { result: null, error: errorMessage(error) };
  } finally {
    await cleanUp();
    done();
  }
}

async function main(): Promise<void> {
  const only: OnlyContext = { register, cleanUp, duration: DURATION, outDir: OUT_DIR, buildIfMissing, section };
  if (ONLY === 'search') return searchOnly(only);
  if (ONLY === 'profile') return profileOnly(only);
  if (ONLY === 'mixed') return realTrafficOnly(only);
  const started = Date.now();
  const machine = machineInfo();
  console.log(`Benchmark on ${describeMachine(machine)}`);
  if (ONLY === 'members') {
    const { result } = await membersSection();
    if (result) console.log(consoleTable(membersTable(result)));
    else process.exitCode = 1;
    return;
  }
  await buildIfMissing();
  const builtAt = statSync(ENTRY).mtimeMs;

  let done = section('Starting the built server on a fresh seeded temp database');
  const server = await startTestServer();
  register(server.stop);
  console.log(`  ${server.url}`);
  done();

  done = section('JavaScript shipped per page');
  const pageJs: PageJs[] = [];
  for (const path of PAGES) pageJs.push(await measurePageJs(server.url, path));
  done();

  let lighthouse: LighthouseResult[] | null = null;
  if (!SKIP_LIGHTHOUSE) {
    done = section('Lighthouse (mobile)');
    lighthouse = await runLighthouse(server.url, PAGES, register);
    done();
  }

  done = section(`Reads under load on the file (${READS.length} × 2 runs of ${DURATION} s)`);
  const reads: ReadResult[] = (await benchReads(server.url, READS, DURATION, register)).map((r) => ({ ...r, engine: 'file' }));
  done();
  const readPaths = READS.map((read) => read.path);
  done = section(`Mixed load on the file (${DURATION} s)`);
  const mixed: MixedResult[] = [await benchMixed(server.url, server.databaseUrl, readPaths, MIXED_SPOT_IDS, DURATION, 'file')];
  done();

  await cleanUp();

  // The same reads with the app on a real libSQL server, and on an embedded replica of it.
  try {
    const sqld = await startSqld();
    register(sqld.stop);
    done = section(`Reads under load on sqld (${READS.length} × 2 runs of ${DURATION} s)`);
    const onSqld = await startTestServer({ databaseUrl: sqld.url });
    register(onSqld.stop);
    reads.push(...(await benchReads(onSqld.url, READS, DURATION, register)).map((r) => ({ ...r, engine: 'sqld' })));
    mixed.push(await benchMixed(onSqld.url, sqld.url, readPaths, MIXED_SPOT_IDS, DURATION, 'sqld'));
    done();
    done = section(`Reads under load on an embedded replica of sqld (${READS.length} × 2 runs of ${DURATION} s)`);
    const replica = tempDatabaseFile('bench-replica-');
    register(async () => replica.remove());
    const onReplica = await startTestServer({ databaseUrl: replica.url, prepare: false, env: { DATABASE_SYNC_URL: sqld.url } });
    register(onReplica.stop);
    reads.push(...(await benchReads(onReplica.url, READS, DURATION, register)).map((r) => ({ ...r, engine: 'replica' })));
    mixed.push(await benchMixed(onReplica.url, sqld.url, readPaths, MIXED_SPOT_IDS, DURATION, 'replica'));
    done();
  } catch (error) {
    console.error(`  sqld reads failed: ${errorMessage(error)}`);
  }
  await cleanUp();

  done = section(`Real traffic on the file, sqld, a replica and three instances (${DURATION} s per run)`);
  let realTraffic: Awaited<ReturnType<typeof benchRealTraffic>> | null = null;
  try {
    realTraffic = await benchRealTraffic(register, cleanUp, DURATION);
  } catch (error) {
    console.error(`  failed: ${errorMessage(error)}`);
  }
  await cleanUp();
  done();

  done = section('Database size (1k → 10k → 100k spots)');
  let scale: ScaleResult | null = null;
  let scaleError: string | undefined;
  try {
    scale = await benchScale(register);
  } catch (error) {
    scaleError = errorMessage(error);
    console.error(`  failed: ${scaleError}`);
  }
  await cleanUp();
  done();

  const members = await membersSection();
  done = section('Search at 10k and 100k documents, file and sqld');
  let searchSteps: SearchStep[] | null = null;
  let searchError: string | undefined;
  try {
    searchSteps = await benchSearch(register, cleanUp);
  } catch (error) {
    searchError = errorMessage(error);
    console.error(`  failed: ${searchError}`);
  }
  await cleanUp();
  done();

  const tables: Table[] = [pageTable(pageJs, lighthouse), httpTable(reads, DURATION), mixedTable(mixed, DURATION, readPaths)];
  if (realTraffic) tables.push(...realTrafficTables(realTraffic, DURATION));
  if (scale) tables.push(scaleTable(scale));
  else tables.push({ title: 'Database size', headers: ['error'], rows: [[scaleError]] });
  if (members.result) tables.push(membersTable(members.result));
  else tables.push({ title: 'Members at size', headers: ['error'], rows: [[members.error]] });
  if (searchSteps) tables.push(searchTable(searchSteps));
  else tables.push({ title: 'Search at size', headers: ['error'], rows: [[searchError]] });
  for (const table of tables) console.log(consoleTable(table));

  const seconds = Math.round((Date.now() - started) / 1000);
  machine.loadAverage.end = loadAverage();
  const warnings = [busyWarning(machine)];
  if (!existsSync(ENTRY) || statSync(ENTRY).mtimeMs !== builtAt) {
    warnings.push('Warning: dist/ was rebuilt while the benchmark ran; the server may have served a mix of two builds.');
  }
  for (const warning of warnings) if (warning) console.warn(`\n${warning}`);
  mkdirSync(OUT_DIR, { recursive: true });
  const results = {
    machine,
    settings: {
      connections: 50,
      durationSeconds: DURATION,
      lighthouse: SKIP_LIGHTHOUSE ? 'skipped' : { categories: LIGHTHOUSE_CATEGORIES, formFactor: 'mobile', chrome: '/usr/bin/chromium' },
      storyPath: STORY_PATH,
    },
    totalSeconds: seconds,
    warnings: warnings.filter(Boolean),
    pages: pageJs.map((js) => ({ ...js, lighthouse: lighthouse?.find((r) => r.path === js.path) ?? null })),
    reads,
    mixed,
    realTraffic,
    scale: scale ?? { error: scaleError },
    members: members.result ?? { error: members.error },
    search: searchSteps ?? { error: searchError },
  };
  writeFileSync(resolve(OUT_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = [
    '<!-- Generated by `npm run bench` (scripts/bench.ts); paste into the README. -->',
    `## Benchmarks`,
    '',
    `Measured ${describeMachine(machine)}; the whole run took ${seconds} s. Raw numbers: \`bench/results.json\`.`,
    '',
    ...warnings.filter(Boolean).flatMap((warning) => [`> ${warning}`, '']),
    ...tables.flatMap((table) => [markdownTable(table), '']),
  ].join('\n');
  writeFileSync(resolve(OUT_DIR, 'README-table.md'), markdown);
  console.log(`\nWrote bench/results.json and bench/README-table.md in ${seconds} s.`);
}

main()
  .catch(async (error) => {
    console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    // Open handles (the libSQL client of src/server/db/database.ts) must not keep the process alive.
    process.exit(process.exitCode ?? 0);
  });
