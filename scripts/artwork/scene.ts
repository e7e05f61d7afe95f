import type { ArtworkSurface } from '../../src/lib/artwork-subjects';
import type { ArtworkTime } from '../../db/seed/artwork';
import { between, C, circle, ellipse, line, mix, n, path, pick, rect, ridge, saguaro, type Rnd } from './svg';

export interface Palette {
  sky: [string, string];
  sun: string;
  far: string;
  mid: string;
  ground: string;
  shade: string;
}

export const PALETTES: Record<ArtworkTime, Palette> = {
  morning: { sky: ['#7FB3C8', '#D9E2E0'], sun: '#F6D58A', far: '#9BB0C4', mid: '#B9A99A', ground: '#F0CE9B', shade: '#E0B47C' },
  noon: { sky: ['#8EC3D6', '#F3E3C6'], sun: '#FFF1C9', far: '#C9A98F', mid: '#D8A06E', ground: '#F2D3A2', shade: '#E3B982' },
  golden: { sky: ['#F0CA92', '#ECC8B8'], sun: '#EEBA6C', far: '#DC9A80', mid: '#D07957', ground: '#F0CE9B', shade: '#E0AE78' },
  sunrise: { sky: ['#F3A98B', '#FBE2BF'], sun: '#FFE3A3', far: '#C98B8F', mid: '#A8677A', ground: '#EDC494', shade: '#D9A579' },
  dusk: { sky: ['#5B4A7A', '#E8956B'], sun: '#F2B45C', far: '#8A5A78', mid: '#5E3F5E', ground: '#C98A6A', shade: '#A86E58' },
  night: { sky: ['#1E2740', '#44507A'], sun: '#F3E6C8', far: '#343E62', mid: '#262D4A', ground: '#4A4360', shade: '#3A3450' },
};

/** Everything a drawing may vary by: the generator, the variant, the time of day and the frame width. */
export interface Scene {
  rnd: Rnd;
  variant: string | undefined;
  time: ArtworkTime;
  pal: Palette;
  /** Width of the drawing frame (600, wider for story heroes); its height is always 400. */
  w: number;
  dark: boolean;
}

export function makeScene(rnd: Rnd, time: ArtworkTime, variant: string | undefined, w: number): Scene {
  const base = PALETTES[time];
  const other = PALETTES[pick(rnd, ['morning', 'noon', 'golden', 'sunrise', 'dusk', 'night'] as const)];
  const t = between(rnd, 0.04, 0.2);
  const pal: Palette = {
    ...base,
    sky: [mix(base.sky[0], other.sky[0], t), mix(base.sky[1], other.sky[1], t)],
    far: mix(base.far, other.far, t / 2),
    mid: mix(base.mid, other.mid, t / 2),
  };
  return { rnd, variant, time, pal, w, dark: time === 'night' || time === 'dusk' };
}

const skyDefs = (s: Scene) =>
  `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.pal.sky[0]}"/><stop offset="1" stop-color="${s.pal.sky[1]}"/></linearGradient>`;

/** Sky down to `h`: gradient, sun or moon, clouds or stars. */
export function sky(s: Scene, h: number): string {
  const { rnd, pal, w } = s;
  let out = `<defs>${skyDefs(s)}</defs>${rect(0, 0, w, h, 'url(#s)')}`;
  if (s.dark) {
    const stars = s.time === 'night' ? 22 : 9;
    for (let i = 0; i < stars; i++)
      out += circle(between(rnd, 8, w - 8), between(rnd, 8, h * 0.55), between(rnd, 0.8, 2), C.cream, `opacity="${n(between(rnd, 0.4, 0.9))}"`);
  }
  const left = rnd() < 0.5;
  const sx = left ? between(rnd, 50, w * 0.3) : between(rnd, w * 0.7, w - 50);
  if (s.time === 'night') {
    const r = between(rnd, 16, 24);
    const sy = between(rnd, 45, 90);
    out += circle(sx, sy, r, pal.sun) + circle(sx + r * 0.45, sy - r * 0.25, r * 0.85, pal.sky[0]);
  } else if (s.time === 'sunrise' || s.time === 'dusk') {
    const r = between(rnd, 34, 52);
    out += circle(sx, between(rnd, h * 0.45, h * 0.62), r, pal.sun, 'opacity=".95"');
  } else {
    out += circle(sx, between(rnd, 55, 110), between(rnd, 24, 40), pal.sun);
  }
  if (!s.dark) {
    const clouds = Math.floor(between(rnd, 1, 4));
    for (let i = 0; i < clouds; i++) {
      const cw = between(rnd, 50, 100);
      out += rect(between(rnd, 0, w - cw), between(rnd, 30, h * 0.45), cw, 10, C.cream, 'rx="5" opacity=".55"');
    }
  }
  return out;
}

/** Far and near ridges with a horizon at `y`. */
export function ridges(s: Scene, y: number, bottom: number): string {
  const { rnd, pal, w } = s;
  return (
    ridge(rnd, w, y - 22, between(rnd, 30, 60), Math.floor(between(rnd, 4, 8)), bottom, pal.far, 'opacity=".85"') +
    ridge(rnd, w, y, between(rnd, 12, 26), Math.floor(between(rnd, 5, 9)), bottom, pal.mid)
  );
}

/** Saguaros in the side margins, away from the middle where the subject stands. */
export function sideSaguaros(s: Scene, base: number, hi: number, count = Math.floor(between(s.rnd, 1, 4))): string {
  const { rnd, w } = s;
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = rnd() < 0.5 ? between(rnd, 20, w * 0.2) : between(rnd, w * 0.8, w - 20);
    const h = between(rnd, hi * 0.5, hi);
    out += saguaro(rnd, x, base + between(rnd, -4, 6), h, s.dark ? mix(C.saguaro, '#1E2740', 0.4) : C.saguaro);
  }
  return out;
}

/** A full landscape: sky, ridges, ground from `horizon` down, shrubs and saguaros. */
export function land(s: Scene, horizon = 290, cacti = true): string {
  const { rnd, pal, w } = s;
  let out = sky(s, horizon + 10) + ridges(s, horizon, horizon + 20);
  out += rect(0, horizon, w, 400 - horizon, pal.ground);
  out += path(`M0 ${horizon + 30}Q${n(w * 0.3)} ${horizon + 12} ${n(w * 0.6)} ${horizon + 28}T${w} ${horizon + 22}V400H0Z`, pal.shade, 'opacity=".5"');
  for (let i = 0; i < 6; i++) {
    const x = between(rnd, 10, w - 10);
    const y = between(rnd, horizon + 10, 392);
    const r = between(rnd, 5, 11);
    out += circle(x, y, r, C.sage) + circle(x + r * 0.7, y + 2, r * 0.7, C.leaf);
  }
  if (cacti) out += sideSaguaros(s, 392, 150);
  return out;
}

export type Surface = ArtworkSurface;

/** A table in front of a desert view; the top edge is at y = 258. */
export function table(s: Scene, surface: Surface = pick(s.rnd, ['terracotta', 'wood', 'tile'] as const)): string {
  return sky(s, 262) + ridges(s, 236, 262) + sideSaguaros(s, 262, 80, Math.floor(between(s.rnd, 0, 3))) + tableTop(s, surface);
}

/** The table alone, from y = 256 down, over whatever setting stands behind it. */
export function tableTop(s: Scene, surface: Surface): string {
  const { rnd, pal, w } = s;
  let out = '';
  const top: Record<Surface, [string, string, string]> = {
    terracotta: [C.terracotta, C.rust, '#D17233'],
    wood: ['#A8683F', '#7E4A2B', '#BF8052'],
    tile: ['#3F7F7B', '#2F625F', '#5E9E97'],
    linen: ['#F3E2D7', '#E2CBB9', '#FFFDF9'],
    bar: ['#4A2C22', '#2E1B15', '#7A4A33'],
  };
  const [c0, c1, edge] = top[surface];
  out += `<defs><linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient></defs>`;
  out += rect(0, 256, w, 144, 'url(#t)') + rect(0, 256, w, 8, edge);
  if (surface === 'wood' || surface === 'bar') {
    for (let y = 290; y < 400; y += between(rnd, 26, 36)) out += rect(0, y, w, 2, c1, 'opacity=".6"');
  } else if (surface === 'tile') {
    for (let x = between(rnd, 0, 60); x < w; x += 70) out += rect(x, 264, 2, 136, c1, 'opacity=".5"');
    out += rect(0, 330, w, 2, c1, 'opacity=".5"');
  } else if (surface === 'linen') {
    out += rect(0, 272, w, 6, pal.sky[0], 'opacity=".25"');
  } else {
    for (let i = 0; i < 4; i++) out += rect(between(rnd, 0, w - 160), between(rnd, 286, 390), between(rnd, 100, 200), 3, c1, 'rx="1.5" opacity=".5"');
  }
  return out;
}

/** An interior wall with an arched window onto the desert and a tiled floor at y = 320. */
export function room(s: Scene, wall = pick(s.rnd, ['#F3E2D0', '#EBD3BC', '#E9D8C4', '#E3CDB5'] as const)): string {
  const { rnd, pal, w } = s;
  const wx = rnd() < 0.5 ? between(rnd, 30, 80) : between(rnd, w - 200, w - 150);
  const arch = `M${n(wx)} 300V120A60 60 0 0 1 ${n(wx + 120)} 120V300Z`;
  let out = `<defs>${skyDefs(s)}<clipPath id="w"><path d="${arch}"/></clipPath></defs>${rect(0, 0, w, 400, wall)}`;
  out += `<g clip-path="url(#w)">${rect(wx, 50, 120, 250, 'url(#s)')}${circle(wx + between(rnd, 30, 90), between(rnd, 110, 170), 16, pal.sun)}`;
  out += `${ridge(rnd, w, 250, 40, 6, 300, pal.far)}${ridge(rnd, w, 275, 16, 7, 300, pal.mid)}${saguaro(rnd, wx + between(rnd, 25, 95), 300, 70, C.saguaro)}</g>`;
  out += path(arch, 'none', `stroke="${mix(wall, C.ink, 0.2)}" stroke-width="8"`);
  out += rect(0, 320, w, 80, C.clay) + rect(0, 320, w, 6, C.rust, 'opacity=".5"');
  for (let x = between(rnd, 0, 40); x < w; x += 56) out += line(`M${n(x)} 326L${n(x - 30)} 400`, C.rust, 2, 'opacity=".35"');
  return out;
}

export const groundShadow = (cx: number, cy: number, rx: number, ry = rx / 5): string => ellipse(cx, cy, rx, ry, C.ink, 'opacity=".18"');
