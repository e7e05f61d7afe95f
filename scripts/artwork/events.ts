import type { Drawing } from './compose';
import { leaf, stringLights } from './parts';
import { sky, type Scene } from './scene';
import { between, C, circle, ellipse, g, line, n, path, pick, rect } from './svg';

const NEON = ['#E84A9A', '#4AC8E8', '#F2C14E', '#9AE84A', '#B07AF0'];

/** The frame's full width in frame coordinates, with a margin for the horizontal jitter. */
const span = (s: Scene): [number, number] => [(600 - s.w) / 2 - 40, s.w + 80];

const heads = (s: Scene, y: number, count: number, color: string = C.ink): string => {
  const [x0, w] = span(s);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + (w / count) * (i + 0.5) + between(s.rnd, -6, 6);
    const yy = y + between(s.rnd, -6, 6);
    out +=
      circle(x, yy - 22, 12, color) +
      path(`M${n(x - 20)} ${n(yy + 20)}Q${n(x - 20)} ${n(yy - 10)} ${n(x)} ${n(yy - 10)}Q${n(x + 20)} ${n(yy - 10)} ${n(x + 20)} ${n(yy + 20)}Z`, color);
  }
  return out;
};

const butterfly = (x: number, y: number, k: number, wing: string, deg: number): string =>
  g(
    `translate(${n(x)} ${n(y)}) rotate(${n(deg)}) scale(${n(k)})`,
    ellipse(-14, -10, 16, 12, wing, 'transform="rotate(-30 -14 -10)"') +
      ellipse(14, -10, 16, 12, wing, 'transform="rotate(30 14 -10)"') +
      ellipse(-10, 8, 10, 8, wing) +
      ellipse(10, 8, 10, 8, wing) +
      circle(-14, -12, 4, C.cream, 'opacity=".7"') +
      circle(14, -12, 4, C.cream, 'opacity=".7"') +
      ellipse(0, 0, 3, 16, C.ink) +
      line('M0 -14L-6 -26M0 -14L6 -26', C.ink, 1.5),
  );

const awning = (x: number, y: number, w: number, a: string, b: string): string => {
  let out = '';
  const k = Math.round(w / 30);
  for (let i = 0; i < k; i++) out += path(`M${n(x + (i * w) / k)} ${y}h${n(w / k)}v28a${n(w / k / 2)} 10 0 0 1 ${n(-w / k)} 0Z`, i % 2 ? a : b);
  return out;
};

const fishShape = (x: number, y: number, k: number, color: string, flip: boolean): string =>
  g(`translate(${n(x)} ${n(y)}) scale(${flip ? -k : k} ${k})`, path('M-30 0Q-10 -20 20 -6L34 -16V16L20 6Q-10 20 -30 0Z', color) + circle(-18, -3, 3, C.ink));

export const events: Record<'aquarium' | 'butterflies' | 'shopping' | 'market' | 'light-art' | 'classic-car' | 'concert', Drawing> = {
  aquarium: {
    bg: (s) =>
      `<defs><linearGradient id="a" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3FA6C8"/><stop offset="1" stop-color="${pick(s.rnd, ['#1E4A7A', '#16406A', '#234E70'])}"/></linearGradient></defs>${rect(0, 0, s.w, 400, 'url(#a)')}`,
    times: ['noon'],
    draw: (s) => {
      let out = '';
      for (let i = 0; i < 4; i++) out += path(`M${n(60 + i * 140)} -10L${n(20 + i * 150)} 400H${n(70 + i * 150)}Z`, C.cream, 'opacity=".08"');
      out += path('M-100 330Q150 300 300 326T700 316V420H-100Z', '#E6CB94');
      for (let i = 0; i < 5; i++) out += line(`M${n(40 + i * 130)} 340q-16 -40 0 -80t0 -80`, pick(s.rnd, ['#3E8B4F', '#5C9F5A']), 8);
      out += circle(470, 318, 22, '#E58F8A') + circle(494, 324, 16, '#F0A98A') + circle(120, 322, 18, '#F2C14E');
      for (let i = 0; i < 9; i++)
        out += fishShape(
          between(s.rnd, 40, 560),
          between(s.rnd, 60, 280),
          between(s.rnd, 0.5, 1.3),
          pick(s.rnd, ['#F2A03D', '#F2C14E', '#E84A4A', C.cream, '#4AC8E8']),
          s.rnd() < 0.5,
        );
      out += g(
        'translate(420 110)',
        path('M-24 0A24 20 0 0 1 24 0Z', '#F2B8E6', 'opacity=".8"') + line('M-14 0q-6 20 0 40M0 0q6 20 0 46M14 0q-6 20 0 38', '#F2B8E6', 3, 'opacity=".7"'),
      );
      out += path('M-100 400V360Q300 330 700 360V400Z', '#1A2A3A', 'opacity=".6"');
      out +=
        circle(200, 330, 20, C.ink) +
        path('M172 400Q172 356 200 356Q228 356 228 400Z', C.ink) +
        circle(250, 350, 13, C.ink) +
        path('M232 400Q232 366 250 366Q268 366 268 400Z', C.ink);
      return out;
    },
  },
  butterflies: {
    bg: (s) => sky(s, 400),
    times: ['morning', 'noon'],
    draw: (s) => {
      const [x0, w] = span(s);
      let out = '';
      for (let x = x0; x < x0 + w; x += 60) out += line(`M${n(x)} 0V400`, C.cream, 3, 'opacity=".6"');
      out += line(`M${x0} 120H${x0 + w}M${x0} 240H${x0 + w}`, C.cream, 3, 'opacity=".6"');
      for (let i = 0; i < 7; i++)
        out += leaf(
          between(s.rnd, x0, x0 + w),
          between(s.rnd, 300, 420),
          between(s.rnd, 90, 150),
          between(s.rnd, -160, -20),
          pick(s.rnd, ['#3E7A4A', '#2F6A3E', '#5C9F5A']),
        );
      for (let i = 0; i < 6; i++) {
        const x = between(s.rnd, 40, 560);
        const y = between(s.rnd, 300, 370);
        const c = pick(s.rnd, ['#E84A7A', '#F2A03D', '#F2C14E']);
        out +=
          [0, 72, 144, 216, 288].map((a) => circle(x + 9 * Math.cos((a * Math.PI) / 180), y + 9 * Math.sin((a * Math.PI) / 180), 8, c)).join('') +
          circle(x, y, 5, '#F6E3A0');
      }
      for (let i = 0; i < 5; i++)
        out += butterfly(
          between(s.rnd, 60, 540),
          between(s.rnd, 60, 260),
          between(s.rnd, 0.9, 1.8),
          pick(s.rnd, ['#F2A03D', '#4A8AE8', '#E84A7A', '#F2C14E', '#9A6AE8']),
          between(s.rnd, -30, 30),
        );
      return out;
    },
  },
  shopping: {
    bg: 'land',
    times: ['golden', 'noon', 'morning'],
    draw: (s) => {
      let out = '';
      const fronts = [C.cream, '#E8C9A0', '#D9D2C6'];
      [60, 220, 380].forEach((x, i) => {
        out +=
          rect(x, 150, 160, 200, fronts[i]!) +
          rect(x + 16, 210, 128, 100, '#A5C9D7') +
          path(`M${x + 40} 310L${x + 90} 210H${x + 110}L${x + 60} 310Z`, C.cream, 'opacity=".35"');
        out += awning(x + 6, 178, 148, pick(s.rnd, [C.terracotta, C.saguaro, '#5B7FB0', C.plum]), C.cream);
      });
      if (s.variant === 'atrium') {
        // Inside the mall the storefronts are the setting's: only the shoppers' bags stand in front.
        out = '';
      }
      out += rect(40, 340, 520, 20, '#C9C2B8');
      if (s.variant === 'street') {
        // An open-air street: shade trees and patio tables, no roof.
        for (const x of [40, 300, 560])
          out += line(`M${x} 380V240`, '#6E4A2E', 10) + circle(x, 210, 54, C.leaf) + circle(x - 24, 226, 36, C.saguaro) + circle(x + 26, 190, 30, C.sage);
        for (const x of [170, 430])
          out +=
            line(`M${x} 384V300`, C.cream, 4) +
            path(`M${x - 60} 304Q${x} 250 ${x + 60} 304Z`, pick(s.rnd, [C.terracotta, '#F2C14E', C.cream])) +
            ellipse(x, 360, 40, 10, '#8C7A66') +
            line(`M${x} 360V384`, '#8C7A66', 5);
        return out;
      }
      const bags: [number, string][] = [
        [180, C.terracotta],
        [260, '#F2C14E'],
        [340, C.saguaro],
        [420, C.plum],
      ];
      bags.forEach(([x, c], i) => {
        const h = 70 + (i % 2) * 20;
        out +=
          line(`M${x - 14} ${380 - h}q14 -34 28 0`, C.ink, 4) +
          path(`M${x - 30} ${380 - h}H${x + 30}L${x + 34} 384H${x - 34}Z`, c) +
          rect(x - 30, 380 - h, 60, 8, C.cream, 'opacity=".3"');
      });
      return out;
    },
  },
  market: {
    bg: 'land',
    times: ['morning', 'golden', 'noon'],
    draw: (s) => {
      let out = '';
      [
        [70, 250],
        [330, 230],
      ].forEach(([x, w], i) => {
        out +=
          line(`M${x! + 10} 150V340M${x! + w! - 10} 150V340`, '#8C6A4A', 6) + path(`M${x! - 10} 150L${x! + w! / 2} 100L${x! + w! + 10} 150Z`, i ? C.cream : C.terracotta);
        out += awning(x! - 10, 150, w! + 20, i ? C.saguaro : C.terracotta, C.cream) + rect(x!, 260, w!, 20, '#A8683F');
      });
      const crates: [number, string][] = [
        [100, '#F2A03D'],
        [170, '#F2D14E'],
        [240, '#7FA04A'],
        [360, '#C0392B'],
        [430, '#E8762E'],
        [500, '#6A2E5A'],
      ];
      for (const [x, c] of crates) {
        out += rect(x - 30, 236, 60, 28, '#C98B52');
        for (let k = 0; k < 5; k++) out += circle(x - 22 + k * 11, 234 - (k % 2) * 6, 8, c);
      }
      out += heads(s, 380, 7, pick(s.rnd, ['#3A2A22', '#5A3A4A']));
      return out;
    },
  },
  'light-art': {
    bg: (s) => sky(s, 300),
    times: ['night'],
    draw: (s) => {
      const [x0, w] = span(s);
      let out = rect(x0, 250, w, 40, '#2A2E48') + rect(x0, 290, w, 110, '#1A2240') + rect(x0, 286, w, 6, '#4A4E68');
      const rings = [
        [170, 190, 60],
        [420, 170, 80],
        [300, 220, 34],
      ] as const;
      rings.forEach(([x, y, r], i) => {
        const c = NEON[(i + Math.floor(s.rnd() * 5)) % NEON.length]!;
        out += circle(x, y, r, 'none', `stroke="${c}" stroke-width="18" opacity=".2"`) + circle(x, y, r, 'none', `stroke="${c}" stroke-width="6"`);
        out += ellipse(x, 290 + (290 - y) * 0.5, r, r * 0.35, 'none', `stroke="${c}" stroke-width="5" opacity=".35"`);
      });
      for (let i = 0; i < 6; i++)
        out += line(`M${n(between(s.rnd, 60, 540))} ${n(between(s.rnd, 310, 390))}h${n(between(s.rnd, 20, 60))}`, pick(s.rnd, NEON), 3, 'opacity=".4"');
      out += [110, 140, 470].map((x) => circle(x, 236, 7, C.ink) + rect(x - 7, 242, 14, 30, C.ink, 'rx="6"')).join('');
      return out;
    },
  },
  'classic-car': {
    bg: 'land',
    times: ['golden', 'dusk', 'noon'],
    draw: (s) => {
      const body = pick(s.rnd, ['#3FA6B8', '#C8452F', '#E0A030', '#E58F8A']);
      let out = stringLights(s, 30, ['#C8452F', '#F2C14E', C.cream]) + rect(40, 316, 520, 30, '#3A2A22') + rect(40, 310, 520, 8, '#5A3A2A');
      for (const x of [150, 450]) out += path(`M${x} 0L${x - 90} 316H${x + 90}Z`, '#FFF3C8', 'opacity=".15"');
      out += path('M100 300V262Q100 248 120 246L210 240Q240 196 290 194H350Q390 196 410 236L470 242Q500 246 502 270V300Z', body);
      out += path('M230 240Q254 206 290 204H346Q376 206 394 236Z', '#CFE6EE') + line('M300 204V240', body, 6);
      out +=
        line('M108 270H494', C.cream, 5) +
        path('M100 252L86 230L120 246Z', body) +
        rect(90, 290, 30, 10, '#D9D2C6', 'rx="4"') +
        rect(486, 290, 24, 10, '#D9D2C6', 'rx="4"');
      for (const x of [170, 430]) out += circle(x, 302, 30, '#2B2522') + circle(x, 302, 18, C.cream) + circle(x, 302, 11, '#B8B0A6');
      out += heads(s, 392, 9, '#2B2522');
      return out;
    },
  },
  concert: {
    bg: 'land',
    times: ['golden', 'dusk', 'night'],
    draw: (s) => {
      const theater = s.variant === 'theater';
      let out = '';
      if (theater) {
        const [x0, w] = span(s);
        out += rect(x0, 0, w, 400, '#2A1A22') + rect(120, 60, 360, 240, '#3A2A3A') + circle(300, 230, 90, '#FFF3C8', 'opacity=".25"');
        out += path(`M${x0} 0H180Q170 160 190 300H${x0}Z`, '#9E2A2E') + path(`M${x0 + w} 0H420Q430 160 410 300H${x0 + w}Z`, '#9E2A2E');
        out += awning(x0, 0, w, '#7A1E22', '#9E2A2E') + rect(120, 296, 360, 14, '#8C5A32');
      } else {
        out +=
          rect(-100, 300, 800, 110, '#8DB36E') + path('M140 300V200A160 150 0 0 1 460 200V300Z', C.cream) + path('M170 300V210A130 120 0 0 1 430 210V300Z', '#E6DCCB');
        out += path('M200 300V220A100 92 0 0 1 400 220V300Z', '#D9CDBA') + rect(130, 290, 340, 16, '#8C6A4A') + stringLights(s, 40);
      }
      out += g(
        'translate(250 290)',
        circle(0, -70, 9, C.ink) +
          rect(-10, -60, 20, 46, C.ink, 'rx="6"') +
          ellipse(12, -34, 14, 10, '#B8702E') +
          line('M12 -34L40 -56', '#B8702E', 4) +
          line('M-4 -14L-8 0M4 -14L8 0', C.ink, 5),
      );
      out += g(
        'translate(350 290)',
        circle(0, -72, 9, C.ink) +
          rect(-10, -62, 20, 48, theater ? C.cream : C.ink, 'rx="6"') +
          line('M-10 -50L-26 -80M10 -50L26 -70', C.ink, 4) +
          line('M-4 -14L-10 0M4 -14L10 0', C.ink, 5),
      );
      out += line('M300 230V290', '#C9C2B8', 3) + circle(300, 228, 5, C.ink);
      for (let i = 0; i < 3; i++)
        out += path(
          `M${n(160 + i * 130 + s.rnd() * 30)} ${n(120 + s.rnd() * 30)}v-22l14 -4v20`,
          'none',
          `stroke="${theater ? C.cream : C.ink}" stroke-width="3" opacity=".6"`,
        );
      out += heads(s, 392, 10, theater ? '#120A10' : '#3A2A22');
      return out;
    },
  },
};
