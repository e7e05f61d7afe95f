/**
 * Three app instances on one libSQL server (sqld) behind a round-robin balancer: what one
 * instance writes the others read, the free-view meter and the per-address limits hold across
 * them, and the newsletter goes out once however many instances send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { CookieJar } from '../support/cookie-jar';
import { runNewsletterSend } from '../support/newsletter-cli';
import { startRoundRobin, type RoundRobin } from '../support/round-robin';
import { startSqld, type Sqld } from '../support/sqld';
import { startTestServer, type TestServer } from '../support/server';

const FORMS_PER_MINUTE = 5;
let sqld: Sqld;
let instances: TestServer[];
let balancer: RoundRobin;
let sink: SmtpSink;

beforeAll(async () => {
  sqld = await startSqld();
  sink = await startSmtpSink();
  await prepareDatabase({ url: sqld.url }, new Date(), { seed: true });
  // Counts as strict as any other write here (no bound): what is tested is how soon an instance reads another's write.
  const env = {
    RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
    SESSION_SECRET: 'three-instances-share-one-secret-0123456789',
    TRUST_PROXY: '1',
    RESPONSE_CACHE_COUNTER_SECONDS: '0',
  };
  instances = await Promise.all([0, 1, 2].map(() => startTestServer({ databaseUrl: sqld.url, prepare: false, env })));
  balancer = await startRoundRobin(instances.map((instance) => instance.url));
}, 60_000);
afterAll(async () => {
  await balancer?.stop();
  await Promise.all((instances ?? []).map((instance) => instance.stop()));
  await sink?.stop();
  await sqld?.stop();
});

const viaBalancer = (path: string, init: RequestInit = {}) => fetch(new URL(path, balancer.url), init);
const post = (path: string, body: unknown, jar?: CookieJar) =>
  viaBalancer(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: balancer.url, ...(jar ? { cookie: jar.header() } : {}) },
    body: JSON.stringify(body),
  });

describe('three instances on one sqld', () => {
  it('a love written through one instance is read by the other two within a second, though each keeps a cached copy', async () => {
    const topOn = async (instance: TestServer) => {
      const response = await instance.fetch('/api/spots/top?limit=100');
      const spots = (await response.json()) as { id: number; lovedCount: number }[];
      return { hit: response.headers.get('x-cache') === 'HIT', lovedCount: spots.find((spot) => spot.id === 7)!.lovedCount };
    };
    // Every instance answers the leaderboard from its shared response cache before the write.
    for (const instance of instances) {
      await expect.poll(() => instance.output(), { timeout: 20_000 }).toMatch(/Pre-rendered \d+ of \d+ pages/);
      await topOn(instance);
      expect((await topOn(instance)).hit).toBe(true);
    }
    const response = await instances[0]!.fetch('/api/spots/7/love', { method: 'POST', headers: { origin: instances[0]!.url } });
    expect(response.status).toBe(200);
    const written = Date.now();
    const { lovedCount } = (await response.json()) as { lovedCount: number };
    // The instance that wrote reads it at once; the others once they read the data generation (four times a second).
    expect((await topOn(instances[0]!)).lovedCount).toBe(lovedCount);
    for (const instance of instances.slice(1)) {
      await expect.poll(async () => (await topOn(instance)).lovedCount, { interval: 50, timeout: 1_500 }).toBe(lovedCount);
    }
    expect(Date.now() - written).toBeLessThan(1_500);
  });

  it('the free-view meter holds across instances: three spots open, the fourth is locked whichever instance answers', async () => {
    const jar = new CookieJar();
    jar.store(await post('/api/create-subscription', { email: 'meter.walker@example.com' }, jar));
    const served = balancer.served.length;
    const statuses: number[] = [];
    for (const id of [11, 12, 13, 14, 15]) {
      const response = await post(`/api/spots/${id}/view`, {}, jar);
      jar.store(response);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 402, 402]);
    expect(new Set(balancer.served.slice(served))).toEqual(new Set([0, 1, 2]));
  });

  it(`the per-address form limit holds across instances: ${FORMS_PER_MINUTE} a minute in all, not three times that`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < FORMS_PER_MINUTE * 3; i++) {
      const response = await viaBalancer('/api/suggestions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: balancer.url, 'x-client-address': '203.0.113.9' },
        body: JSON.stringify({ spotName: `Limit Check ${i}`, description: 'A place worth a look, says a tester.' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(FORMS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(FORMS_PER_MINUTE * 2);
  });

  it('the newsletter goes out once when three instances send it at the same time', async () => {
    const db = openDatabase({ url: sqld.url });
    const active = await db.$client.execute('SELECT email FROM newsletter_subscribers WHERE is_active = 1');
    db.$client.close();
    expect(active.rows.length).toBeGreaterThan(0);
    const env = { DATABASE_URL: sqld.url, SMTP_URL: sink.url, NEWSLETTER_FROM: 'Scottsdale Weekly <weekly@example.com>', SITE_URL: instances[0]!.url };
    const runs = await Promise.all([0, 1, 2].map(() => runNewsletterSend(env)));
    // One run holds the week; a run that finds it held says so and sends nothing.
    expect(runs.filter((run) => run.code === 0).length).toBeGreaterThanOrEqual(1);
    for (const run of runs.filter((r) => r.code !== 0)) expect(run.stderr + run.stdout).toMatch(/Another run .* is sending the week of .*nothing was sent/);
    const recipients = sink.messages.flatMap((message) => message.envelope.to);
    expect(recipients.sort()).toEqual(active.rows.map((row) => String(row.email)).sort());
  });
});
