// How the server process is started so one instance stays within 256 MB resident under load
// (docs/decisions/035-real-traffic.md, "One instance within 256 MB"). Both must be given before
// the process starts (V8 sizes its heap and glibc its allocator as they start): `npm start` gives
// them (package.json), and so does every server the tests and the bench start
// (tests/support/server.ts).

/**
 * - A young generation of 2 × 4 MB instead of 2 × 16 MB: 24 MB less resident from the start, and
 *   the short-lived objects of a request are still collected young.
 * - The old generation may grow by as much as is alive after a full collection before the next
 *   one (V8 otherwise lets it grow up to fourfold while the server is busy): under load the heap
 *   follows what requests hold, not the allocation rate. Growing by half cost about a tenth of the
 *   throughput for a few MB less.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=100'];

/**
 * glibc gives each thread that allocates (the thread pool compressing answers and hashing, V8's
 * compiler and collector threads) an allocator arena of its own, up to 8 per CPU, and each keeps
 * what it freed: two arenas shared by all threads keep about 35 MB less under load.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** The settings this process was started without, as they are written (empty when it has all). */
export function missingServerSettings(execArgv = process.execArgv, env = process.env, platform = process.platform) {
  const flags = SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
  // Only glibc (Linux) reads the variable.
  const variables = platform === 'linux' ? Object.entries(SERVER_ENV).filter(([name, value]) => env[name] !== value) : [];
  return [...variables.map(([name, value]) => `${name}=${value}`), ...flags];
}

/** The command line that starts a script of the server with its settings. */
export function serverCommand(script) {
  const variables = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
  return [...variables, 'node', ...SERVER_NODE_FLAGS, script].join(' ');
}
