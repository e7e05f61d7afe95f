// The revenue page's charts. Each one reads its numbers from the table beside it (cells marked
// data-series with a data-value), so a chart can never show other figures than its accessible
// table. uPlot is imported here only, so it ships with /admin/members/revenue and no other page.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type Kind = 'paying' | 'mrr' | 'moves' | 'funnel';
const INK = '#4a3d31';
const GRID = '#ede3d3';
const COLORS = { line: '#3e6b4f', fill: 'rgba(62, 107, 79, 0.12)', up: '#3e6b4f', down: '#c4572e', bar: '#5a4371' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Read {
  labels: string[];
  columns: Record<string, number[]>;
}

/** The rows of a table: each row's label (data-label) and every data-series cell's value. */
function readTable(table: HTMLTableElement): Read {
  const labels: string[] = [];
  const columns: Record<string, number[]> = {};
  for (const row of table.tBodies[0]?.rows ?? []) {
    labels.push(row.dataset.label ?? '');
    for (const cell of row.querySelectorAll<HTMLElement>('[data-series]')) {
      (columns[cell.dataset.series!] ??= []).push(Number(cell.dataset.value));
    }
  }
  return { labels, columns };
}

/** "2026-11-02" → "Nov 2" (days, weeks) or "Nov" (months; "Nov 26" when the year changes in view). */
function dateLabel(key: string, by: string, years: boolean): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  if (by === 'month') return years ? `${MONTHS[month - 1]} ’${String(year).slice(2)}` : MONTHS[month - 1]!;
  return `${MONTHS[month - 1]} ${day}`;
}

/** Counts are whole: ticks at 1, 2, 5, 10… (and money at whole dollars), never at 0.5. */
const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
const DOLLARS = WHOLE.map((n) => n * 100);

const axis = (values?: uPlot.Axis['values'], size?: number, incrs: number[] = WHOLE): uPlot.Axis => ({
  incrs,
  stroke: INK,
  grid: { stroke: GRID, width: 1 },
  ticks: { stroke: GRID, width: 1 },
  font: '12px Inter Variable, system-ui, sans-serif',
  ...(values ? { values } : {}),
  ...(size ? { size } : {}),
});

const money = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { maximumFractionDigits: minor % 100 === 0 ? 0 : 2 })}`;

function options(kind: Kind, read: Read, by: string, width: number): { opts: uPlot.Options; data: uPlot.AlignedData } {
  const x = read.labels.map((_, i) => i);
  const years = new Set(read.labels.map((label) => label.slice(0, 4))).size > 1;
  const labels = kind === 'funnel' ? read.labels : read.labels.map((key) => dateLabel(key, by, years));
  const xAxis = axis((_, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')));
  const base = {
    width,
    height: 200,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.5, Math.max(0.5, x.length - 0.5)] as uPlot.Range.MinMax } },
  };
  const bars = uPlot.paths.bars!({ size: [0.7, 48], align: 0 });
  if (kind === 'moves') {
    const up = read.columns.new ?? [];
    const down = (read.columns.cancelled ?? []).map((n) => -n);
    return {
      opts: {
        ...base,
        axes: [{ ...xAxis, space: 56 }, axis((_, splits) => splits.map((v) => String(Math.abs(v))))],
        scales: { ...base.scales, y: { range: (_, min, max) => [Math.min(min, -1), Math.max(max, 1)] } },
        series: [
          {},
          { stroke: COLORS.up, fill: COLORS.up, paths: bars, points: { show: false } },
          { stroke: COLORS.down, fill: COLORS.down, paths: bars, points: { show: false } },
        ],
      },
      data: [x, up, down],
    };
  }
  if (kind === 'funnel') {
    return {
      opts: {
        ...base,
        // Room on the right for the last step's slanted label.
        padding: [8, width < 560 ? 28 : 8, 0, 0] as uPlot.Padding,
        axes: [{ ...xAxis, space: 24, rotate: width < 560 ? -40 : 0, size: width < 560 ? 64 : 32 }, axis()],
        scales: { ...base.scales, y: { range: (_, _min, max) => [0, Math.max(max, 1)] } },
        series: [{}, { stroke: COLORS.bar, fill: COLORS.bar, paths: bars, points: { show: false } }],
      },
      data: [x, read.columns.events ?? []],
    };
  }
  const values = kind === 'mrr' ? (read.columns.mrr ?? []) : (read.columns.paying ?? []);
  return {
    opts: {
      ...base,
      axes: [{ ...xAxis, space: 56 }, kind === 'mrr' ? axis((_, splits) => splits.map(money), 64, DOLLARS) : axis()],
      scales: { ...base.scales, y: { range: (_, _min, max) => [0, Math.max(max, 1)] } },
      series: [{}, { stroke: COLORS.line, fill: COLORS.fill, width: 2, points: { show: x.length <= 31, size: 5 } }],
    },
    data: [x, values],
  };
}

for (const figure of document.querySelectorAll<HTMLElement>('[data-chart]')) {
  const table = document.getElementById(figure.dataset.table ?? '');
  const plot = figure.querySelector<HTMLElement>('.revenue-chart__plot');
  if (!(table instanceof HTMLTableElement) || !plot) continue;
  const read = readTable(table);
  const width = () => Math.max(240, plot.clientWidth);
  const { opts, data } = options(figure.dataset.chart as Kind, read, figure.dataset.by ?? 'day', width());
  let chart = new uPlot(opts, data, plot);
  figure.dataset.drawn = 'true';
  let last = width();
  new ResizeObserver(() => {
    if (width() === last) return;
    last = width();
    // Rotated funnel labels depend on the width, so the chart is made again rather than resized.
    if (figure.dataset.chart === 'funnel') {
      chart.destroy();
      plot.replaceChildren();
      const next = options('funnel', read, 'day', last);
      chart = new uPlot(next.opts, next.data, plot);
    } else chart.setSize({ width: last, height: 200 });
  }).observe(plot);
}
