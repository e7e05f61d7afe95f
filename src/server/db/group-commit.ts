/**
 * Group commit: writes that arrive while a batch is being written wait for the next batch, and each
 * batch is written as one transaction. A remote libSQL server costs one round trip per transaction
 * and writes one at a time, so 500 concurrent loves sent one by one queue for seconds; grouped they
 * take a few round trips. A write is answered only once the batch that holds it has committed.
 *
 * The queue knows nothing of the database (see `writeInGroup` in ./grouped-writes.ts): `commit` gets
 * the writes of one batch, in the order they were submitted, and answers one result per write.
 */

/** A batch holds at most this many writes; more wait for the next one. */
export const MAX_BATCH_WRITES = 200;
/** And at most this much weight (statements, for the database): a write heavier alone still goes, alone. */
export const MAX_BATCH_WEIGHT = 1_000;

export interface GroupCommitOptions<W, R> {
  /** Writes every write of the batch in one transaction and answers one result per write, in order. */
  commit: (writes: readonly W[]) => Promise<R[]>;
  maxBatch?: number;
  /** How heavy a write is (default 1); a batch's writes weigh at most `maxWeight` together. */
  weight?: (write: W) => number;
  maxWeight?: number;
  /**
   * Whether the writes of a failed batch are tried again one by one, so only the write that failed
   * fails its request. False for an error after which the batch may have committed after all (a
   * timeout): every write of it then fails with the batch's error, and nothing is written twice.
   */
  retryAlone?: (error: unknown) => boolean;
}

interface Pending<W, R> {
  write: W;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit<W, R> {
  /** Queues a write; resolves with its result once its batch has committed, rejects if it failed. */
  submit: (write: W) => Promise<R>;
  /** Writes waiting for a batch and whether one is being written (for tests and diagnostics). */
  readonly waiting: number;
  readonly writing: boolean;
}

export function groupCommit<W, R>(options: GroupCommitOptions<W, R>): GroupCommit<W, R> {
  const maxBatch = options.maxBatch ?? MAX_BATCH_WRITES;
  const maxWeight = options.maxWeight ?? MAX_BATCH_WEIGHT;
  const weight = options.weight ?? (() => 1);
  const queue: Pending<W, R>[] = [];
  let writing = false;
  let scheduled = false;

  async function commitAlone(entry: Pending<W, R>): Promise<void> {
    try {
      const [result] = await options.commit([entry.write]);
      entry.resolve(result as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function commitBatch(batch: Pending<W, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await options.commit(batch.map((entry) => entry.write));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} writes`);
    } catch (error) {
      if (batch.length > 1 && options.retryAlone?.(error)) {
        // The batch's transaction rolled back: nothing of it was written, so each write is tried on its own, in order.
        for (const entry of batch) await commitAlone(entry);
      } else {
        for (const entry of batch) entry.reject(error);
      }
      return;
    }
    batch.forEach((entry, index) => entry.resolve(results[index]!));
  }

  /** The writes of the next batch, oldest first, within both bounds (always at least one). */
  function takeBatch(): Pending<W, R>[] {
    let count = 0;
    let total = 0;
    while (count < queue.length && count < maxBatch) {
      const next = weight(queue[count]!.write);
      if (count > 0 && total + next > maxWeight) break;
      total += next;
      count++;
    }
    return queue.splice(0, count);
  }

  async function flush(): Promise<void> {
    scheduled = false;
    if (writing || queue.length === 0) return;
    writing = true;
    try {
      await commitBatch(takeBatch());
    } finally {
      writing = false;
    }
    // What arrived meanwhile goes now, as the next batch: no wait.
    if (queue.length > 0) void flush();
  }

  return {
    submit(write) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ write, resolve, reject });
        // An idle queue writes within this turn of the event loop: after the requests whose input
        // arrived in the same turn have queued theirs, and never after a timer.
        if (!writing && !scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
    get waiting() {
      return queue.length;
    },
    get writing() {
      return writing;
    },
  };
}
