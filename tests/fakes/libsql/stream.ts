/**
 * One Hrana stream: a SQLite connection of its own, so a transaction begun in one HTTP request
 * is still open in the next one with the same baton, and invisible to other streams until COMMIT.
 */
import Database from 'libsql';
import {
  HranaError,
  protoError,
  sqliteError,
  valueFromSql,
  valueToSql,
  type BatchResult,
  type DescribeResult,
  type HranaBatch,
  type HranaBatchCond,
  type HranaErrorBody,
  type HranaStmt,
  type StmtResult,
  type StreamRequest,
  type StreamResponse,
} from './protocol';

type Connection = InstanceType<typeof Database>;
type Statement = ReturnType<Connection['prepare']>;

export class SqlStream {
  #connection: Connection | undefined;
  #countsStatement: Statement | undefined;
  readonly #storedSql = new Map<number, string>();
  #closed = false;

  constructor(private readonly path: string) {}

  get closed(): boolean {
    return this.#closed;
  }

  /** Closing the connection rolls back a transaction the client left open. */
  close(): void {
    this.#closed = true;
    this.#countsStatement = undefined;
    this.#connection?.close();
    this.#connection = undefined;
  }

  handle(request: StreamRequest): StreamResponse {
    if (this.#closed) throw new HranaError('The stream is closed', 'STREAM_CLOSED');
    switch (request.type) {
      case 'close':
        this.close();
        return { type: 'close' };
      case 'execute':
        return { type: 'execute', result: this.#execute(request.stmt) };
      case 'batch':
        return { type: 'batch', result: this.#batch(request.batch) };
      case 'sequence':
        this.#sequence(this.#sqlOf(request));
        return { type: 'sequence' };
      case 'describe':
        return { type: 'describe', result: this.#describe(this.#sqlOf(request)) };
      case 'store_sql':
        if (this.#storedSql.has(request.sql_id)) throw protoError(`SQL text ${request.sql_id} is already stored`);
        if (typeof request.sql !== 'string') throw protoError('store_sql needs a sql text');
        this.#storedSql.set(request.sql_id, request.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        this.#storedSql.delete(request.sql_id);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !this.#db().inTransaction };
      default:
        throw protoError(`Unknown stream request type "${(request as { type?: unknown }).type}"`);
    }
  }

  #db(): Connection {
    this.#connection ??= new Database(this.path);
    return this.#connection;
  }

  #sqlOf(source: { sql?: string | null; sql_id?: number | null }): string {
    const hasText = typeof source.sql === 'string';
    const hasId = typeof source.sql_id === 'number';
    if (hasText === hasId) throw protoError('Give exactly one of sql and sql_id');
    if (hasText) return source.sql!;
    const stored = this.#storedSql.get(source.sql_id!);
    if (stored === undefined) throw new HranaError(`SQL text ${source.sql_id} was not stored on this stream`, 'SQL_NOT_FOUND');
    return stored;
  }

  #execute(stmt: HranaStmt): StmtResult {
    if (!stmt || typeof stmt !== 'object') throw protoError('execute needs a stmt');
    const sql = this.#sqlOf(stmt);
    const db = this.#db();
    const args = bindArgs(stmt);
    try {
      const statement = db.prepare(sql);
      const [, , totalBefore] = this.#counts();
      let cols: StmtResult['cols'] = [];
      let rows: unknown[][] = [];
      if (statement.reader) {
        cols = statement.columns().map((col) => ({ name: col.name, decltype: col.type ?? null }));
        rows = statement.raw(true).safeIntegers(true).all(args) as unknown[][];
      } else {
        statement.run(args);
      }
      const [changes, lastInsertRowid, totalAfter] = this.#counts();
      return {
        cols,
        rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(valueFromSql)),
        // changes() still holds the count of an earlier write after a statement that wrote nothing.
        affected_row_count: totalAfter === totalBefore ? 0 : Number(changes),
        last_insert_rowid: lastInsertRowid.toString(),
      };
    } catch (error) {
      throw sqliteError(error);
    }
  }

  /** changes(), last_insert_rowid() and total_changes() of this connection; reading them changes none. */
  #counts(): [bigint, bigint, bigint] {
    this.#countsStatement ??= this.#db().prepare('SELECT changes(), last_insert_rowid(), total_changes()').raw(true).safeIntegers(true);
    return this.#countsStatement.get([]) as [bigint, bigint, bigint];
  }

  #batch(batch: HranaBatch): BatchResult {
    if (!batch || !Array.isArray(batch.steps)) throw protoError('batch needs steps');
    const results: BatchResult = { step_results: [], step_errors: [] };
    batch.steps.forEach((step, index) => {
      let result: StmtResult | null = null;
      let error: HranaErrorBody | null = null;
      if (!step.condition || this.#holds(step.condition, results, index)) {
        try {
          result = this.#execute(step.stmt);
        } catch (failure) {
          error = sqliteError(failure).body();
        }
      }
      results.step_results.push(result);
      results.step_errors.push(error);
    });
    return results;
  }

  #holds(cond: HranaBatchCond, results: BatchResult, current: number): boolean {
    const earlier = (step: number) => {
      if (!Number.isInteger(step) || step < 0 || step >= current) throw protoError(`A condition of step ${current} refers to step ${step}, which has not run yet`);
      return step;
    };
    switch (cond.type) {
      case 'ok':
        return results.step_results[earlier(cond.step)] !== null;
      case 'error':
        return results.step_errors[earlier(cond.step)] !== null;
      case 'not':
        return !this.#holds(cond.cond, results, current);
      case 'and':
        return cond.conds.every((c) => this.#holds(c, results, current));
      case 'or':
        return cond.conds.some((c) => this.#holds(c, results, current));
      case 'is_autocommit':
        return !this.#db().inTransaction;
      default:
        throw protoError(`Unknown batch condition "${(cond as { type?: unknown }).type}"`);
    }
  }

  #sequence(sql: string): void {
    try {
      this.#db().exec(sql);
    } catch (error) {
      throw sqliteError(error);
    }
  }

  /** Parameters, columns and whether the statement writes, read from the compiled program (EXPLAIN). */
  #describe(sql: string): DescribeResult {
    const db = this.#db();
    try {
      const statement = db.prepare(sql);
      const cols = statement.reader ? statement.columns().map((col) => ({ name: col.name, decltype: col.type ?? null })) : [];
      const isExplain = /^\s*explain\b/i.test(sql);
      if (isExplain) return { params: [], cols, is_explain: true, is_readonly: true };
      // EXPLAIN rows: addr, opcode, p1, p2, p3, p4, p5, comment.
      const program = db.prepare(`EXPLAIN ${sql}`).raw(true).all() as Array<[number, string, number, number, number, unknown]>;
      const names = new Map<number, string | null>();
      let writes = false;
      for (const [, opcode, p1, p2, , p4] of program) {
        if (opcode === 'Variable') names.set(p1, typeof p4 === 'string' ? p4 : null);
        if (opcode === 'Transaction' && p2 !== 0) writes = true;
      }
      const count = Math.max(0, ...names.keys());
      const params = Array.from({ length: count }, (_, i) => ({ name: names.get(i + 1) ?? null }));
      return { params, cols, is_explain: false, is_readonly: !writes };
    } catch (error) {
      throw sqliteError(error);
    }
  }
}

/** Positional or named arguments in the form the driver binds (names without their :, @ or $). */
function bindArgs(stmt: HranaStmt): unknown[] | Record<string, unknown> {
  const positional = (stmt.args ?? []).map(valueToSql);
  const named = stmt.named_args ?? [];
  if (named.length === 0) return positional;
  if (positional.length > 0) throw new HranaError('This server takes positional or named arguments in one statement, not both', 'ARGS_INVALID');
  return Object.fromEntries(named.map(({ name, value }) => [name.replace(/^[:@$]/, ''), valueToSql(value)]));
}
