import type { Scene } from './scene';
import { between, C, circle, ellipse, g, line, mix, n, path, pick, rect } from './svg';

/** A plate seen at a slant, with its shadow. */
export const plate = (cx: number, cy: number, rx: number, ry: number, rim: string = C.cream, inner: string = C.linen): string =>
  ellipse(cx + 6, cy + 10, rx + 2, ry, C.ink, 'opacity=".22"') + ellipse(cx, cy, rx, ry, rim) + ellipse(cx, cy, rx * 0.84, ry * 0.77, inner);

/** A stemmed wine glass standing at (x, base). */
export const wineGlass = (x: number, base: number, wine = '#8E2437', h = 110): string => {
  const top = base - h;
  const bowl = `M${n(x - 24)} ${n(top)}Q${n(x - 28)} ${n(top + 58)} ${n(x)} ${n(top + 62)}Q${n(x + 28)} ${n(top + 58)} ${n(x + 24)} ${n(top)}Z`;
  const fill = `M${n(x - 25)} ${n(top + 26)}Q${n(x - 24)} ${n(top + 58)} ${n(x)} ${n(top + 62)}Q${n(x + 24)} ${n(top + 58)} ${n(x + 25)} ${n(top + 26)}Z`;
  return (
    ellipse(x, base, 24, 6, C.ink, 'opacity=".2"') +
    path(bowl, C.cream, 'opacity=".35"') +
    path(fill, wine) +
    line(`M${n(x)} ${n(top + 62)}V${n(base - 2)}`, C.cream, 4, 'opacity=".85"') +
    ellipse(x, base - 2, 18, 4, C.cream, 'opacity=".85"') +
    line(`M${n(x - 14)} ${n(top + 8)}Q${n(x - 18)} ${n(top + 34)} ${n(x - 10)} ${n(top + 48)}`, C.cream, 3, 'opacity=".7"')
  );
};

/** A mug with a handle and steam, standing at (x, base). */
export const mug = (x: number, base: number, color: string, drink = '#6B3A22', steam = true): string =>
  ellipse(x, base + 2, 40, 8, C.ink, 'opacity=".2"') +
  line(`M${n(x + 28)} ${n(base - 50)}Q${n(x + 52)} ${n(base - 44)} ${n(x + 30)} ${n(base - 18)}`, color, 9) +
  path(`M${n(x - 32)} ${n(base - 66)}H${n(x + 32)}L${n(x + 28)} ${n(base - 6)}Q${n(x)} ${n(base + 4)} ${n(x - 28)} ${n(base - 6)}Z`, color) +
  ellipse(x, base - 66, 32, 8, mix(color, C.ink, 0.25)) +
  ellipse(x, base - 65, 27, 6, drink) +
  (steam ? [-12, 4, 18].map((d) => line(`M${n(x + d)} ${n(base - 80)}q-8 -12 0 -24t0 -24`, C.cream, 4, 'opacity=".7"')).join('') : '');

/** A candle in a short holder with a glowing flame. */
export const candle = (x: number, base: number, h = 50): string =>
  circle(x, base - h - 12, 26, '#FFD98A', 'opacity=".25"') +
  rect(x - 9, base - h, 18, h, C.cream, 'rx="3"') +
  ellipse(x, base, 20, 6, C.gold) +
  path(`M${n(x)} ${n(base - h - 24)}Q${n(x + 8)} ${n(base - h - 8)} ${n(x)} ${n(base - h - 4)}Q${n(x - 8)} ${n(base - h - 8)} ${n(x)} ${n(base - h - 24)}Z`, '#F6B443');

/** A round lemon or lime slice. */
export const citrus = (x: number, y: number, r: number, peel: string, flesh: string): string =>
  circle(x, y, r, peel) +
  circle(x, y, r * 0.82, flesh) +
  [0, 60, 120]
    .map((a) =>
      line(
        `M${n(x - r * 0.8 * Math.cos((a * Math.PI) / 180))} ${n(y - r * 0.8 * Math.sin((a * Math.PI) / 180))}L${n(x + r * 0.8 * Math.cos((a * Math.PI) / 180))} ${n(y + r * 0.8 * Math.sin((a * Math.PI) / 180))}`,
        peel,
        1.5,
        'opacity=".6"',
      ),
    )
    .join('');

/** A pointed leaf (basil, herb) at (x, y), rotated by `deg`. */
export const leaf = (x: number, y: number, len: number, deg: number, color: string = C.leaf): string =>
  g(`translate(${n(x)} ${n(y)}) rotate(${n(deg)})`, path(`M0 0Q${n(len / 2)} ${n(-len / 3)} ${n(len)} 0Q${n(len / 2)} ${n(len / 3)} 0 0Z`, color));

/** A drooping string of bulbs across the top of the frame. */
export function stringLights(s: Scene, y = 40, colors: readonly string[] = ['#FFD98A']): string {
  const { rnd, w } = s;
  const x0 = -(w - 600) / 2 - 20;
  const x1 = x0 + w + 40;
  const sag = between(rnd, 20, 40);
  let out = line(`M${n(x0)} ${n(y)}Q${n((x0 + x1) / 2)} ${n(y + sag * 2)} ${n(x1)} ${n(y)}`, C.ink, 1.5, 'opacity=".6"');
  for (let i = 1; i < 16; i++) {
    const t = i / 16;
    const x = x0 + (x1 - x0) * t;
    const yy = y + 2 * sag * 2 * t * (1 - t) + 5;
    const c = pick(rnd, colors);
    out += circle(x, yy, 9, c, 'opacity=".25"') + circle(x, yy, 4, c);
  }
  return out;
}

/** A pint of beer at (x, base). */
export const pint = (x: number, base: number, beer = '#D9922E', h = 120): string =>
  ellipse(x, base + 2, 34, 7, C.ink, 'opacity=".2"') +
  path(`M${n(x - 30)} ${n(base - h)}H${n(x + 30)}L${n(x + 24)} ${n(base)}H${n(x - 24)}Z`, beer) +
  path(`M${n(x - 30)} ${n(base - h)}H${n(x + 30)}L${n(x + 29)} ${n(base - h + 16)}H${n(x - 29)}Z`, C.cream) +
  [-20, -6, 8, 22].map((d, i) => circle(x + d, base - h - 2 + (i % 2) * 2, 9, C.cream)).join('') +
  line(`M${n(x - 18)} ${n(base - h + 26)}L${n(x - 15)} ${n(base - 12)}`, C.cream, 4, 'opacity=".45"') +
  [0.4, 0.6, 0.8].map((t, i) => circle(x + 6 + i * 5, base - h * (1 - t), 2, C.cream, 'opacity=".6"')).join('');

/** A bottle at (x, base): body colour, height. */
export const bottle = (x: number, base: number, color: string, h = 150, label: string = C.cream): string =>
  ellipse(x, base + 2, 26, 6, C.ink, 'opacity=".2"') +
  path(
    `M${n(x - 22)} ${n(base)}V${n(base - h * 0.55)}Q${n(x - 22)} ${n(base - h * 0.7)} ${n(x - 8)} ${n(base - h * 0.78)}V${n(base - h)}H${n(x + 8)}V${n(base - h * 0.78)}Q${n(x + 22)} ${n(base - h * 0.7)} ${n(x + 22)} ${n(base - h * 0.55)}V${n(base)}Z`,
    color,
  ) +
  rect(x - 22, base - h * 0.42, 44, h * 0.24, label) +
  rect(x - 9, base - h - 4, 18, 12, C.gold, 'rx="2"') +
  line(`M${n(x - 14)} ${n(base - h * 0.6)}V${n(base - 10)}`, C.cream, 3, 'opacity=".3"');

/** A short tumbler with ice at (x, base). */
export const tumbler = (x: number, base: number, drink = '#C9782F', h = 66): string =>
  ellipse(x, base + 2, 34, 7, C.ink, 'opacity=".2"') +
  path(`M${n(x - 32)} ${n(base - h)}H${n(x + 32)}L${n(x + 28)} ${n(base)}H${n(x - 28)}Z`, C.cream, 'opacity=".35"') +
  path(`M${n(x - 31)} ${n(base - h * 0.62)}H${n(x + 31)}L${n(x + 28)} ${n(base - 4)}H${n(x - 28)}Z`, drink) +
  rect(x - 18, base - h * 0.78, 28, 26, '#E8F1F2', 'rx="4" opacity=".8" transform="rotate(-8 ' + n(x) + ' ' + n(base - h * 0.6) + ')"') +
  rect(x - 31, base - 8, 62, 8, C.cream, 'opacity=".3"');

/** A small walking figure standing at (x, y); `bike` sits it on a bicycle. */
export const hiker = (x: number, y: number, k = 1, shirt: string = C.terracotta, bike = false): string =>
  g(
    `translate(${n(x)} ${n(y)}) scale(${n(k)})`,
    bike
      ? circle(-14, -2, 10, 'none', `stroke="${C.ink}" stroke-width="3"`) +
          circle(16, -2, 10, 'none', `stroke="${C.ink}" stroke-width="3"`) +
          line('M-14 -2L-2 -18L10 -18L16 -2M-2 -18L2 -2', C.ink, 3) +
          rect(-6, -38, 10, 20, shirt, 'rx="4" transform="rotate(20 -1 -28)"') +
          circle(6, -42, 5, C.ink) +
          line('M0 -20L4 -6', C.ink, 3)
      : rect(-5, -24, 10, 18, shirt, 'rx="4"') +
          circle(0, -30, 5, C.ink) +
          rect(-10, -22, 6, 12, C.saguaro, 'rx="2"') +
          line('M-2 -6L-5 4M2 -6L6 4', C.ink, 3.5) +
          line('M4 -20L9 -10', C.ink, 2.5),
  );
