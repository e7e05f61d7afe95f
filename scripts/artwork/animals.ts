import type { Drawing } from './compose';
import type { Scene } from './scene';
import { candle, leaf } from './parts';
import { C, circle, ellipse, g, line, n, path, pick, rect } from './svg';

/** An Arabian horse in profile, facing right, hooves at y = 0. */
export const horse = (coat: string, mane: string): string =>
  line('M-92 -136Q-128 -150 -126 -104Q-124 -76 -112 -58', mane, 14) +
  line('M-70 -110Q-58 -60 -80 -42L-78 -4', coat, 15) +
  line('M-86 -104Q-80 -60 -100 -44L-100 -4', coat, 14, 'opacity=".8"') +
  line('M44 -104L50 -4', coat, 14) +
  line('M26 -104L22 -4', coat, 14, 'opacity=".8"') +
  ellipse(-20, -122, 82, 36, coat) +
  path('M24 -146Q54 -196 84 -220L104 -206Q84 -170 74 -108L30 -102Z', coat) +
  path('M80 -224Q98 -238 108 -226L136 -182Q138 -168 126 -166L102 -174Q92 -190 80 -210Z', coat) +
  path('M86 -226L90 -246L98 -230Z', coat) +
  line('M32 -150Q56 -196 84 -222', mane, 10) +
  circle(104, -208, 3.5, C.ink) +
  circle(128, -174, 3, C.ink, 'opacity=".5"') +
  [-80, -100, 50, 22].map((x) => ellipse(x, -3, 9, 5, '#2B2118')).join('');

const fence = (s: Scene, y: number, color: string): string => {
  const x0 = (600 - s.w) / 2 - 40;
  let out = line(`M${x0} ${y}H${x0 + s.w + 80}M${x0} ${y + 34}H${x0 + s.w + 80}`, color, 8);
  for (let x = x0 + 20; x < x0 + s.w + 80; x += 90) out += line(`M${n(x)} ${y - 14}V${y + 70}`, color, 10);
  return out;
};

const towel = (x: number, y: number, color: string): string =>
  rect(x - 50, y - 24, 100, 48, color, 'rx="8"') +
  ellipse(x + 50, y, 12, 24, color) +
  ellipse(x + 50, y, 8, 17, C.cream, 'opacity=".6"') +
  line(`M${x + 50} ${y - 6}a6 6 0 1 1 -1 0`, C.ink, 1.5, 'opacity=".3"');

export const animals: Record<'horse' | 'rodeo' | 'spa', Drawing> = {
  spa: {
    bg: 'room',
    times: ['golden', 'morning', 'dusk'],
    draw: (s) => {
      let out = '';
      if (s.variant === 'arch')
        out += line('M460 0V60', C.ink, 2) + path('M440 60H480L486 110L460 130L434 110Z', '#C9A040') + rect(446, 76, 28, 24, '#FFE3A0', 'opacity=".8"');
      if (s.variant === 'modern') out += circle(460, 140, 56, '#D9ECF2', 'opacity=".8"') + circle(460, 140, 56, 'none', `stroke="${C.gold}" stroke-width="6"`);
      out +=
        ellipse(306, 356, 220, 24, C.ink, 'opacity=".15"') +
        rect(90, 320, 420, 28, '#A8683F', 'rx="6"') +
        rect(110, 348, 14, 40, '#7E4A2B') +
        rect(476, 348, 14, 40, '#7E4A2B');
      [60, 50, 40, 30].forEach((w, i) => (out += ellipse(200, 306 - i * 22, w, 13, i % 2 ? '#4A4542' : '#5E5854')));
      out += leaf(200, 222, 30, -60, C.leaf) + leaf(200, 222, 26, -120, C.saguaro);
      out += towel(350, 298, pick(s.rnd, [C.cream, '#F2D7C8', '#DCE8E0'])) + towel(350, 252, pick(s.rnd, [C.sage, '#F0CA92', C.linen]));
      out += candle(460, 318, 34) + candle(500, 318, 24);
      for (let i = 0; i < 5; i++) {
        const a = (i * 72 * Math.PI) / 180;
        out += ellipse(
          120 + Math.cos(a) * 10,
          300 + Math.sin(a) * 10,
          9,
          6,
          '#F6E9EF',
          `transform="rotate(${i * 72} ${n(120 + Math.cos(a) * 10)} ${n(300 + Math.sin(a) * 10)})"`,
        );
      }
      return out + circle(120, 300, 5, '#F2C14E');
    },
  },
  horse: {
    bg: 'land',
    times: ['morning', 'golden', 'noon'],
    draw: (s) => {
      const [coat, mane] = pick(s.rnd, [
        ['#E6DED4', '#8C8479'],
        ['#8C4A2A', '#2B2118'],
        ['#5A3A2A', '#1E1410'],
      ] as const);
      let out = fence(s, 250, C.cream);
      for (let i = 0; i < 9; i++) out += path(`M${60 + i * 60} 70l14 26l14 -26Z`, pick(s.rnd, [C.terracotta, '#F2C14E', C.saguaro, C.sky]));
      out += line('M-40 70Q300 100 640 70', C.ink, 1.5, 'opacity=".5"');
      out += ellipse(300, 372, 140, 12, C.ink, 'opacity=".15"') + g('translate(290 370) scale(1.25)', horse(coat, mane));
      return out;
    },
  },
  rodeo: {
    bg: 'land',
    times: ['golden', 'dusk', 'noon'],
    draw: (s) => {
      let out = fence(s, 230, '#8C5A32');
      out += ellipse(300, 380, 150, 12, C.ink, 'opacity=".15"');
      const rider =
        line('M-10 -170L10 -220', '#5B7FB0', 16) +
        circle(14, -236, 11, '#C98A6A') +
        path('M-8 -246Q14 -266 36 -246Q14 -240 -8 -246Z', '#8C5A32') +
        path('M2 -250Q14 -268 26 -250Z', '#8C5A32') +
        line('M6 -210L-30 -250', '#5B7FB0', 7) +
        line('M6 -200L50 -200', '#5B7FB0', 7) +
        line('M-10 -170L30 -140L24 -118', '#3A3A4A', 9);
      out += g('translate(300 378) rotate(-22 -90 0) scale(1.15)', horse('#8C4A2A', '#2B2118') + rider);
      for (let i = 0; i < 6; i++) out += circle(150 + i * 14 + s.rnd() * 6, 372 - s.rnd() * 16, 10 + s.rnd() * 6, '#E6C08A', 'opacity=".7"');
      return out;
    },
  },
};
