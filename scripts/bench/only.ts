// The parts of `npm run bench` that run alone (`npm run bench -- --only search|mixed|profile`, or
// BENCH_ONLY): each prints its tables and writes its own results file under bench/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchProfiles, profileTables } from './cpu-profile';
import { benchRealTraffic } from './real-traffic';
import { realTrafficTables } from './real-traffic-tables';
import { busyWarning, consoleTable, describeMachine, loadAverage, machineInfo } from './report';
import { benchSearch, searchTable } from './search';

/** What scripts/bench.ts gives a part run alone. */
export interface OnlyContext {
  /** Registers a stop to run at the end, on error and on Ctrl-C. */
  register: (stop: () => Promise<void>) => void;
  /** Runs every registered stop, newest first. */
  cleanUp: () => Promise<void>;
  /** Seconds per load run (BENCH_DURATION). */
  duration: number;
  outDir: string;
  buildIfMissing: () => Promise<void>;
  /** Prints a section's title; the function it answers prints how long the section took. */
  section: (name: string) => () => void;
}

/** Only the search section: its table is printed and written to bench/search-results.json. */
export async function searchOnly({ register, cleanUp, outDir, buildIfMissing, section }: OnlyContext): Promise<void> {
  await buildIfMissing();
  const done = section('Search at 10k and 100k documents, file and sqld');
  const steps = await benchSearch(register, cleanUp);
  done();
  console.log(consoleTable(searchTable(steps)));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, 'search-results.json'), `${JSON.stringify({ machine: machineInfo(), steps }, null, 2)}\n`);
}

/** Only the real-traffic section: its tables are printed and written to bench/mixed-results.json. */
export async function realTrafficOnly({ register, cleanUp, duration, outDir, buildIfMissing, section }: OnlyContext): Promise<void> {
  await buildIfMissing();
  const machine = machineInfo();
  console.log(`Benchmark on ${describeMachine(machine)}`);
  const done = section(`Real traffic on the file, sqld, a replica and three instances (${duration} s per run)`);
  const result = await benchRealTraffic(register, cleanUp, duration);
  done();
  for (const table of realTrafficTables(result, duration)) console.log(consoleTable(table));
  machine.loadAverage.end = loadAverage();
  const warning = busyWarning(machine);
  if (warning) console.warn(`\n${warning}`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, 'mixed-results.json'), `${JSON.stringify({ machine, durationSeconds: duration, ...result }, null, 2)}\n`);
}

/** Only the CPU profiles under real traffic: printed and written to bench/profile-results.json. */
export async function profileOnly({ register, duration, outDir, buildIfMissing, section }: OnlyContext): Promise<void> {
  await buildIfMissing();
  const machine = machineInfo();
  console.log(`Benchmark on ${describeMachine(machine)}`);
  const done = section(`CPU profile of the server under real traffic on the file and sqld (${duration} s each)`);
  const summaries = await benchProfiles(register, duration);
  done();
  for (const table of profileTables(summaries)) console.log(consoleTable(table));
  machine.loadAverage.end = loadAverage();
  const warning = busyWarning(machine);
  if (warning) console.warn(`\n${warning}`);
  writeFileSync(resolve(outDir, 'profile-results.json'), `${JSON.stringify({ machine, durationSeconds: duration, summaries }, null, 2)}\n`);
}
