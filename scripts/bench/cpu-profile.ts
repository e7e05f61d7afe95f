// Where the server's time goes under real traffic: the server runs with `node --cpu-prof`, takes
// the mix of tests/support/traffic.ts, stops, and its profile is summed up by function (self
// time) and by part of the stack (rendering, the database, compression, the response cache, GC…).
// `npm run bench -- --only profile`; the .cpuprofile files stay in bench/profiles/ (open them in
// Chrome DevTools or speedscope).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prepareDatabase } from '../../db/prepare';
import { startSqld } from '../../tests/support/sqld';
import { startTestServer } from '../../tests/support/server';
import { prepareTraffic } from '../../tests/support/traffic';
import { fixed, whole, type Table } from './report';
import { loadTraffic, quiet, warmUp, type TrafficRun } from './traffic';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the stack, matched on the script URL or the function name; the first match wins. */
const PARTS: [string, (frame: CallFrame) => boolean][] = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['V8 and native (program)', (f) => f.functionName === '(program)'],
  ['libSQL client and drizzle', (f) => /@libsql|node_modules\/libsql|drizzle-orm/.test(f.url)],
  ['compression (zlib)', (f) => /node:zlib|compression|content-coding/.test(f.url)],
  ['shared response cache', (f) => /response-cache|cache-edge|cache-keys/.test(f.url)],
  [
    'Astro and Preact rendering',
    (f) =>
      /node_modules\/(astro|preact|preact-render-to-string|@astrojs|html-escaper|devalue|@tanstack)\//.test(f.url) ||
      /dist\/server\/(chunks\/astro\/|_@astrojs|renderers)/.test(f.url),
  ],
  ['web streams and Response objects (undici)', (f) => /node:internal\/(deps\/undici|webstreams)/.test(f.url)],
  ['crypto (signed cookies, ids)', (f) => /node:internal\/crypto/.test(f.url)],
  ['file system (the adapter looks for a static file first)', (f) => !f.url && /^(openFileHandle|fstat|stat|lstat|close|read|open)$/.test(f.functionName)],
  [
    'HTTP server and sockets',
    (f) =>
      /node:(_http|http|net|stream|internal\/streams|events|internal\/http)/.test(f.url) ||
      (!f.url && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(f.functionName)),
  ],
  ['async context (AsyncLocalStorage)', (f) => /node:internal\/async_hooks|async_local_storage/.test(f.url)],
  ['loading modules', (f) => /node:internal\/modules/.test(f.url) || (!f.url && /^(compileSourceTextModule|wrapSafe|compileFunction)$/.test(f.functionName))],
  ['app pages, components and services (dist/server)', (f) => /dist\/server\//.test(f.url)],
  ['serve.mjs and its edge modules', (f) => /scripts\/|src\/server\/http\//.test(f.url)],
];

export interface ProfileSummary {
  engine: string;
  file: string;
  run: TrafficRun;
  totalMs: number;
  parts: { part: string; ms: number; share: number }[];
  top: { name: string; where: string; ms: number; share: number }[];
}

function partOf(frame: CallFrame): string {
  for (const [name, test] of PARTS) if (test(frame)) return name;
  return frame.url ? 'other JavaScript' : 'other native';
}

/** Self time per function and per part of the stack, from a .cpuprofile. */
export function summarizeProfile(profile: CpuProfile, window?: { fromMs: number; toMs: number }): Pick<ProfileSummary, 'totalMs' | 'parts' | 'top'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromMs * 1000 || at > window.toMs * 1000)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idleUs = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
  const busyUs = totalUs - idleUs;
  const parts = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; us: number }>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    parts.set(partOf(frame), (parts.get(partOf(frame)) ?? 0) + us);
    if (frame.functionName === '(idle)') continue;
    const where = frame.url ? `${frame.url.replace(/^.*?(node_modules\/|dist\/|scripts\/|src\/)/, '$1')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName}@${where}`;
    const entry = functions.get(key) ?? { name: frame.functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  return {
    totalMs: totalUs / 1000,
    parts: [...parts].map(([part, us]) => ({ part, ms: us / 1000, share: part === 'idle' ? us / totalUs : us / busyUs })).sort((a, b) => b.ms - a.ms),
    top: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, 15)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: f.us / busyUs })),
  };
}

/** The mix on the file and on sqld with the server under `--cpu-prof`; profiles kept in bench/profiles/. */
export async function benchProfiles(register: (stop: () => Promise<void>) => void, duration: number): Promise<ProfileSummary[]> {
  const dir = resolve(import.meta.dirname, '../../bench/profiles');
  mkdirSync(dir, { recursive: true });
  const summaries: ProfileSummary[] = [];
  for (const engine of ['file', 'sqld'] as const) {
    const sqld = engine === 'sqld' ? await startSqld() : null;
    if (sqld) {
      register(sqld.stop);
      await prepareDatabase({ url: sqld.url }, new Date(), { seed: true });
    }
    const before = new Set(readdirSync(dir));
    const spawned = Date.now();
    const server = await startTestServer({
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${engine}-${Date.now()}.cpuprofile`],
      ...(sqld ? { databaseUrl: sqld.url, prepare: false } : {}),
    });
    register(server.stop);
    const traffic = await prepareTraffic(server.url, server.databaseUrl, { returning: 50, savers: 200 });
    await warmUp(server.url, traffic, duration);
    await quiet(server.process.pid);
    // Only the seconds under load are summed up: not the start, the pre-rendering or the warm-up.
    const fromMs = Date.now() - spawned;
    const run = await loadTraffic(server.url, traffic, { duration, databaseUrl: true });
    const toMs = Date.now() - spawned;
    await server.stop();
    await sqld?.stop();
    const file = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`the ${engine} server wrote no CPU profile`);
    const summary = summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, { fromMs, toMs });
    summaries.push({ engine, file: `bench/profiles/${file}`, run, ...summary });
    console.log(`  ${engine}: ${whole(run.requestsPerSecond)} req/s; profile bench/profiles/${file}`);
  }
  return summaries;
}

export function profileTables(summaries: ProfileSummary[]): Table[] {
  return summaries.flatMap((s) => [
    {
      title: `Where the server's time goes under real traffic (${s.engine}): parts of the stack`,
      headers: ['part', 'self ms', 'share of busy time'],
      rows: s.parts.map((p) => [p.part, whole(p.ms), p.part === 'idle' ? `${fixed(p.share * 100, 0)}% of all` : `${fixed(p.share * 100, 1)}%`]),
      notes: [
        `Only the ${whole(s.totalMs / 1000)} s under load. ${whole(s.run.requestsPerSecond)} req/s, p99 ${s.run.p99} ms during the profile (the profiler slows the server); profile: ${s.file}.`,
      ],
    },
    {
      title: `Where the server's time goes under real traffic (${s.engine}): top functions by self time`,
      headers: ['function', 'where', 'self ms', 'share of busy time'],
      rows: s.top.map((f) => [f.name, f.where, whole(f.ms), `${fixed(f.share * 100, 1)}%`]),
    },
  ]);
}
