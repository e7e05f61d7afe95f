// `npm run bench:group-commit`: 500 loves sent at once by 500 new visitors, answered by the built
// server with group commit off (`GROUP_COMMIT=off`: each love its own transaction, sent in turn) and
// on, on a libSQL server (sqld) and on the embedded file. Prints the time from the first love sent
// to the last answer, and checks every acknowledged love is counted in the database.
// BENCH_ROUNDS (default 5) rounds per setting, taken in turns; BENCH_ENGINES=sqld for sqld alone.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { spots } from '../db/schema';
import { startTestServer, type TestServer } from '../tests/support/server';
import { startSqld, type Sqld } from '../tests/support/sqld';
import { busyWarning, consoleTable, describeMachine, errorMessage, fixed, loadAverage, machineInfo, markdownTable, summarize, type Table } from './bench/report';

const LOVES = 500;
/** A spot per round, so each round starts from its own count (not the three most viewed). */
const SPOT_IDS = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29];
const rounds = Math.min(SPOT_IDS.length, Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5) || 5));
const engines = (process.env.BENCH_ENGINES ?? 'sqld,file').split(',').filter((engine): engine is 'sqld' | 'file' => engine === 'sqld' || engine === 'file');

interface Round {
  ms: number;
  /** CPU time the app server's process used during the round (user + system). */
  cpuMs: number;
  acknowledged: number;
  counted: number;
  failed: number;
}

async function lovedCount(databaseUrl: string, spotId: number): Promise<number> {
  const db = openDatabase({ url: databaseUrl });
  try {
    const [row] = await db.select({ loved: spots.lovedCount }).from(spots).where(eq(spots.id, spotId));
    return row?.loved ?? 0;
  } finally {
    db.$client.close();
  }
}

/** 500 loves at once, each without a cookie (a new visitor): the time until the last answer, and what was counted. */
/** CPU time a process has used so far, from /proc (Linux; null elsewhere). */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function loveAtOnce(server: TestServer, spotId: number): Promise<Round> {
  const before = await lovedCount(server.databaseUrl, spotId);
  const cpuBefore = cpuMsOf(server.process.pid);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: LOVES }, async () => {
      try {
        const response = await server.fetch(`/api/spots/${spotId}/love`, { method: 'POST', headers: { origin: server.url } });
        const body = (await response.json()) as { counted?: boolean };
        return response.status === 200 && body.counted === true;
      } catch {
        return false;
      }
    }),
  );
  const ms = performance.now() - started;
  const cpuAfter = cpuMsOf(server.process.pid);
  const cpuMs = cpuBefore === null || cpuAfter === null ? NaN : cpuAfter - cpuBefore;
  const acknowledged = answers.filter(Boolean).length;
  return { ms, cpuMs, acknowledged, failed: LOVES - acknowledged, counted: (await lovedCount(server.databaseUrl, spotId)) - before };
}

interface Setting {
  groupCommit: 'off' | 'on';
  server: TestServer;
  sqld: Sqld | null;
  rounds: Round[];
}

async function start(engine: 'sqld' | 'file', groupCommit: 'off' | 'on'): Promise<Setting> {
  const sqld = engine === 'sqld' ? await startSqld() : null;
  const server = await startTestServer({ databaseUrl: sqld?.url, env: { GROUP_COMMIT: groupCommit } });
  // Warm-up: the server's first requests open its connections and load its code.
  for (let i = 0; i < 20; i++) await server.fetch(`/api/spots/${SPOT_IDS[0]}/love`, { method: 'POST', headers: { origin: server.url } });
  return { groupCommit, server, sqld, rounds: [] };
}

/** Both settings run side by side and take turns round by round, so a busy moment of the machine falls on both alike. */
async function measure(engine: 'sqld' | 'file'): Promise<Setting[]> {
  const settings: Setting[] = [];
  try {
    for (const mode of ['off', 'on'] as const) settings.push(await start(engine, mode));
    for (let round = 0; round < rounds; round++) {
      for (const setting of settings) setting.rounds.push(await loveAtOnce(setting.server, SPOT_IDS[round]!));
    }
    return settings;
  } finally {
    for (const setting of settings) {
      await setting.server.stop();
      await setting.sqld?.stop();
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(resolve(import.meta.dirname, '../dist/server/entry.mjs'))) throw new Error('dist/ is missing: run `npm run build` first.');
  const info = machineInfo();
  const table: Table = {
    title: `${LOVES} concurrent loves from ${LOVES} new visitors`,
    headers: ['database', 'group commit', 'median ms', 'fastest ms', 'slowest ms', 'loves/s', 'app CPU ms', 'acknowledged', 'counted', 'failed', 'speed-up'],
    rows: [],
    notes: [],
  };
  for (const engine of engines) {
    try {
      let offMedian: number | null = null;
      for (const { groupCommit: mode, rounds: results } of await measure(engine)) {
        const times = results.map((r) => r.ms);
        const { median, min } = summarize(times);
        if (mode === 'off') offMedian = median;
        const sum = (pick: (r: Round) => number) => results.reduce((total, r) => total + pick(r), 0);
        table.rows.push([
          engine,
          mode,
          fixed(median, 0),
          fixed(min, 0),
          fixed(Math.max(...times), 0),
          fixed((LOVES * 1000) / median, 0),
          fixed(summarize(results.map((r) => r.cpuMs)).median, 0),
          sum((r) => r.acknowledged),
          sum((r) => r.counted),
          sum((r) => r.failed),
          mode === 'on' && offMedian ? `${fixed(offMedian / median, 1)}×` : '',
        ]);
        console.log(`${engine}, group commit ${mode}: ${times.map((t) => fixed(t, 0)).join(', ')} ms`);
      }
    } catch (error) {
      table.notes!.push(`${engine}: ${errorMessage(error)}`);
    }
  }
  info.loadAverage.end = loadAverage();
  table.notes!.push(
    `${rounds} rounds per row (median, fastest, slowest), the two settings of an engine running side by side and taking turns; each round ${LOVES} POSTs at once without a cookie, so each is a new visitor; time from the first sent to the last answered.`,
    'app CPU ms = CPU time (user + system) the app server process used in the round, median: what the loves cost the app, whatever else the machine was doing.',
    'acknowledged = 200 answers with "counted": true; counted = the rise of the spot\'s love count in the database (the two must match).',
    `speed-up = median with group commit off ÷ median with it on. Measured ${describeMachine(info)}.`,
  );
  const warning = busyWarning(info);
  if (warning) table.notes!.push(warning);
  console.log(`\n${consoleTable(table)}\n\n${markdownTable(table)}`);
  const lost = table.rows.some((row) => row[7] !== row[8]);
  if (lost) {
    console.error('An acknowledged love was not counted, or a love was counted without being acknowledged.');
    process.exitCode = 1;
  }
}

await main();
