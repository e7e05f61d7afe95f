import type { ArtworkSettingId } from '../../src/lib/artwork-subjects';
import { sky } from './scene';
import type { Scene } from './scene';
import { between, C, circle, ellipse, g, line, mix, n, path, rect, ridge } from './svg';

/**
 * The room a place is drawn in, from what is true of it: the fire of a wood-fired steakhouse, the
 * piano of a piano bar, a rooftop pool, a sushi counter's curtain, an adobe wall. A setting draws
 * the whole frame behind the subject; a table subject then sets its table top over it at y = 256,
 * a room subject stands on the floor at y = 320.
 */
export type SettingId = ArtworkSettingId;

const wall = (s: Scene, colour: string): string => rect(-(s.w - 600) / 2 - 20, 0, s.w + 40, 400, colour);

/** Courses of brick from `from` to `to`, as one repeating pattern (a file stays small). */
function bricks(s: Scene, from: number, to: number, colour: string): string {
  const tile =
    rect(0, 0, 56, 18, colour, 'rx="2" opacity=".85"') + rect(30, 22, 56, 18, colour, 'rx="2" opacity=".65"') + rect(-30, 22, 56, 18, colour, 'rx="2" opacity=".65"');
  return (
    `<defs><pattern id="pb" width="60" height="44" patternUnits="userSpaceOnUse">${tile}</pattern></defs>` + rect(-(s.w - 600) / 2, from, s.w, to - from, 'url(#pb)')
  );
}

/** Bottles standing on a shelf at `y`. */
function shelfOfBottles(s: Scene, y: number, colours: readonly string[]): string {
  let out = rect(0, y, 600, 8, '#6E4A2E');
  for (let x = 24; x < 580; x += between(s.rnd, 34, 48)) {
    const h = between(s.rnd, 34, 56);
    const c = colours[Math.floor(s.rnd() * colours.length)]!;
    out += rect(x, y - h, 16, h, c, 'rx="4"') + rect(x + 5, y - h - 12, 6, 14, c) + rect(x + 2, y - h * 0.6, 12, h * 0.25, C.cream, 'opacity=".7"');
  }
  return out;
}

/** A neon tube: a glow, then the bright line. */
const neon = (d: string, colour: string): string => line(d, colour, 16, 'opacity=".25"') + line(d, colour, 5) + line(d, C.cream, 1.5, 'opacity=".8"');

function moorishTiles(s: Scene, to: number): string {
  const tile =
    path('M20 6L34 20L20 34L6 20Z', '#2F7F86', 'opacity=".55"') +
    path('M0 -14L14 0L0 14L-14 0ZM40 -14L54 0L40 14L26 0ZM0 26L14 40L0 54L-14 40ZM40 26L54 40L40 54L26 40Z', '#C9A040', 'opacity=".55"');
  return `<defs><pattern id="pm" width="40" height="40" patternUnits="userSpaceOnUse">${tile}</pattern></defs>` + rect(-(s.w - 600) / 2, 0, s.w, to, 'url(#pm)');
}

export const SETTINGS: Record<SettingId, (s: Scene) => string> = {
  hearth: (s) => {
    let out = wall(s, '#2A1A16') + bricks(s, 0, 260, '#5A2E22');
    out += path('M170 262V150A130 110 0 0 1 430 150V262Z', '#140C0A') + path('M170 262V150A130 110 0 0 1 430 150', 'none', `stroke="#8C4A2E" stroke-width="14"`);
    for (let i = 0; i < 7; i++) {
      const x = 210 + i * 30;
      const h = between(s.rnd, 60, 110);
      out += path(`M${x - 22} 250Q${x - 12} ${250 - h * 0.6} ${x} ${250 - h}Q${x + 12} ${250 - h * 0.6} ${x + 22} 250Z`, i % 2 ? '#F2A33A' : '#E4632C', 'opacity=".9"');
    }
    out += rect(200, 240, 200, 16, '#5A3322', 'rx="8"') + rect(230, 228, 150, 14, '#6E4028', 'rx="7"');
    return out + circle(300, 200, 150, '#F2A33A', 'opacity=".12"');
  },
  piano: (s) => {
    let out = wall(s, '#3A1620') + rect(0, 0, 600, 30, '#2A0E16');
    for (const x of [90, 300, 510]) out += path(`M${x - 14} 70H${x + 14}L${x + 26} 104H${x - 26}Z`, '#F2C97A') + circle(x, 140, 80, '#F2C97A', 'opacity=".12"');
    out += g(
      'translate(330 120)',
      path('M0 120V40Q0 0 60 0H120Q200 0 230 60Q250 100 250 120Z', '#0E0A0C') +
        rect(0, 104, 250, 16, '#1C1418') +
        [...Array(14).keys()].map((i) => rect(6 + i * 17, 108, 14, 10, C.cream)).join('') +
        line('M30 120V150M220 120V150', '#0E0A0C', 8) +
        line('M60 0L170 -60', '#0E0A0C', 4),
    );
    out += [0, 1, 2].map((i) => g(`translate(${80 + i * 70} ${150 - i * 30})`, ellipse(0, 20, 9, 7, '#F2C97A') + line('M8 20V-10', '#F2C97A', 3))).join('');
    return out;
  },
  rooftop: (s) => {
    let out = sky(s, 240);
    out += ridge(s.rnd, s.w, 170, 28, 6, 240, s.pal.far, 'opacity=".8"');
    for (let x = 10; x < 590; x += between(s.rnd, 40, 70)) out += rect(x, between(s.rnd, 160, 200), between(s.rnd, 24, 40), 80, mix(s.pal.mid, C.ink, 0.25));
    out += rect(0, 200, 600, 60, '#4FB3C6') + rect(0, 200, 600, 8, '#A5DCE4');
    for (let i = 0; i < 6; i++) out += line(`M${n(between(s.rnd, 20, 560))} ${n(between(s.rnd, 214, 248))}q12 -5 24 0t24 0`, C.cream, 3, 'opacity=".7"');
    for (const x of [60, 500]) out += line(`M${x} 196L${x + 60} 180`, C.cream, 8) + line(`M${x + 6} 196V210M${x + 54} 182V210`, C.cream, 4);
    out += line('M0 150H600', C.cream, 3, 'opacity=".7"') + [...Array(13).keys()].map((i) => line(`M${i * 50} 150V200`, C.cream, 2, 'opacity=".5"')).join('');
    return out;
  },
  counter: (s) => {
    let out = wall(s, '#C9A46E');
    for (let x = 0; x < 600; x += 24) out += rect(x, 0, 3, 262, '#A88450', 'opacity=".6"');
    out += rect(120, 0, 360, 130, '#2B3A5C');
    for (const x of [210, 300, 390]) out += rect(x - 2, 0, 4, 130, '#C9A46E');
    out += circle(300, 70, 26, C.cream, 'opacity=".9"') + circle(300, 70, 16, '#2B3A5C');
    for (const x of [60, 540]) out += line(`M${x} 0V40`, C.ink, 2) + ellipse(x, 80, 28, 40, '#E4632C') + rect(x - 20, 38, 40, 8, C.ink) + rect(x - 20, 114, 40, 8, C.ink);
    return out + rect(0, 200, 600, 60, '#3A2A1E');
  },
  'neon-cactus': (s) => {
    let out = wall(s, '#2A1F3A') + bricks(s, 0, 262, '#3A2C4E');
    out += neon('M300 230V80M300 170H250Q240 170 240 160V120M300 140H350Q360 140 360 130V100', '#7FE07A');
    out += neon('M150 110L180 90L210 110L240 90', '#FF5FA2') + neon('M390 100H470M390 130H450', '#FFD35C');
    return out;
  },
  'neon-wave': (s) => {
    let out = wall(s, '#10263A') + bricks(s, 0, 262, '#183450');
    out += neon('M120 170Q170 100 230 150T340 150Q370 110 330 100', '#5FD6F2') + neon('M400 90A40 40 0 1 0 400 170A30 30 0 1 1 400 90Z', '#FF7A4D');
    return out + neon('M100 220H500', '#FF5FA2');
  },
  adobe: (s) => {
    let out = sky(s, 120) + rect(0, 80, 600, 190, '#D9A678') + rect(0, 80, 600, 12, '#C48E62');
    for (let x = 40; x < 600; x += 80) out += rect(x, 94, 26, 18, '#7A4A2B', 'rx="3"') + rect(x, 94, 26, 5, '#5A341E');
    out += path('M380 250V170Q380 140 420 140H460Q500 140 500 170V250Z', '#6E4A2E') + rect(394, 160, 92, 80, '#F6D58A', 'opacity=".6"');
    for (const x of [90, 150]) {
      out += line(`M${x} 120V220`, '#6E3A1E', 2);
      for (let y = 130; y < 220; y += 12) out += ellipse(x, y, 7, 9, '#B7321E');
    }
    return out + path('M240 250V200Q270 160 300 200V250Z', '#B97C55') + rect(0, 226, 600, 40, '#C48E62', 'opacity=".5"');
  },
  'papel-picado': (s) => {
    let out = sky(s, 262) + ridge(s.rnd, s.w, 236, 26, 6, 262, s.pal.mid);
    const colours = ['#E4632C', '#F2C14E', '#3FA6B8', '#E5739A', '#7FB05A'];
    for (let row = 0; row < 2; row++) {
      const y = 30 + row * 70;
      out += line(`M-20 ${y}Q300 ${y + 30} 620 ${y}`, C.ink, 1.5, 'opacity=".5"');
      for (let i = 0; i < 11; i++) {
        const x = 10 + i * 56 + row * 24;
        const yy = y + 30 * 4 * (x / 600) * (1 - x / 600) * 0.5;
        out += path(
          `M${n(x)} ${n(yy)}H${n(x + 40)}V${n(yy + 40)}L${n(x + 30)} ${n(yy + 34)}L${n(x + 20)} ${n(yy + 40)}L${n(x + 10)} ${n(yy + 34)}L${n(x)} ${n(yy + 40)}Z`,
          colours[(i + row) % 5]!,
        );
        out += circle(x + 20, yy + 18, 6, mix(s.pal.sky[1], C.cream, 0.5));
      }
    }
    return out;
  },
  'back-bar': (s) => {
    let out = wall(s, '#2E2420') + rect(0, 0, 600, 262, '#3E2E24');
    out += shelfOfBottles(s, 110, ['#B5651D', '#8C4A22', '#D9A441', '#5A3A22']) + shelfOfBottles(s, 190, ['#C0392B', '#D9A441', '#7FA04A', '#B5651D']);
    return out + rect(0, 240, 600, 20, '#5A3A22') + circle(300, 40, 120, '#F2C97A', 'opacity=".1"');
  },
  'wine-wall': (s) => {
    // A diamond rack of bottle ends, red and green, as one repeating pattern.
    const cell = (y: number, glass: string) =>
      path(`M0 ${y + 20}L28 ${y}L56 ${y + 20}L28 ${y + 40}Z`, '#6E4030', 'stroke="#3A1E16" stroke-width="3"') +
      circle(28, y + 20, 9, glass) +
      circle(28, y + 20, 4, '#C9A040');
    const pattern = `<defs><pattern id="pw" width="56" height="80" patternUnits="userSpaceOnUse">${cell(0, '#5E1E2A') + cell(40, '#2F4A3A')}</pattern></defs>`;
    return wall(s, '#4A2A22') + pattern + rect(0, 0, 600, 262, 'url(#pw)');
  },
  jazz: (s) => {
    let out = wall(s, '#14182E');
    out += path('M200 0L120 262H480L400 0Z', '#F2D9A0', 'opacity=".16"') + ellipse(300, 250, 180, 16, '#F2D9A0', 'opacity=".2"');
    out += g(
      'translate(300 110) rotate(20)',
      path('M0 -60V60Q0 100 -40 100Q-70 100 -70 70', 'none', 'stroke="#E3B04B" stroke-width="16" stroke-linecap="round"') +
        ellipse(-70, 64, 22, 12, '#E3B04B') +
        [-40, -10, 20].map((y) => circle(8, y, 5, '#F6D58A')).join(''),
    );
    for (let i = 0; i < 4; i++)
      out += g(
        `translate(${n(between(s.rnd, 60, 180) + (i % 2) * 340)} ${n(between(s.rnd, 40, 180))})`,
        ellipse(0, 18, 8, 6, '#7F9CF2') + line('M7 18V-8', '#7F9CF2', 3),
      );
    return out;
  },
  garage: (s) => {
    let out = wall(s, '#5E6B70') + rect(80, 20, 440, 242, '#D9DEE0');
    for (let y = 30; y < 262; y += 22) out += rect(80, y, 440, 4, '#A9B2B6');
    out += rect(80, 130, 440, 132, '#2E2420') + rect(100, 150, 400, 6, '#6E4A2E');
    for (let x = 120; x < 480; x += 44) out += rect(x, 196, 26, 60, '#B5651D', 'rx="4"') + rect(x + 4, 176, 18, 22, '#2E2420') + rect(x + 10, 170, 6, 10, '#C9C2B8');
    return out + rect(60, 10, 480, 12, '#F2C14E') + [...Array(12).keys()].map((i) => path(`M${70 + i * 40} 10h20l-10 12h-20z`, C.ink)).join('');
  },
  riviera: (s) => {
    let out = sky(s, 200) + rect(0, 150, 600, 112, '#2F7FB0') + rect(0, 150, 600, 10, '#8CC6E0');
    for (let i = 0; i < 5; i++)
      out += path(`M${n(between(s.rnd, 20, 520))} ${n(between(s.rnd, 170, 240))}h40`, 'none', `stroke="${C.cream}" stroke-width="3" opacity=".6"`);
    for (let i = 0; i < 10; i++) out += path(`M${i * 64 - 10} 0H${i * 64 + 22}L${i * 64 + 22} 70Q${i * 64 + 6} 84 ${i * 64 - 10} 70Z`, i % 2 ? C.cream : '#2F5FA0');
    return out;
  },
  hammam: (s) => {
    let out = wall(s, '#E9D8C4') + moorishTiles(s, 320);
    out += path('M200 320V150Q200 70 300 40Q400 70 400 150V320Z', '#1F5F66') + path('M222 320V156Q222 92 300 66Q378 92 378 156V320Z', '#4FB3C6');
    for (let i = 0; i < 5; i++) out += line(`M${230 + i * 30} ${300 - i * 6}q10 -6 20 0`, C.cream, 3, 'opacity=".7"');
    out += rect(0, 320, 600, 80, '#D9C2A0') + rect(0, 320, 600, 6, '#C9A040');
    for (let x = 0; x < 600; x += 40) out += path(`M${x} 340l20 14l20 -14l-20 -14z`, '#2F7F86', 'opacity=".4"');
    return out;
  },
  'camelback-window': (s) => {
    let out =
      wall(s, '#EFE4D6') +
      `<defs><linearGradient id="cw" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.pal.sky[0]}"/><stop offset="1" stop-color="${s.pal.sky[1]}"/></linearGradient></defs>`;
    out += rect(60, 50, 480, 250, 'url(#cw)') + circle(170, 110, 18, s.pal.sun);
    out += path('M60 300V240Q130 236 170 220Q210 150 260 160Q300 170 320 200Q360 180 400 196Q450 214 540 236V300Z', '#B9704E');
    out += path('M60 300V262Q200 250 300 258T540 256V300Z', '#8C4E36');
    out += rect(56, 46, 488, 258, 'none', 'stroke="#8C7A66" stroke-width="10"') + line('M300 50V300', '#8C7A66', 6);
    return out + rect(0, 320, 600, 80, '#C9B49A') + rect(0, 320, 600, 6, '#A8927A');
  },
  'mid-century': (s) => {
    let out = wall(s, '#F2A64A') + rect(0, 0, 600, 320, '#2F8C8C', 'opacity=".0"');
    for (let x = 20; x < 330; x += 50) for (let y = 40; y < 300; y += 50) out += rect(x, y, 44, 44, '#E9913A') + circle(x + 22, y + 22, 14, '#F8C57A');
    out += g(
      'translate(470 130)',
      [...Array(12).keys()]
        .map(
          (i) =>
            line(`M0 0L${n(80 * Math.cos((i * Math.PI) / 6))} ${n(80 * Math.sin((i * Math.PI) / 6))}`, '#2B2118', 4) +
            circle(80 * Math.cos((i * Math.PI) / 6), 80 * Math.sin((i * Math.PI) / 6), 7, '#2F8C8C'),
        )
        .join('') + circle(0, 0, 22, '#F8E8C8'),
    );
    return out + rect(0, 320, 600, 80, '#2F8C8C') + rect(0, 320, 600, 6, '#1F6060');
  },
  atrium: (s) => {
    let out = sky(s, 140);
    for (let x = 0; x <= 600; x += 50) out += line(`M${x} 0Q300 ${x === 300 ? 0 : 60} ${x} 140`, '#E8E4DE', 4, 'opacity=".7"');
    out += rect(0, 130, 600, 270, '#F3EEE6') + rect(0, 222, 600, 12, '#D9CDBE') + rect(0, 130, 600, 10, '#D9CDBE');
    for (const y of [150, 244])
      for (let x = 20; x < 600; x += 120) out += rect(x, y, 100, 66, '#2B2118') + rect(x + 6, y + 16, 88, 50, '#A5C9D7') + rect(x + 20, y + 4, 60, 6, C.gold);
    for (const x of [100, 300, 500]) out += line(`M${x} 0V80`, '#8C7A66', 2) + ellipse(x, 90, 26, 12, '#F6D58A', 'opacity=".9"');
    return out + rect(0, 320, 600, 80, '#E8DED0') + line('M0 320H600', '#C9BBA8', 4);
  },
  'print-shop': (s) => {
    let out = wall(s, '#DCD2C2') + line('M0 60Q300 90 600 60', C.ink, 2, 'opacity=".6"');
    for (let i = 0; i < 6; i++) {
      const x = 30 + i * 95;
      const y = 66 + 30 * 4 * (x / 600) * (1 - x / 600) * 0.6;
      out +=
        rect(x, y, 70, 90, C.cream) +
        rect(x + 8, y + 8, 54, 60, i % 2 ? '#1F3A5C' : '#B7321E', 'opacity=".85"') +
        path(`M${x + 8} ${y + 50}l20 -24l14 14l20 -20v48h-54z`, C.cream, 'opacity=".6"') +
        rect(x + 30, y - 6, 10, 12, '#C9A040');
    }
    return out + rect(0, 320, 600, 80, '#8C7A66') + rect(0, 320, 600, 6, '#6E5E4E');
  },
};
