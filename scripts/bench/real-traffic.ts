// The real-traffic section of `npm run bench` (`npm run bench -- --only mixed` runs it alone): the
// mix of tests/support/traffic.ts on the embedded file, on sqld, on an embedded replica and on
// three instances of one sqld behind the test balancer, next to a bare server replaying the same
// answers; a spot page for new visitors; cached reads beside 90 spot-page visits a second; an
// instance killed in the middle of the load; the server's resident memory.
// Its tables are made in ./real-traffic-tables.ts.
import { startRoundRobin } from '../../tests/support/round-robin';
import { startSqld } from '../../tests/support/sqld';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { tempDatabaseFile } from '../../tests/support/temp-db';
import { prepareTraffic } from '../../tests/support/traffic';
import { prepareDatabase } from '../../db/prepare';
import { errorMessage, fixed, whole } from './report';
import { loadTraffic, quiet, residentMb, sampleResident, startBareTraffic, warmUp, type TrafficRun } from './traffic';

type Register = (stop: () => Promise<void>) => void;

export interface TrafficRow {
  name: string;
  run?: TrafficRun;
  /** What this row is compared with, and the target ratio. */
  versus?: { name: string; requestsPerSecond: number; target: number };
  memory?: { idleMb: number | null; peakMb: number | null; afterMb: number | null };
  note?: string;
  error?: string;
}

export interface DeathResult {
  run: TrafficRun;
  inFlightAtKill: number;
  failedAtBalancer: number;
  servedAfterKill: Record<string, number>;
}

/** Waits until the server has pre-rendered its public pages, so "idle" includes a full cache. */
async function settled(server: TestServer): Promise<void> {
  const until = Date.now() + 30_000;
  while (!/Pre-rendered \d+ of \d+ pages/.test(server.output()) && Date.now() < until) await new Promise((ok) => setTimeout(ok, 100));
  await new Promise((ok) => setTimeout(ok, 1_000));
}

async function measured(name: string, work: () => Promise<TrafficRow>): Promise<TrafficRow> {
  try {
    const row = await work();
    const r = row.run;
    console.log(
      `  ${name}: ${whole(r?.requestsPerSecond)} req/s, p99 ${r?.p99} ms, ${r?.failed ?? '–'} failed` +
        (row.versus ? `, ${fixed((r?.requestsPerSecond ?? 0) / row.versus.requestsPerSecond, 2)}× ${row.versus.name}` : ''),
    );
    return row;
  } catch (error) {
    console.error(`  ${name} failed: ${errorMessage(error)}`);
    return { name, error: errorMessage(error) };
  }
}

export async function benchRealTraffic(
  register: Register,
  cleanUp: () => Promise<void>,
  duration: number,
): Promise<{ rows: TrafficRow[]; death: DeathResult | null; deathError?: string }> {
  const rows: TrafficRow[] = [];
  const file = await startTestServer();
  register(file.stop);
  await settled(file);
  const idleMb = residentMb(file.process.pid);
  const traffic = await prepareTraffic(file.url, file.databaseUrl, { returning: 50, savers: 200 });
  const bare = await startBareTraffic(file.url, traffic);
  register(bare.stop);
  await warmUp(bare.origin, traffic, duration);
  const bareRun = await loadTraffic(bare.origin, traffic, { duration });
  const yardstick = { name: 'bare', requestsPerSecond: bareRun.requestsPerSecond, target: 0.3 };
  rows.push({ name: 'bare Node server replaying the same responses', run: bareRun });
  console.log(`  bare: ${whole(bareRun.requestsPerSecond)} req/s`);

  rows.push(
    await measured('file', async () => {
      // The peak counts from the first request of the warm-up to the end of the writes the run left.
      const peak = sampleResident(file.process.pid);
      await warmUp(file.url, traffic, duration);
      const run = await loadTraffic(file.url, traffic, { duration, databaseUrl: true, quiet: [file.process.pid] });
      const peakMb = peak();
      await new Promise((ok) => setTimeout(ok, 2_000));
      return { name: 'mixed load, file', run, versus: yardstick, memory: { idleMb, peakMb, afterMb: residentMb(file.process.pid) } };
    }),
  );
  const spotOnly = await loadTraffic(bare.origin, traffic, { duration, kinds: ['spot page'] });
  rows.push(
    await measured('spot page for a new visitor', async () => ({
      name: 'a spot page for a new visitor (file)',
      run: await loadTraffic(file.url, traffic, { duration, kinds: ['spot page'], quiet: [file.process.pid] }),
      versus: { name: 'bare', requestsPerSecond: spotOnly.requestsPerSecond, target: 0.5 },
    })),
  );
  const readOnly = await loadTraffic(file.url, traffic, { duration, kinds: ['read'], quiet: [file.process.pid] });
  rows.push({ name: "returning visitors' cached reads alone (file)", run: readOnly });
  rows.push(
    await measured('cached reads beside 90 spot-page visits/s', async () => {
      await quiet(file.process.pid);
      const [run, visits] = await Promise.all([
        loadTraffic(file.url, traffic, { duration, kinds: ['read'] }),
        loadTraffic(file.url, traffic, { duration, kinds: ['spot page'], connections: 10, overallRate: 90 }),
      ]);
      return {
        name: 'cached reads beside 90 spot-page visits/s (file)',
        run,
        versus: { name: 'reads alone', requestsPerSecond: readOnly.requestsPerSecond, target: 0.8 },
        note: `${whole(visits.requests)} spot-page visits beside them (${fixed(visits.requestsPerSecond, 0)}/s), ${visits.failed} failed`,
      };
    }),
  );
  await cleanUp();

  const sqld = await startSqld();
  register(sqld.stop);
  await prepareDatabase({ url: sqld.url }, new Date(), { seed: true });
  const onSqld = await startTestServer({ databaseUrl: sqld.url, prepare: false });
  register(onSqld.stop);
  await settled(onSqld);
  rows.push(
    await measured('sqld', async () => {
      const t = await prepareTraffic(onSqld.url, sqld.url, { returning: 50, savers: 200, seed: 2 });
      const idle = residentMb(onSqld.process.pid);
      const peak = sampleResident(onSqld.process.pid);
      await warmUp(onSqld.url, t, duration);
      const run = await loadTraffic(onSqld.url, t, { duration, databaseUrl: true, quiet: [onSqld.process.pid] });
      return { name: 'mixed load, sqld', run, versus: yardstick, memory: { idleMb: idle, peakMb: peak(), afterMb: residentMb(onSqld.process.pid) } };
    }),
  );
  await onSqld.stop();
  const replicaFile = tempDatabaseFile('bench-replica-');
  register(async () => replicaFile.remove());
  rows.push(
    await measured('replica', async () => {
      const replica = await startTestServer({ databaseUrl: replicaFile.url, prepare: false, env: { DATABASE_SYNC_URL: sqld.url } });
      register(replica.stop);
      await settled(replica);
      const t = await prepareTraffic(replica.url, sqld.url, { returning: 50, savers: 200, seed: 3 }).catch((error: unknown) => {
        const logged = replica
          .output()
          // eslint-disable-next-line no-control-regex -- the libSQL client colours its log lines
          .replace(/\u001b\[[0-9;]*m/g, '')
          .split('\n')
          .filter((line) => /error|Error/.test(line))
          .slice(-2)
          .join(' | ');
        throw new Error(`${errorMessage(error)}; the server logged: ${logged || 'nothing'}`);
      });
      await warmUp(replica.url, t, duration);
      const run = await loadTraffic(replica.url, t, { duration, databaseUrl: true, quiet: [replica.process.pid] });
      await replica.stop();
      return { name: 'mixed load, embedded replica of sqld', run, versus: yardstick };
    }),
  );

  const instances = await Promise.all([0, 1, 2].map(() => startTestServer({ databaseUrl: sqld.url, prepare: false })));
  for (const instance of instances) register(instance.stop);
  await Promise.all(instances.map(settled));
  let one: TrafficRun | undefined;
  rows.push(
    await measured('one instance behind the balancer', async () => {
      const balancer = await startRoundRobin([instances[0]!.url]);
      const t = await prepareTraffic(balancer.url, sqld.url, { returning: 50, savers: 200, seed: 4 });
      await warmUp(balancer.url, t, duration);
      one = await loadTraffic(balancer.url, t, { duration, databaseUrl: true, quiet: instances.map((i) => i.process.pid) });
      await balancer.stop();
      return { name: 'mixed load, one instance on sqld behind the balancer', run: one, versus: yardstick };
    }),
  );
  rows.push(
    await measured('three instances behind the balancer', async () => {
      const balancer = await startRoundRobin(instances.map((instance) => instance.url));
      const t = await prepareTraffic(balancer.url, sqld.url, { returning: 50, savers: 200, seed: 5 });
      await warmUp(balancer.url, t, duration);
      const run = await loadTraffic(balancer.url, t, { duration, databaseUrl: true });
      await balancer.stop();
      return {
        name: 'mixed load, three instances on one sqld behind the balancer',
        run,
        versus: one ? { name: 'one instance', requestsPerSecond: one.requestsPerSecond, target: 2.5 } : yardstick,
      };
    }),
  );

  let death: DeathResult | null = null;
  let deathError: string | undefined;
  try {
    const balancer = await startRoundRobin(
      instances.map((instance) => instance.url),
      { failover: true },
    );
    const t = await prepareTraffic(balancer.url, sqld.url, { returning: 50, savers: 200, seed: 6 });
    for (const instance of instances) await quiet(instance.process.pid);
    // In flight on it when it died: those it held at the signal, and those handed to it before it was gone.
    let inFlightAtKill = new Set<number>();
    let dispatchedAtKill = 0;
    let inFlightAtDeath = 0;
    let servedBefore = 0;
    instances[1]!.process.once('exit', () => {
      const handed = balancer.dispatched.slice(dispatchedAtKill).filter((d) => d.target === 1);
      inFlightAtDeath = new Set([...inFlightAtKill, ...handed.map((d) => d.id)]).size;
      servedBefore = balancer.served.length;
    });
    const killer = setTimeout(
      () => {
        inFlightAtKill = balancer.inFlight(1);
        dispatchedAtKill = balancer.dispatched.length;
        instances[1]!.process.kill('SIGKILL');
      },
      (duration * 1000) / 2,
    );
    const run = await loadTraffic(balancer.url, t, { duration, databaseUrl: true, quiet: [instances[0]!.process.pid, instances[2]!.process.pid] });
    clearTimeout(killer);
    const servedAfterKill: Record<string, number> = {};
    for (const index of balancer.served.slice(servedBefore)) servedAfterKill[`instance ${index + 1}`] = (servedAfterKill[`instance ${index + 1}`] ?? 0) + 1;
    death = { run, inFlightAtKill: inFlightAtDeath, failedAtBalancer: balancer.failed.length, servedAfterKill };
    console.log(`  instance killed: ${run.failed} failed of ${whole(run.requests)}, ${inFlightAtDeath} in flight on it`);
    await balancer.stop();
  } catch (error) {
    deathError = errorMessage(error);
    console.error(`  instance death failed: ${deathError}`);
  }
  await cleanUp();
  return { rows, death, deathError };
}
