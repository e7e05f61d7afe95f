// The V8 settings the server runs with, so one instance stays within 256 MB resident under load
// (docs/decisions/035-real-traffic.md, "One instance in 256 MB"). They must be given to `node`
// itself (V8 sizes its heap as it starts): `npm start` passes them (package.json), and so does
// every server the tests and the bench start (tests/support/server.ts).

/**
 * - A young generation of 2 × 4 MB instead of 2 × 16 MB: 24 MB less resident from the start, and
 *   the short-lived objects of a request are still collected young.
 * - The old generation may grow by half of what is alive after a full collection before the next
 *   one (V8 otherwise lets it double or more while the server is busy): under load the heap
 *   follows what requests hold, not the allocation rate.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

/** The flags this process was started without (empty when node was given all of them). */
export function missingServerFlags(execArgv = process.execArgv) {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
