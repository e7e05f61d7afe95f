export type Rnd = () => number;

/** A deterministic generator seeded from a string (FNV-1a, then mulberry32). */
export function rng(key: string): Rnd {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  let t = h >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const n = (v: number): string => String(Math.round(v * 10) / 10);
export const between = (rnd: Rnd, lo: number, hi: number): number => lo + (hi - lo) * rnd();
export function pick<T>(rnd: Rnd, list: readonly T[]): T {
  const item = list[Math.floor(rnd() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Mixes two #RRGGBB colours: t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ch = (c: string, i: number) => parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16);
  const out = [0, 1, 2].map((i) => Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

const attrs = (extra: string) => (extra ? ` ${extra}` : '');
export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attrs(extra)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attrs(extra)}/>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${attrs(extra)}/>`;
export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
export const line = (d: string, color: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`;
export const g = (transform: string, body: string, extra = ''): string => `<g transform="${transform}"${attrs(extra)}>${body}</g>`;

/** A smooth closed ridge from the left edge to the right edge, filled down to `bottom`. */
export function ridge(rnd: Rnd, width: number, y: number, amp: number, steps: number, bottom: number, fill: string, extra = ''): string {
  const dx = (width + 40) / steps;
  const pts = Array.from({ length: steps + 1 }, (_, i) => [-20 + i * dx, y - rnd() * amp] as const);
  let d = `M-20 ${bottom}L${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1]!;
    const [x, yy] = pts[i]!;
    d += `Q${n(px + dx / 2)} ${n(Math.min(py, yy) - amp * 0.15)} ${n(x)} ${n(yy)}`;
  }
  return path(`${d}L${n(width + 20)} ${bottom}Z`, fill, extra);
}

/** A saguaro standing at (x, base), `h` tall, arms from the generator. */
export function saguaro(rnd: Rnd, x: number, base: number, h: number, color: string): string {
  const w = Math.max(4, h / 9);
  const top = base - h;
  const arm = (side: number, at: number, len: number) => {
    const y0 = top + h * at;
    const ax = x + side * w * 1.8;
    return `M${n(x)} ${n(y0)}H${n(ax - side * w * 0.6)}Q${n(ax)} ${n(y0)} ${n(ax)} ${n(y0 - w * 0.8)}V${n(y0 - len)}`;
  };
  let d = `M${n(x)} ${n(base)}V${n(top)}`;
  if (rnd() < 0.85) d += arm(-1, between(rnd, 0.4, 0.6), h * between(rnd, 0.2, 0.35));
  if (rnd() < 0.75) d += arm(1, between(rnd, 0.3, 0.5), h * between(rnd, 0.2, 0.35));
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

export const C = {
  terracotta: '#C4572E',
  rust: '#9E3F1E',
  clay: '#D07957',
  sand: '#F0CA92',
  wheat: '#ECBA70',
  cream: '#FFFDF9',
  linen: '#F3E2D7',
  saguaro: '#3E6B4F',
  sage: '#8FA98A',
  leaf: '#567E61',
  ink: '#2B2118',
  brown: '#7C361C',
  gold: '#DD9438',
  sky: '#7FB3C8',
  water: '#5FA3BF',
  stone: '#B6AEA5',
  slate: '#958D84',
  plum: '#5B3F63',
  rose: '#E58F8A',
} as const;
