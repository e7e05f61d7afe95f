import type { Drawing } from './compose';
import { bottle, candle, citrus, leaf, plate, tumbler, wineGlass } from './parts';
import { between, C, circle, ellipse, g, line, n, path, pick, rect } from './svg';

const board = (x: number, y: number, w: number, h: number, wood = '#C98B52'): string =>
  ellipse(x + w / 2 + 6, y + h + 4, w / 2 + 6, 10, C.ink, 'opacity=".2"') +
  rect(x, y, w, h, wood, 'rx="14"') +
  rect(x, y + h - 8, w, 8, '#A86C3A', 'rx="4" opacity=".6"');

const fish = (x: number, y: number, len: number, body: string): string =>
  g(
    `translate(${n(x)} ${n(y)})`,
    path(
      `M${n(-len / 2)} 0Q${n(-len / 6)} ${n(-len / 4)} ${n(len / 3)} ${n(-len / 10)}L${n(len / 2)} ${n(-len / 5)}V${n(len / 5)}L${n(len / 3)} ${n(len / 10)}Q${n(-len / 6)} ${n(len / 4)} ${n(-len / 2)} 0Z`,
      body,
    ) +
      circle(-len * 0.36, -len * 0.03, len * 0.025, C.ink) +
      line(`M${n(-len * 0.28)} ${n(-len * 0.12)}Q${n(-len * 0.22)} 0 ${n(-len * 0.28)} ${n(len * 0.12)}`, C.ink, 2, 'opacity=".4"') +
      [-0.1, 0.05, 0.2].map((t) => line(`M${n(len * t)} ${n(-len * 0.13)}L${n(len * t - 14)} ${n(len * 0.13)}`, '#4A2A18', 4, 'opacity=".5"')).join(''),
  );

const shrimp = (x: number, y: number, deg: number): string =>
  g(
    `translate(${n(x)} ${n(y)}) rotate(${n(deg)})`,
    line('M0 0A16 16 0 1 1 16 16', '#F08A5D', 12) + line('M16 16l8 6M16 16l10 -2', '#D9663E', 4) + line('M-4 -2A12 12 0 0 1 4 -12', '#F9B48E', 3),
  );

export const dishes: Record<'pasta' | 'pizza' | 'steak' | 'sushi' | 'seafood' | 'curry' | 'vegetables' | 'bbq', Drawing> = {
  pasta: {
    bg: 'table',
    surfaces: ['linen', 'wood', 'terracotta'],
    times: ['golden', 'dusk', 'noon'],
    draw: (s) => {
      let out = plate(300, 332, 160, 48) + ellipse(300, 322, 110, 30, '#E7C877');
      for (let i = 0; i < 24; i++) {
        const cx = 300 + between(s.rnd, -70, 70);
        const cy = 318 + between(s.rnd, -14, 10);
        out += line(`M${n(cx - 40)} ${n(cy)}Q${n(cx)} ${n(cy - between(s.rnd, 10, 26))} ${n(cx + 40)} ${n(cy)}`, pick(s.rnd, ['#F1CF7A', '#E9BF5E', '#F6DC95']), 4);
      }
      out += ellipse(300, 304, 46, 16, '#C4432E') + circle(286, 300, 7, '#A8331F') + circle(312, 306, 6, '#A8331F');
      out += leaf(290, 292, 26, -30, '#3E8B4F') + leaf(306, 296, 24, 20, '#3E8B4F');
      for (let i = 0; i < 10; i++) out += circle(260 + s.rnd() * 80, 300 + s.rnd() * 20, 2, C.cream);
      out += line('M470 372L420 300', '#B8B0A6', 6) + path('M410 280l6 -12l4 16l6 -14l4 16l-14 6Z', '#B8B0A6');
      out += s.variant === 'wine' ? bottle(80, 360, '#2F4A3A', 170) + wineGlass(140, 376) : candle(90, 340, 44) + citrus(520, 356, 18, '#3E6B4F', '#9CCB5B');
      return out;
    },
  },
  pizza: {
    bg: 'table',
    surfaces: ['wood', 'terracotta', 'tile'],
    times: ['golden', 'dusk', 'noon'],
    draw: (s) => {
      let out = ellipse(306, 338, 190, 58, C.ink, 'opacity=".22"') + ellipse(300, 328, 188, 58, '#B8794A') + line('M488 328H560', '#B8794A', 18);
      out += ellipse(300, 322, 162, 48, '#D9923F') + ellipse(300, 322, 146, 42, '#C8452F') + ellipse(300, 322, 138, 38, '#F4D27A');
      for (let i = 0; i < 7; i++) out += ellipse(300 + between(s.rnd, -110, 110), 322 + between(s.rnd, -26, 26), 18, 8, '#F8E3A6');
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2 + s.rnd() * 0.4;
        const r = between(s.rnd, 0.25, 0.8);
        out +=
          ellipse(300 + Math.cos(a) * 130 * r, 322 + Math.sin(a) * 34 * r, 13, 6, '#A6372A') +
          ellipse(300 + Math.cos(a) * 130 * r - 3, 321 + Math.sin(a) * 34 * r, 5, 2, '#C85A45');
      }
      for (let i = 0; i < 6; i++) out += leaf(240 + s.rnd() * 120, 305 + s.rnd() * 30, 16, s.rnd() * 360, '#3E8B4F');
      out += [0, 60, 120]
        .map((a) =>
          line(
            `M${n(300 - 150 * Math.cos((a * Math.PI) / 180))} ${n(322 - 40 * Math.sin((a * Math.PI) / 180))}L${n(300 + 150 * Math.cos((a * Math.PI) / 180))} ${n(322 + 40 * Math.sin((a * Math.PI) / 180))}`,
            '#B04A2A',
            2,
            'opacity=".6"',
          ),
        )
        .join('');
      out += tumbler(70, 350, '#E0A85A', 80);
      return out;
    },
  },
  steak: {
    bg: 'table',
    surfaces: ['wood', 'bar', 'terracotta'],
    times: ['dusk', 'night', 'golden'],
    draw: (s) => {
      let out = '';
      out +=
        s.variant === 'fire'
          ? ellipse(306, 344, 170, 40, C.ink, 'opacity=".25"') +
            line('M460 330H560', '#2A2522', 16) +
            ellipse(300, 330, 170, 44, '#2A2522') +
            ellipse(300, 326, 150, 36, '#3E3633')
          : board(150, 290, 300, 80);
      out += path('M196 322Q200 284 270 286Q350 282 372 306Q396 336 356 352Q300 372 240 362Q192 354 196 322Z', '#E8C49A');
      out += path('M206 322Q210 294 270 296Q344 292 362 312Q380 336 350 344Q300 360 244 352Q204 346 206 322Z', '#6E321C');
      out += [0, 1, 2, 3].map((i) => line(`M${236 + i * 34} 300L${214 + i * 38} 352`, '#3B1A0E', 6, 'opacity=".7"')).join('');
      for (let i = 0; i < 5; i++) out += circle(220 + s.rnd() * 160, 364 + s.rnd() * 10, 9, '#E3A85A') + circle(218 + s.rnd() * 160, 362, 3, '#F6D08A');
      out +=
        line('M250 300Q290 290 330 296', C.saguaro, 3) + [0, 1, 2, 3, 4].map((i) => leaf(258 + i * 16, 296 - (i % 2) * 4, 10, i % 2 ? -50 : -130, C.saguaro)).join('');
      out += line('M480 380L560 300', '#C9C2B8', 6) + line('M470 390L492 368', '#5A2E1C', 10);
      out += s.variant === 'martini' ? wineGlass(90, 380, '#E8E0C8', 110) : wineGlass(90, 380);
      return out;
    },
  },
  sushi: {
    bg: 'table',
    surfaces: ['wood', 'bar', 'tile'],
    times: ['dusk', 'golden', 'noon'],
    draw: (s) => {
      let out = board(140, 296, 320, 62, '#D9B27A') + rect(160, 356, 20, 12, '#B88A52') + rect(420, 356, 20, 12, '#B88A52');
      const toppings = ['#F08A5D', '#D2474B', '#F08A5D', '#F6D7A8'];
      const nigiri = s.variant === 'rolls' ? 2 : 4;
      for (let i = 0; i < nigiri; i++) {
        const x = 170 + i * 58;
        const t = toppings[i % toppings.length]!;
        out += rect(x, 300, 50, 26, C.cream, 'rx="12"') + path(`M${x - 4} 304Q${x + 25} 276 ${x + 54} 300Q${x + 25} 292 ${x - 4} 304Z`, t);
        if (t === '#F08A5D') out += line(`M${x + 14} 292l6 8M${x + 28} 288l6 8M${x + 42} 292l4 6`, C.cream, 2, 'opacity=".8"');
      }
      for (let i = 0; i < (s.variant === 'rolls' ? 4 : 2); i++) {
        const x = 170 + nigiri * 58 + 22 + i * 44;
        out += ellipse(x, 318, 21, 16, '#23302A') + ellipse(x, 314, 17, 12, C.cream) + ellipse(x, 314, 7, 5, pick(s.rnd, ['#F08A5D', '#7FA04A', '#D2474B']));
      }
      if (s.variant === 'robata')
        [0, 1].forEach(
          (i) =>
            (out +=
              line(`M120 ${268 + i * 14}L200 ${258 + i * 14}`, '#C9A36A', 3) +
              [0, 1, 2].map((k) => rect(134 + k * 20, 256 + i * 14, 16, 14, '#8C4A22', 'rx="4"')).join('')),
        );
      out += line('M400 392L560 292', '#5A2E1C', 6) + line('M420 396L570 306', '#5A2E1C', 6);
      out +=
        ellipse(92, 360, 40, 14, C.cream) +
        ellipse(92, 358, 30, 9, '#3A1E12') +
        path('M470 372q10 -16 22 0z', '#9CCB5B') +
        path('M500 378q12 -14 26 0q-12 6 -26 0z', '#F2B8C6');
      return out;
    },
  },
  seafood: {
    bg: 'table',
    surfaces: ['linen', 'tile', 'wood'],
    times: ['noon', 'golden', 'dusk'],
    draw: (s) => {
      let out = '';
      if (s.variant === 'oysters') {
        out += ellipse(306, 340, 190, 52, C.ink, 'opacity=".2"') + ellipse(300, 330, 188, 52, '#B8B0A6') + ellipse(300, 326, 176, 46, '#DCEBF0');
        for (let i = 0; i < 7; i++) {
          const x = 170 + i * 43;
          const y = 322 + (i % 2) * 12;
          out += ellipse(x, y, 22, 14, '#8C8479') + ellipse(x, y - 2, 16, 9, '#EFE6D4') + ellipse(x - 2, y - 3, 8, 4, '#D8CBB0');
        }
        out += citrus(300, 300, 16, '#D9B53A', '#F4E28A');
      } else {
        out += plate(300, 330, 180, 50) + fish(300, 318, 250, s.variant === 'riviera' ? '#C9A07A' : '#9FB4C0');
        for (let i = 0; i < 3; i++) out += citrus(380 + i * 8, 350 - i * 6, 12, '#D9B53A', '#F4E28A');
        out += leaf(210, 346, 22, -20, C.saguaro) + leaf(224, 350, 20, 10, C.saguaro);
      }
      if (s.variant === 'shrimp' || s.variant === 'oysters') out += shrimp(520, 330, 10) + shrimp(80, 340, 200) + shrimp(110, 370, 160);
      else out += tumbler(520, 360, '#F4E6B0', 70) + circle(96, 350, 16, '#5B6B3A') + circle(118, 360, 14, '#3E4A2A');
      return out;
    },
  },
  curry: {
    bg: 'table',
    surfaces: ['wood', 'tile', 'terracotta'],
    times: ['golden', 'dusk', 'noon'],
    draw: (s) => {
      let out =
        ellipse(310, 356, 120, 22, C.ink, 'opacity=".2"') +
        path('M190 290A110 80 0 0 0 410 290Z', C.cream) +
        path('M190 290A110 80 0 0 0 410 290Z', C.sky, 'opacity=".35"');
      out += ellipse(300, 290, 110, 24, C.cream) + ellipse(300, 291, 98, 19, '#E08A2E') + ellipse(300, 292, 70, 12, '#F0A94A', 'opacity=".6"');
      for (let i = 0; i < 7; i++) out += rect(236 + s.rnd() * 120, 282 + s.rnd() * 12, 14, 9, '#F3D7A8', 'rx="3"');
      for (let i = 0; i < 5; i++) out += leaf(250 + s.rnd() * 100, 288 + s.rnd() * 6, 16, s.rnd() * 360, '#3E8B4F');
      out += g('translate(330 280) rotate(-20)', path('M0 0C10 -6 30 -4 40 6C28 2 12 4 0 6Z', '#C0392B'));
      out += ellipse(490, 356, 70, 20, C.cream) + path('M434 350A56 48 0 0 1 546 350Z', '#F8F3EA') + circle(470, 336, 3, '#E6DCCB') + circle(500, 326, 3, '#E6DCCB');
      out += line('M90 380L160 300', '#B8B0A6', 6) + ellipse(166, 292, 14, 9, '#B8B0A6', 'transform="rotate(-50 166 292)"');
      return out;
    },
  },
  vegetables: {
    bg: 'table',
    surfaces: ['wood', 'terracotta', 'linen'],
    times: ['golden', 'morning', 'noon'],
    draw: (s) => {
      let out = board(100, 296, 400, 70);
      [0, 1, 2].forEach((i) => {
        const y = 306 + i * 16;
        out += path(`M150 ${y - 7}Q240 ${y - 5} 290 ${y}Q240 ${y + 5} 150 ${y + 7}Z`, pick(s.rnd, ['#E8762E', '#F09A3A', '#D95F2B']));
        out += leaf(150, y, 34, 200 - i * 10, '#5C8F3A') + leaf(150, y, 30, 160 + i * 10, '#7FA04A');
      });
      out += circle(350, 320, 24, '#7A2048') + circle(342, 312, 6, '#A23A6A', 'opacity=".6"') + leaf(350, 298, 36, -80, '#6B8F3F') + leaf(352, 298, 30, -110, '#A23A6A');
      out += circle(400, 336, 20, '#8E2A55') + leaf(402, 318, 28, -70, '#6B8F3F');
      out += line('M440 346L520 270', '#E8E4C8', 16) + line('M490 298L530 258', '#6E9B5A', 18) + line('M505 286l36 -14M500 290l30 -34', '#8FB46A', 10);
      for (let i = 0; i < 4; i++) out += circle(180 + i * 28 + s.rnd() * 8, 372, 10, '#D8553A') + circle(178 + i * 28, 366, 2, '#5C8F3A');
      out += s.variant === 'wine' ? wineGlass(70, 370, '#E8D08A', 100) : leaf(60, 340, 50, -30, '#5C8F3A') + leaf(64, 350, 44, 10, '#7FA04A');
      return out;
    },
  },
  bbq: {
    bg: 'table',
    surfaces: ['wood', 'terracotta'],
    times: ['golden', 'noon', 'dusk'],
    draw: () => {
      let out = ellipse(306, 352, 200, 34, C.ink, 'opacity=".2"') + path('M110 300H490L480 370H120Z', '#B03A2E') + path('M126 296L470 290L478 356L132 362Z', '#EFE4CF');
      for (let i = 0; i < 5; i++) {
        const x = 150 + i * 26;
        const y = 296 + i * 11;
        out += rect(x, y, 170, 32, '#2E1A12', 'rx="10"') + rect(x + 4, y + 5, 162, 24, '#C9675A', 'rx="8"') + rect(x + 8, y + 10, 154, 16, '#A2573D', 'rx="6"');
      }
      for (let i = 0; i < 4; i++) out += ellipse(420 + (i % 2) * 26, 306 + i * 10, 14, 9, '#7FA04A') + ellipse(420 + (i % 2) * 26, 306 + i * 10, 9, 5, '#B6CF7A');
      out += rect(400, 340, 60, 22, '#F6E9C8', 'rx="6"') + rect(404, 334, 60, 22, '#FFF4DA', 'rx="6"');
      out += bottle(540, 370, '#8C2A1E', 120, '#F0CA92') + path('M60 360q10 -36 30 -36q20 0 30 36z', '#E8D2B0') + circle(90, 336, 10, '#F6E9D8', 'opacity=".6"');
      return out;
    },
  },
};
