/**
 * Three app instances on one libSQL server (sqld) behind a balancer that fails over as production
 * balancers do, under real traffic (new visitors on spot pages, returning readers, loves and
 * saves): one instance is killed without warning in the middle. Only the requests in flight on it
 * fail, no acknowledged love or save is lost, and the other two answer everything after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/prepare';
import { startRoundRobin, type RoundRobin } from '../support/round-robin';
import { startSqld, type Sqld } from '../support/sqld';
import { startTestServer, type TestServer } from '../support/server';
import { prepareTraffic, type PlannedRequest, type Traffic } from '../support/traffic';

const WORKERS = 12;
/** Requests answered before the kill, and sent after the instance's death: counts, not times, so a busy machine changes nothing. */
const KILL_AFTER = 90;
const AFTER_DEATH = 120;

let sqld: Sqld;
let instances: TestServer[];
let balancer: RoundRobin;
let traffic: Traffic;

beforeAll(async () => {
  sqld = await startSqld();
  await prepareDatabase({ url: sqld.url }, new Date(), { seed: true });
  const env = { SESSION_SECRET: 'three-instances-share-one-secret-0123456789', TRUST_PROXY: '1' };
  instances = await Promise.all([0, 1, 2].map(() => startTestServer({ databaseUrl: sqld.url, prepare: false, env })));
  balancer = await startRoundRobin(
    instances.map((instance) => instance.url),
    { failover: true },
  );
  traffic = await prepareTraffic(balancer.url, sqld.url, { returning: 10, savers: 12 });
}, 60_000);
afterAll(async () => {
  await balancer?.stop();
  await Promise.all((instances ?? []).map((instance) => instance.stop()));
  await sqld?.stop();
});

interface Answer {
  request: PlannedRequest;
  status: number;
  afterKill: boolean;
}

describe('an instance dies under load', () => {
  it('fails only the requests in flight on it, loses no acknowledged write, and the other two answer the rest', async () => {
    const before = await traffic.counted();
    const answers: Answer[] = [];
    // The signal is sent at once but the process dies a moment later: a request handed to it in
    // between was in flight on it too. "After" is after its death, as the balancer's parent sees it.
    let dead = false;
    let inFlightAtKill = new Set<number>();
    let dispatchedAtKill = 0;
    let dispatchedAtDeath = 0;
    let servedAtDeath = 0;
    const died = new Promise<void>((ok) =>
      instances[1]!.process.once('exit', () => {
        dispatchedAtDeath = balancer.dispatched.length;
        servedAtDeath = balancer.served.length;
        dead = true;
        ok();
      }),
    );
    const kill = () => {
      // One synchronous step: no request can be handed to the instance between the count and the signal.
      inFlightAtKill = balancer.inFlight(1);
      dispatchedAtKill = balancer.dispatched.length;
      instances[1]!.process.kill('SIGKILL');
    };
    let sent = 0;
    let sentAfterDeath = 0;
    const worker = async () => {
      while (answers.length < KILL_AFTER || !dead || sentAfterDeath < AFTER_DEATH) {
        const request = traffic.next(traffic.kindAt(sent++));
        const afterKill = dead;
        if (afterKill) sentAfterDeath++;
        try {
          const response = await fetch(new URL(request.path, balancer.url), { method: request.method, headers: request.headers, body: request.body });
          const body = await response.text();
          traffic.acknowledge(request, response.status, body);
          answers.push({ request, status: response.status, afterKill });
        } catch {
          answers.push({ request, status: 0, afterKill });
        }
        if (answers.length === KILL_AFTER) kill();
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await died;
    const inFlightAtDeath = new Set([
      ...inFlightAtKill,
      ...balancer.dispatched
        .slice(dispatchedAtKill, dispatchedAtDeath)
        .filter((d) => d.target === 1)
        .map((d) => d.id),
    ]);

    expect(instances[1]!.process.signalCode).toBe('SIGKILL');
    const failed = answers.filter((answer) => answer.status < 200 || answer.status > 299);
    // Each failure is one the balancer saw fail on the killed instance, in flight on it when it died.
    expect(failed.length).toBe(balancer.failed.length);
    expect(balancer.failed.filter((failure) => failure.target !== 1 || !inFlightAtDeath.has(failure.id))).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(inFlightAtDeath.size);
    expect(failed.every((answer) => answer.status === 502 || answer.status === 0)).toBe(true);
    expect(failed.every((answer) => !answer.afterKill)).toBe(true);

    // Every request sent after its death was answered, by the other two instances, both of them.
    const afterKill = answers.filter((answer) => answer.afterKill);
    expect(afterKill.length).toBe(sentAfterDeath);
    expect(afterKill.length).toBeGreaterThanOrEqual(AFTER_DEATH);
    expect(afterKill.filter((answer) => answer.status !== 200)).toEqual([]);
    const servedAfter = balancer.served.slice(servedAtDeath);
    expect(servedAfter.filter((index) => index === 1)).toEqual([]);
    expect(servedAfter.filter((index) => index === 0).length).toBeGreaterThan(10);
    expect(servedAfter.filter((index) => index === 2).length).toBeGreaterThan(10);
    expect(balancer.down).toEqual(new Set([1]));

    // Every acknowledged love and save is in the database; a write that failed in flight may or may not be.
    const after = await traffic.counted();
    const failedWrites = (kind: string) => failed.filter((answer) => answer.request.kind === kind).length;
    expect(traffic.acknowledged.loves).toBeGreaterThan(0);
    expect(traffic.acknowledged.saves).toBeGreaterThan(0);
    expect(after.loves - before.loves).toBeGreaterThanOrEqual(traffic.acknowledged.loves);
    expect(after.loves - before.loves).toBeLessThanOrEqual(traffic.acknowledged.loves + failedWrites('love'));
    expect(after.saves - before.saves).toBeGreaterThanOrEqual(traffic.acknowledged.saves);
    expect(after.saves - before.saves).toBeLessThanOrEqual(traffic.acknowledged.saves + failedWrites('save'));
  }, 60_000);
});
