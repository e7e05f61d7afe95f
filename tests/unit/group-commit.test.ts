import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupCommit, MAX_BATCH_WRITES } from '../../src/server/db/group-commit';

/** A commit the test finishes by hand, recording each batch it was given. */
function controlledCommit() {
  const batches: number[][] = [];
  const pending: { resolve: (results: string[]) => void; reject: (error: unknown) => void; writes: readonly number[] }[] = [];
  const commit = (writes: readonly number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push([...writes]);
      pending.push({ resolve, reject, writes });
    });
  const finish = (index: number) => pending[index]!.resolve(pending[index]!.writes.map((write) => `done ${write}`));
  return { batches, pending, commit, finish };
}

/** Lets every queued callback of the event loop run (a few turns). */
const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** Whether a promise has settled yet, without waiting for it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false, value: undefined as T | undefined, error: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('group commit', () => {
  it('writes the writes queued in one turn as one batch, in order, each answered with its own result', async () => {
    const { batches, commit, finish } = controlledCommit();
    const queue = groupCommit<number, string>({ commit });
    const answers = [1, 2, 3, 4, 5].map((write) => queue.submit(write));
    await settle();
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    finish(0);
    expect(await Promise.all(answers)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
  });

  it('writes arriving while a batch is written wait for the next batch, which goes as soon as the first commits', async () => {
    const { batches, commit, finish } = controlledCommit();
    const queue = groupCommit<number, string>({ commit });
    const first = watch(queue.submit(1));
    await settle();
    const later = [2, 3, 4].map((write) => watch(queue.submit(write)));
    await settle();
    expect(batches).toEqual([[1]]);
    expect(queue.waiting).toBe(3);
    finish(0);
    await settle();
    expect(first).toMatchObject({ settled: true, value: 'done 1' });
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(later.map((state) => state.settled)).toEqual([false, false, false]);
    finish(1);
    await settle();
    expect(later.map((state) => state.value)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(queue.writing).toBe(false);
  });

  it('answers nothing before its batch has committed', async () => {
    const { commit, finish } = controlledCommit();
    const queue = groupCommit<number, string>({ commit });
    const answer = watch(queue.submit(7));
    await settle();
    await settle();
    expect(answer.settled).toBe(false);
    finish(0);
    await settle();
    expect(answer).toMatchObject({ settled: true, value: 'done 7' });
  });

  it(`holds at most ${MAX_BATCH_WRITES} writes in a batch; the rest follow in order`, async () => {
    const batches: number[][] = [];
    const queue = groupCommit<number, number>({
      commit: async (writes) => {
        batches.push([...writes]);
        return writes.map((write) => write * 10);
      },
    });
    const writes = Array.from({ length: 450 }, (_, index) => index);
    const results = await Promise.all(writes.map((write) => queue.submit(write)));
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(batches.flat()).toEqual(writes);
    expect(results).toEqual(writes.map((write) => write * 10));
  });

  it('a smaller bound is kept too', async () => {
    const batches: number[][] = [];
    const queue = groupCommit<number, number>({ maxBatch: 2, commit: async (writes) => (batches.push([...writes]), [...writes]) });
    await Promise.all([1, 2, 3, 4, 5].map((write) => queue.submit(write)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('is bounded by weight too: a batch stops before the write that would pass the bound, and a heavier write goes alone', async () => {
    const batches: number[][] = [];
    const queue = groupCommit<number, number>({
      weight: (write) => write,
      maxWeight: 10,
      commit: async (writes) => (batches.push([...writes]), [...writes]),
    });
    await Promise.all([4, 5, 2, 12, 3, 3].map((write) => queue.submit(write)));
    expect(batches).toEqual([[4, 5], [2], [12], [3, 3]]);
  });

  it('an idle queue writes at once: with timers frozen, the write is committed and answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date', 'performance'] });
    const commit = vi.fn(async (writes: readonly number[]) => writes.map(String));
    const queue = groupCommit<number, string>({ commit });
    expect(await queue.submit(42)).toBe('42');
    expect(commit).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a failed batch fails every write in it with its error when it is not to be tried alone', async () => {
    const unavailable = new Error('SQLITE_BUSY: database is locked');
    const commit = vi.fn(async () => {
      throw unavailable;
    });
    const queue = groupCommit<number, string>({ commit, retryAlone: () => false });
    const answers = await Promise.allSettled([1, 2, 3].map((write) => queue.submit(write)));
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 'rejected', reason: unavailable })));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('a batch failed by one write is tried again write by write: only that write fails', async () => {
    const bad = new Error('CHECK constraint failed');
    const batches: number[][] = [];
    const queue = groupCommit<number, string>({
      commit: async (writes) => {
        batches.push([...writes]);
        if (writes.includes(2)) throw bad;
        return writes.map((write) => `done ${write}`);
      },
      retryAlone: (error) => error === bad,
    });
    const answers = await Promise.allSettled([1, 2, 3].map((write) => queue.submit(write)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'done 1' },
      { status: 'rejected', reason: bad },
      { status: 'fulfilled', value: 'done 3' },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('a commit that answers the wrong number of results fails the whole batch', async () => {
    const queue = groupCommit<number, string>({ commit: async () => ['only one'] });
    const answers = await Promise.allSettled([1, 2].map((write) => queue.submit(write)));
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect((answers[0] as PromiseRejectedResult).reason.message).toBe('group commit: 1 results for 2 writes');
  });

  it('keeps serving after a failed batch', async () => {
    let fail = true;
    const queue = groupCommit<number, string>({
      commit: async (writes) => {
        if (fail) throw new Error('gone');
        return writes.map(String);
      },
    });
    await expect(queue.submit(1)).rejects.toThrow('gone');
    fail = false;
    expect(await queue.submit(2)).toBe('2');
  });
});
