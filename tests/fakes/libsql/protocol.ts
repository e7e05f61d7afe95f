/**
 * Hrana over HTTP, JSON encoding: the shapes @libsql/client 0.18 sends and reads
 * (@libsql/hrana-client `http/json_*` and `shared/json_*`). Field names are snake_case on the wire.
 */

export type HranaValue =
  { type: 'null' } | { type: 'integer'; value: string } | { type: 'float'; value: number } | { type: 'text'; value: string } | { type: 'blob'; base64: string };

export interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: Array<{ name: string; value: HranaValue }>;
  want_rows?: boolean;
}

export type HranaBatchCond =
  | { type: 'ok'; step: number }
  | { type: 'error'; step: number }
  | { type: 'not'; cond: HranaBatchCond }
  | { type: 'and'; conds: HranaBatchCond[] }
  | { type: 'or'; conds: HranaBatchCond[] }
  | { type: 'is_autocommit' };

export interface HranaBatch {
  steps: Array<{ condition?: HranaBatchCond | null; stmt: HranaStmt }>;
}

export type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: HranaStmt }
  | { type: 'batch'; batch: HranaBatch }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'describe'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' };

export interface HranaErrorBody {
  message: string;
  code?: string;
}

export interface StmtResult {
  cols: Array<{ name: string | null; decltype: string | null }>;
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

export interface BatchResult {
  step_results: Array<StmtResult | null>;
  step_errors: Array<HranaErrorBody | null>;
}

export interface DescribeResult {
  params: Array<{ name: string | null }>;
  cols: Array<{ name: string; decltype: string | null }>;
  is_explain: boolean;
  is_readonly: boolean;
}

export type StreamResponse =
  | { type: 'close' }
  | { type: 'execute'; result: StmtResult }
  | { type: 'batch'; result: BatchResult }
  | { type: 'sequence' }
  | { type: 'describe'; result: DescribeResult }
  | { type: 'store_sql' }
  | { type: 'close_sql' }
  | { type: 'get_autocommit'; is_autocommit: boolean };

export type StreamResult = { type: 'ok'; response: StreamResponse } | { type: 'error'; error: HranaErrorBody };

export interface PipelineRequest {
  baton?: string | null;
  requests: StreamRequest[];
}

export interface PipelineResponse {
  baton: string | null;
  base_url: string | null;
  results: StreamResult[];
}

/** An error the server reports to the client as `{ message, code }`. */
export class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }

  body(): HranaErrorBody {
    return { message: this.message, code: this.code };
  }
}

/** A SQLite error as libSQL server reports it: the primary result code and "SQLite error: …". */
export function sqliteError(error: unknown): HranaError {
  if (error instanceof HranaError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const primary = typeof code === 'string' && code.startsWith('SQLITE_') ? code.split('_').slice(0, 2).join('_') : 'SQLITE_UNKNOWN';
  return new HranaError(`SQLite error: ${String(message)}`, primary);
}

export const protoError = (message: string) => new HranaError(message, 'PROTO_ERROR');

/** A value from the wire, as the `libsql` driver binds it: integers as bigint so 64-bit values survive. */
export function valueToSql(value: HranaValue): null | bigint | number | string | Buffer {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer':
      if (!/^-?\d+$/.test(value.value)) throw new HranaError(`Invalid integer value "${value.value}"`, 'ARGS_INVALID');
      return BigInt(value.value);
    case 'float':
      return Number(value.value);
    case 'text':
      return String(value.value);
    case 'blob':
      return Buffer.from(value.base64, 'base64');
    default:
      throw new HranaError(`Unknown value type "${(value as { type?: unknown }).type}"`, 'ARGS_INVALID');
  }
}

/** A column value the driver read (with safe integers) in its wire form. */
export function valueFromSql(value: unknown): HranaValue {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') };
  throw new HranaError(`Cannot encode a value of type ${typeof value}`, 'INTERNAL');
}
