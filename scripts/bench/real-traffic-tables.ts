// The tables of the real-traffic section of `npm run bench` (scripts/bench/real-traffic.ts runs it).
import { MIX, RETURNING_READS } from '../../tests/support/traffic';
import { CONNECTIONS } from './http';
import type { DeathResult, TrafficRow } from './real-traffic';
import { fixed, whole, type Table } from './report';
import type { TrafficRun } from './traffic';

const ratio = (row: TrafficRow) => (row.run && row.versus ? row.run.requestsPerSecond / row.versus.requestsPerSecond : undefined);
const writes = (run?: TrafficRun) => (run?.acknowledged ? `${run.acknowledged.loves} + ${run.acknowledged.saves}` : '–');
const counted = (run?: TrafficRun) => (run?.counted ? `${run.counted.loves} + ${run.counted.saves}` : '–');
const lost = (run?: TrafficRun) =>
  run?.acknowledged && run.counted ? (run.counted.loves >= run.acknowledged.loves && run.counted.saves >= run.acknowledged.saves ? 'yes' : 'NO') : '–';
const mb = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${fixed(value, 0)} MB`);

export function realTrafficTables(result: { rows: TrafficRow[]; death: DeathResult | null; deathError?: string }, duration: number): Table[] {
  const traffic: Table = {
    title: 'Real traffic: new visitors on spot pages, returning readers, loves and saves',
    headers: [
      'run',
      'req/s',
      'p50 ms',
      'p99 ms',
      'requests',
      'failed',
      'loves + saves acknowledged',
      'counted',
      'none lost',
      'ratio',
      'target',
      'RSS idle',
      'RSS peak',
      'RSS after',
    ],
    rows: result.rows.map((row) => {
      const r = ratio(row);
      return [
        row.name,
        whole(row.run?.requestsPerSecond),
        fixed(row.run?.p50, 0),
        fixed(row.run?.p99, 0),
        whole(row.run?.requests),
        whole(row.run?.failed),
        writes(row.run),
        counted(row.run),
        lost(row.run),
        r === undefined ? '–' : `${fixed(r, 2)}× ${row.versus!.name}`,
        row.versus ? `≥ ${row.versus.target}× ${r !== undefined && r >= row.versus.target ? 'met' : 'not met'}` : '–',
        mb(row.memory?.idleMb),
        mb(row.memory?.peakMb),
        mb(row.memory?.afterMb),
      ];
    }),
    notes: [
      `autocannon, ${CONNECTIONS} connections, ${duration} s per run after a short warm-up. In every ${MIX.round} requests: ${MIX.spotPages} new visitors (no cookie) open a random spot page, ${MIX.reads} returning visitors (their visitor cookie) read ${RETURNING_READS.join(', ')}, and ${MIX.writes} write, a love by a new visitor or a save by a signed-in one (each save a user and spot never saved before), in turn.`,
      'acknowledged = 200 answers saying the love was counted or the spot saved; counted = the rise of loves and of saved spots in the database once the server is done; none lost = every acknowledged write is counted (counted can be higher by the writes still in flight when the run stopped waiting for answers).',
      'bare = a node:http server replaying the answers the app gave to the same addresses; RSS = resident memory of the server process (idle after pre-rendering, highest from the warm-up to the end of the run as the kernel recorded it (VmHWM), 2 s after).',
      ...result.rows.filter((row) => row.note).map((row) => `${row.name}: ${row.note}`),
      ...result.rows.filter((row) => row.error).map((row) => `${row.name}: ${row.error}`),
    ],
  };
  const death: Table = {
    title: 'An instance killed in the middle of the load (three instances on one sqld, failover balancer)',
    headers: ['req/s', 'p99 ms', 'requests', 'failed', 'in flight on it when it died', 'loves + saves acknowledged', 'counted', 'none lost', 'served after the kill'],
    rows: result.death
      ? [
          [
            whole(result.death.run.requestsPerSecond),
            fixed(result.death.run.p99, 0),
            whole(result.death.run.requests),
            whole(result.death.run.failed),
            result.death.inFlightAtKill,
            writes(result.death.run),
            counted(result.death.run),
            lost(result.death.run),
            Object.entries(result.death.servedAfterKill)
              .map(([name, n]) => `${name}: ${whole(n)}`)
              .join(', '),
          ],
        ]
      : [],
    notes: [
      'Instance 2 gets SIGKILL halfway through the run. The balancer gives each request a connection of its own: one the dead instance refused goes to the next instance; one in flight on it is answered 502; the instance leaves the rotation.',
      ...(result.deathError ? [`failed: ${result.deathError}`] : []),
    ],
  };
  return [traffic, death];
}
