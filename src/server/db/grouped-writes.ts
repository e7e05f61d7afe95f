import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { config } from '../config';
import { database, isDatabaseUnavailable, writeAtomically } from './database';
import { groupCommit, type GroupCommit } from './group-commit';

/** One request's write: statements run in order, inside its batch's transaction. */
export type WriteStatements = Readonly<[BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>;

let committer: GroupCommit<WriteStatements, unknown[]> | undefined;

/**
 * The process's one queue of counter writes. A batch's statements run on one connection in the
 * order the requests queued them, so each request's statements see exactly what they would see
 * written alone after the ones before it (`changes()` still names the statement just before).
 */
function queue(): GroupCommit<WriteStatements, unknown[]> {
  committer ??= groupCommit<WriteStatements, unknown[]>({
    commit: async (writes) => {
      const db = await database();
      const statements = writes.flat() as unknown as WriteStatements;
      const results: readonly unknown[] = await writeAtomically(() => db.batch(statements));
      let at = 0;
      return writes.map((write) => results.slice(at, (at += write.length)));
    },
    // A statement that failed rolled its batch back: the others are tried alone, so only its own
    // request fails. A busy or unreachable database fails them all with the 503 answer instead: a
    // timed-out batch may have committed after all, and trying it again would answer it twice.
    retryAlone: (error) => !isDatabaseUnavailable(error),
    // A save names up to 200 spots: a batch is bounded by its statements too, so one request stays a modest size.
    weight: (write) => write.length,
  });
  return committer;
}

/**
 * Writes a request's statements as one atomic unit and answers their results, in order, once they
 * are durable. With group commit on (`GROUP_COMMIT`, the default) they share a transaction with the
 * other counter writes of the moment. Off, each request writes its own: `inTurn` (loves, visits,
 * views) as `writeAtomically` sends it, otherwise (write-limit hits, saves, funnel steps) at once.
 */
export async function writeInGroup<T extends WriteStatements>(statements: T, alone: { inTurn: boolean } = { inTurn: true }): Promise<BatchResponse<T>> {
  if (config().GROUP_COMMIT === 'off') {
    const db = await database();
    return alone.inTurn ? writeAtomically(() => db.batch(statements)) : db.batch(statements);
  }
  return (await queue().submit(statements)) as BatchResponse<T>;
}
