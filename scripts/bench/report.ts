// Formatting helpers shared by the benchmark sections: aligned text tables for the console and
// Markdown tables for bench/README-table.md, plus a description of the machine the run used.
import os from 'node:os';

export type Cell = string | number | null | undefined;

export interface Table {
  title: string;
  headers: string[];
  rows: Cell[][];
  /** Lines printed under the table (assumptions, plans, errors). */
  notes?: string[];
}

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '–';
  return String(cell);
}

/** A number with a fixed count of decimals, or "–" when it is missing. */
export function fixed(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits);
}

/** A whole number with thousands separators. */
export function whole(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '–' : Math.round(value).toLocaleString('en-US');
}

/** Columns whose cells all look numeric are right-aligned. */
function numericColumns(table: Table): boolean[] {
  return table.headers.map((_, i) => table.rows.every((row) => /^[–\-+]?[\d,.]*[\d–]+(\.\d+)?\s*(×|%|ms|KB|MB)?$/.test(text(row[i]))));
}

/** An aligned plain-text table for the console. */
export function consoleTable(table: Table): string {
  const cells = [table.headers, ...table.rows.map((row) => table.headers.map((_, i) => text(row[i])))];
  const widths = table.headers.map((_, i) => Math.max(...cells.map((row) => text(row[i]).length)));
  const right = numericColumns(table);
  const line = (row: Cell[]) => row.map((cell, i) => (right[i] ? text(cell).padStart(widths[i]!) : text(cell).padEnd(widths[i]!))).join('  ');
  const out = [`\n== ${table.title} ==`, line(table.headers), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const row of table.rows) out.push(line(row));
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

function escapeMarkdown(cell: Cell): string {
  return text(cell).replace(/\|/g, '\\|');
}

/** A GitHub-flavoured Markdown table with its title as a heading. */
export function markdownTable(table: Table): string {
  const right = numericColumns(table);
  const out = [
    `### ${table.title}`,
    '',
    `| ${table.headers.map(escapeMarkdown).join(' | ')} |`,
    `|${right.map((r) => (r ? '---:' : '---')).join('|')}|`,
    ...table.rows.map((row) => `| ${table.headers.map((_, i) => escapeMarkdown(row[i])).join(' | ')} |`),
  ];
  if (table.notes?.length) out.push('', ...table.notes.map((note) => `${note}  `));
  return out.join('\n');
}

export interface MachineInfo {
  date: string;
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  /** 1-minute load average at the start and end of the run: other work on the machine skews every number. */
  loadAverage: { start: number; end?: number };
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: { start: loadAverage() },
  };
}

export function loadAverage(): number {
  return Math.round(os.loadavg()[0]! * 100) / 100;
}

/** A warning when the machine was busy with other work during the run, or null. */
export function busyWarning(info: MachineInfo): string | null {
  const peak = Math.max(info.loadAverage.start, info.loadAverage.end ?? 0);
  return peak > info.cpus * 0.75
    ? `Warning: the machine was busy with other work (1-minute load average ${info.loadAverage.start} at the start, ${info.loadAverage.end ?? '?'} at the end, on ${info.cpus} CPUs); throughput and latency numbers are pessimistic.`
    : null;
}

export function describeMachine(info: MachineInfo): string {
  return `${info.date.slice(0, 10)}, Node ${info.node}, ${info.cpus} × ${info.cpuModel}, ${info.memoryGB} GB RAM, ${info.platform}`;
}

/** Median and 95th percentile (nearest rank) of a list of numbers. */
export function summarize(samples: number[]): { median: number; p95: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, p95: at(0.95), min: sorted[0] ?? NaN };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}
