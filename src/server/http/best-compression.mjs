// @ts-check
// The shared response cache keeps an answer with the compressed forms made while it was rendered
// (fast levels). An answer that stays current gets them remade at the best levels here, one at a
// time, off the main thread: the smallest bytes for answers that stay, no cost for those a write
// soon replaces. Why: docs/decisions/016-shared-response-cache.md.

import { compressBest } from './content-coding.mjs';

/** How long a kept answer must stay current before its compressed forms are made again at the best level. */
const REFINE_AFTER_MS = 1_000;
/** Smaller answers are left at the fast levels: the best ones would save a few bytes. */
const REFINE_MIN_BYTES = 1024;
/**
 * At most this many answers wait to be refined; past it an answer keeps its fast forms. Each
 * compression holds a brotli window of its own while it runs, so they run one at a time.
 */
const REFINE_QUEUE_LIMIT = 256;

/**
 * What the cache tells about one kept answer: whether it is still the one kept for its key and
 * still current, and how to set a remade body on it.
 * @typedef {{
 *   current: () => boolean,
 *   add: (encoding: 'gzip' | 'br', body: Buffer) => void,
 * }} Refinement
 */

/** @type {Array<[Buffer, Refinement]>} */
const refineQueue = [];
let refining = false;

/**
 * Remakes a lasting answer's compressed forms at the best levels (brotli 11, gzip 9) once it has
 * stayed current for a second.
 * @param {{ bodies: { identity: Buffer } }} entry
 * @param {Refinement} refinement
 */
export function refineLater(entry, refinement) {
  if (entry.bodies.identity.length < REFINE_MIN_BYTES) return;
  const timer = setTimeout(() => {
    if (refineQueue.length >= REFINE_QUEUE_LIMIT) return;
    refineQueue.push([entry.bodies.identity, refinement]);
    if (!refining) void refineNext();
  }, REFINE_AFTER_MS);
  timer.unref();
}

/** Refines the queued answers one after another, skipping those replaced or gone stale meanwhile. */
async function refineNext() {
  refining = true;
  for (let next = refineQueue.shift(); next; next = refineQueue.shift()) {
    const [identity, refinement] = next;
    if (!refinement.current()) continue;
    for (const encoding of /** @type {const} */ (['gzip', 'br'])) {
      const body = await compressBest(identity, encoding).catch(() => null);
      if (body) refinement.add(encoding, body);
    }
  }
  refining = false;
}
