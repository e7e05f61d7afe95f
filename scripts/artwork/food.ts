import type { Drawing } from './compose';
import { candle, citrus, leaf, mug, pint, plate, stringLights, wineGlass } from './parts';
import type { Scene } from './scene';
import { between, C, circle, ellipse, g, line, n, path, pick, rect } from './svg';

const taco = (s: Scene, cx: number, y: number): string => {
  let fill = '';
  for (let x = cx - 40; x <= cx + 40; x += 9)
    fill += circle(x, y - 6 + s.rnd() * 4, between(s.rnd, 7, 10), pick(s.rnd, [C.saguaro, C.sage, C.cream, C.terracotta, C.brown, '#E9C46A']));
  return (
    path(`M${cx - 44} ${y - 8}A44 44 0 0 0 ${cx + 44} ${y - 8}Z`, '#DD9438') +
    fill +
    path(`M${cx - 46} ${y}A46 46 0 0 0 ${cx + 46} ${y}Z`, '#F0C27F', 'stroke="#D68A35" stroke-width="3" stroke-linejoin="round"')
  );
};

const chile = (x: number, y: number, deg: number, body: string, scale = 1): string =>
  g(
    `translate(${x} ${y}) rotate(${deg}) scale(${scale})`,
    line('M0 0Q-8 -1 -12 -10', C.saguaro, 5) +
      ellipse(-1, 0, 5, 8, C.saguaro) +
      path('M0 -9C30 -13 62 -7 80 14C58 5 30 9 0 9Z', body) +
      line('M6 -4C26 -7 44 -5 56 0', C.cream, 2.5, 'opacity=".3"'),
  );

const bowl = (x: number, y: number, rx: number, outside: string, surface: string): string =>
  ellipse(x + 4, y + rx * 0.75, rx, 9, C.ink, 'opacity=".2"') +
  path(`M${x - rx} ${y}A${rx} ${rx * 0.85} 0 0 0 ${x + rx} ${y}Z`, outside) +
  ellipse(x, y, rx, rx * 0.25, outside) +
  ellipse(x, y, rx * 0.86, rx * 0.19, surface);

const croissant = (x: number, y: number, k = 1): string =>
  g(
    `translate(${x} ${y}) scale(${k})`,
    path('M-66 18C-58 -34 58 -34 66 18C50 6 30 0 0 0C-30 0 -50 6 -66 18Z', '#E3A04F') +
      [-40, -14, 14, 40].map((d) => line(`M${d} ${-22 + Math.abs(d) * 0.25}Q${d * 1.15} -8 ${d * 1.2} ${3 + Math.abs(d) * 0.12}`, '#B8702E', 3)).join('') +
      line('M-30 -16Q0 -26 30 -16', '#F5D08B', 4, 'opacity=".7"'),
  );

export const food: Record<'tacos' | 'green-chile' | 'burger' | 'salad' | 'brunch' | 'fine-dining' | 'bakery' | 'coffee', Drawing> = {
  tacos: {
    bg: 'table',
    times: ['golden', 'noon', 'dusk'],
    draw: (s) => {
      // Tableside guacamole: the stone molcajete and its chips are the picture, the tacos wait behind.
      if (s.variant === 'guacamole') {
        let out = plate(470, 318, 110, 34) + taco(s, 430, 306) + taco(s, 510, 306);
        out += ellipse(250, 384, 150, 18, C.ink, 'opacity=".25"') + rect(150, 340, 40, 44, '#3A3533', 'rx="6"') + rect(310, 340, 40, 44, '#3A3533', 'rx="6"');
        out += path('M110 300A140 70 0 0 0 390 300Z', '#4A4340') + ellipse(250, 300, 140, 30, '#5A524E') + ellipse(250, 298, 122, 22, '#7FA04A');
        for (let i = 0; i < 9; i++) out += circle(160 + i * 22, 296 + (i % 3) * 3, 4, pick(s.rnd, [C.terracotta, C.cream, '#2F5A2A']));
        for (let i = 0; i < 5; i++) out += path(`M${170 + i * 36} 290l18 -44l20 40z`, '#E9B44C', 'stroke="#C98A2F" stroke-width="2"');
        return out + line('M330 250L420 180', '#5A524E', 16) + citrus(80, 360, 22, '#6E9B3A', '#C9DE8A');
      }
      let out = plate(300, 330, 176, 52) + taco(s, 206, 318) + taco(s, 300, 304) + taco(s, 394, 318);
      out += g('translate(286 360) rotate(-8)', path('M-14 0A14 14 0 0 0 14 0Z', C.saguaro) + path('M-11 0A11 11 0 0 0 11 0Z', '#AAA773'));
      if (s.variant === 'tortillas')
        [0, 1, 2, 3].forEach((i) => (out += ellipse(70, 352 - i * 7, 56, 16, i === 3 ? '#F3DDAE' : '#E9C98F', 'stroke="#C9964F" stroke-width="1.5"')));
      else if (s.variant === 'mezcal' || s.variant === 'neon')
        out += wineGlass(66, 370, s.variant === 'neon' ? '#9CCB5B' : '#E9C97A', 96) + citrus(86, 272, 14, '#6E9B3A', '#C9DE8A');
      else out += chile(40, 356, 12, C.terracotta, 1.1);
      out += bowl(530, 322, 40, C.sky, C.terracotta) + circle(520, 321, 2.5, C.sage) + circle(538, 323, 2.5, C.cream);
      return out + chile(470, 384, -18, C.leaf, 0.9);
    },
  },
  'green-chile': {
    bg: 'table',
    surfaces: ['wood', 'terracotta'],
    times: ['golden', 'noon', 'morning'],
    draw: (s) => {
      let out = bowl(390, 318, 96, C.terracotta, '#A8A44A');
      for (let i = 0; i < 7; i++) out += rect(330 + s.rnd() * 110, 310 + s.rnd() * 14, 12, 10, '#C98A5A', 'rx="3"');
      out += leaf(350, 314, 18, -20, C.saguaro) + leaf(420, 318, 16, 30, C.saguaro);
      [0, 1, 2].forEach((i) => (out += ellipse(150, 372 - i * 6, 70, 18, i === 2 ? '#F3DDAE' : '#E9C98F', 'stroke="#C9964F" stroke-width="1.5"')));
      out += chile(96, 330, 8, '#5C7F3A', 1.4) + chile(130, 300, -6, '#4E7132', 1.3) + chile(220, 386, -14, '#6B8F3F', 1.2);
      for (let i = 0; i < 9; i++) out += circle(120 + s.rnd() * 120, 300 + s.rnd() * 80, between(s.rnd, 2, 5), '#2F3A22', 'opacity=".55"');
      return out;
    },
  },
  burger: {
    bg: 'table',
    times: ['golden', 'noon', 'dusk'],
    draw: (s) => {
      let out = plate(300, 346, 150, 40);
      out += path('M222 336Q222 354 240 354H360Q378 354 378 336Z', '#D9923F') + rect(218, 312, 164, 22, '#5A2E1C', 'rx="11"');
      out += path('M214 312L386 312L380 322Q360 336 350 322Q330 338 316 322Q296 336 282 322Q262 338 248 322Q232 334 220 322Z', '#F2C14E');
      out += path('M210 306Q226 296 240 306T270 306T300 306T330 306T360 306T390 306L386 316H214Z', '#7FA04A') + rect(224, 296, 152, 10, '#D8553A', 'rx="5"');
      out +=
        path('M222 298Q222 226 300 226Q378 226 378 298Z', '#E0A04A') +
        path('M236 280Q244 240 296 234', 'none', 'stroke="#F2C57C" stroke-width="6" stroke-linecap="round" opacity=".7"');
      for (let i = 0; i < 9; i++) out += ellipse(250 + s.rnd() * 100, 250 + s.rnd() * 34, 3.5, 2, C.cream);
      out += path('M440 300H520L510 372H450Z', C.terracotta);
      for (let i = 0; i < 8; i++)
        out += rect(446 + i * 9, 262 + (i % 3) * 10, 7, 50, '#F2C14E', `rx="2" transform="rotate(${n(between(s.rnd, -10, 10))} ${450 + i * 9} 300)"`);
      out += path('M440 300H520L516 318Q480 330 444 318Z', C.rust);
      if (s.variant === 'shake') {
        out += path('M60 260H124L114 376H70Z', '#F2B8C6') + path('M56 262Q92 222 128 262Z', C.cream) + circle(92, 232, 9, '#C0392B');
        out += line('M108 250L124 190', C.terracotta, 6);
      } else out += bowl(90, 340, 34, C.cream, '#C0392B');
      return out;
    },
  },
  salad: {
    bg: 'table',
    surfaces: ['wood', 'linen', 'tile'],
    times: ['noon', 'golden', 'morning', 'dusk'],
    draw: (s) => {
      const rows = ['#6E9B5A', '#F2C14E', '#D8553A', '#F6EBD0', '#E9CF94', '#7E9E5E', '#5B3F63'];
      let out = `<defs><clipPath id="b"><ellipse cx="300" cy="318" rx="150" ry="44"/></clipPath></defs>`;
      out += ellipse(306, 334, 180, 56, C.ink, 'opacity=".22"') + ellipse(300, 322, 178, 56, C.cream) + ellipse(300, 318, 156, 46, '#E6D8C8');
      let stripes = '';
      rows.forEach((c, i) => {
        const x = 150 + i * 43;
        stripes += rect(x, 270, 43, 100, c);
        for (let k = 0; k < 6; k++) stripes += circle(x + 6 + s.rnd() * 31, 280 + s.rnd() * 80, between(s.rnd, 2.5, 5), C.ink, 'opacity=".12"');
      });
      out += `<g clip-path="url(#b)">${stripes}</g>`;
      out +=
        line('M480 360L560 300', '#B8B0A6', 6) +
        line('M548 292L566 282', '#B8B0A6', 10) +
        line('M60 300L130 360', '#B8B0A6', 6) +
        path('M50 292L84 318L74 328Z', '#B8B0A6');
      return out;
    },
  },
  brunch: {
    bg: 'table',
    surfaces: ['wood', 'tile', 'linen'],
    times: ['morning', 'noon', 'golden'],
    draw: (s) => {
      if (s.variant === 'eggs') {
        // A plain good breakfast: two eggs sunny side up, bacon, toast and coffee.
        let out = plate(280, 340, 170, 46);
        for (const [x, y] of [
          [220, 334],
          [300, 344],
        ] as const)
          out +=
            path(
              `M${x - 44} ${y}Q${x - 50} ${y - 26} ${x - 10} ${y - 24}Q${x + 40} ${y - 30} ${x + 46} ${y - 4}Q${x + 40} ${y + 18} ${x} ${y + 14}Q${x - 40} ${y + 18} ${x - 44} ${y}Z`,
              C.cream,
            ) + circle(x, y - 6, 15, '#F2B134');
        for (let i = 0; i < 3; i++) out += path(`M${352 + i * 8} ${300 + i * 16}q20 -10 40 0t40 0`, 'none', `stroke="#A8402A" stroke-width="10" stroke-linecap="round"`);
        out += g('translate(120 330) rotate(-12)', rect(-34, -30, 68, 56, '#C98A4B', 'rx="12"') + rect(-26, -22, 52, 42, '#F0CE8B', 'rx="8"'));
        return out + mug(500, 362, pick(s.rnd, [C.cream, C.sky, C.sand]));
      }
      let out = plate(290, 346, 150, 42);
      for (let i = 0; i < 5; i++) out += ellipse(290, 334 - i * 16, 96, 24, '#B8702E') + ellipse(290, 330 - i * 16, 94, 22, '#E3A04F');
      out += path('M210 268Q290 250 370 268Q372 284 352 282Q344 300 336 284Q300 292 270 286Q262 304 254 284Q224 286 210 268Z', '#8C3E1A', 'opacity=".85"');
      out += rect(272, 250, 36, 22, '#F7E08A', 'rx="4" transform="rotate(-6 290 260)"');
      for (let i = 0; i < 7; i++) out += circle(190 + s.rnd() * 200, 360 + s.rnd() * 14, 6, pick(s.rnd, ['#3B4B8C', '#C0392B', '#5B3F63']));
      out += mug(490, 360, pick(s.rnd, [C.cream, C.sky, C.sand]));
      if (s.variant === 'bloody') out += path('M62 250H122L114 372H70Z', '#C0392B') + line('M104 250L130 196', '#7FA04A', 10) + citrus(66, 252, 14, '#D9B53A', '#F4E28A');
      return out;
    },
  },
  'fine-dining': {
    bg: 'table',
    surfaces: ['linen'],
    times: ['dusk', 'night'],
    draw: (s) => {
      let out = s.variant === 'lights' ? stringLights(s, 34) : '';
      out += plate(300, 334, 130, 40, C.cream, C.cream);
      out += path('M220 340Q300 300 380 336', 'none', 'stroke="#8E2437" stroke-width="8" stroke-linecap="round" opacity=".8"');
      out += path('M256 330Q262 302 300 300Q338 302 344 330Z', '#B5653A') + path('M262 318Q300 300 338 318', 'none', 'stroke="#7C3A1C" stroke-width="3"');
      for (let i = 0; i < 6; i++) out += leaf(280 + i * 8, 300 - (i % 2) * 6, 14, -60 - i * 12, C.leaf);
      out += candle(112, 330, 60) + candle(150, 340, 40) + wineGlass(470, 350) + wineGlass(530, 340, '#8E2437', 100);
      out += line('M190 374L200 300', '#C9C2B8', 4) + line('M410 376L404 300', '#C9C2B8', 4);
      for (let i = 0; i < 5; i++) out += circle(50 + s.rnd() * 40, 270 + s.rnd() * 20, 7, C.rose);
      return out;
    },
  },
  bakery: {
    bg: 'table',
    surfaces: ['wood', 'tile', 'terracotta'],
    times: ['morning', 'golden', 'noon'],
    draw: (s) => {
      let out = ellipse(306, 352, 220, 40, C.ink, 'opacity=".2"') + path('M90 330Q90 306 120 306H480Q510 306 510 330V346Q510 370 480 370H120Q90 370 90 346Z', '#C98B52');
      out += rect(90, 330, 420, 6, '#A86C3A', 'opacity=".5"') + croissant(190, 300, 1.3);
      [0, 1, 2].forEach((i) => {
        out += ellipse(330, 330 - i * 14, 46, 14, '#B97A3A') + ellipse(330, 326 - i * 14, 46, 13, '#D9A15E');
      });
      for (let i = 0; i < 6; i++) out += ellipse(300 + s.rnd() * 60, 290 + s.rnd() * 8, 4, 2.5, '#4A2A18');
      out +=
        path('M390 320A56 56 0 0 1 490 320Z', '#E0A04A') +
        path('M392 320Q440 326 488 320', 'none', 'stroke="#B8702E" stroke-width="6" stroke-dasharray="2 8" stroke-linecap="round"');
      out += line('M424 300l10 -8M444 296l10 -8', '#B8702E', 3) + circle(440, 314, 3, '#8E2437');
      if (s.variant === 'caramels') {
        for (let i = 0; i < 4; i++) {
          const x = 120 + i * 34;
          out += rect(x, 362, 22, 16, '#8C4A22', 'rx="3"') + path(`M${x} 370l-8 -6v12zM${x + 22} 370l8 -6v12z`, C.cream);
        }
      } else out += croissant(530, 370, 0.7);
      return out;
    },
  },
  coffee: {
    bg: 'table',
    surfaces: ['wood', 'tile', 'terracotta'],
    times: ['morning', 'noon'],
    draw: (s) => {
      let out = ellipse(306, 356, 120, 30, C.ink, 'opacity=".2"') + ellipse(300, 350, 118, 28, C.cream) + ellipse(300, 348, 80, 18, '#E8DCCF');
      out += line('M366 262Q416 268 372 322', C.cream, 14);
      out += path('M222 246H378L366 330Q300 358 234 330Z', C.cream) + ellipse(300, 246, 78, 18, '#E0D4C6') + ellipse(300, 247, 70, 14, '#7A4424');
      out += path('M300 256Q282 236 292 234Q300 232 300 242Q300 232 308 234Q318 236 300 256Z', '#F3E2D0');
      out += [-20, 4, 28].map((d) => line(`M${300 + d} 222q-10 -14 0 -28t0 -28`, C.cream, 5, 'opacity=".75"')).join('');
      for (let i = 0; i < 6; i++) out += ellipse(150 + s.rnd() * 40, 360 + s.rnd() * 24, 7, 5, '#5A2E1C', `transform="rotate(${n(s.rnd() * 180)} 170 370)"`);
      out += s.variant === 'beer' ? pint(100, 350, '#D9922E', 110) : croissant(110, 318, 0.9);
      out += croissant(500, 330, 0.9);
      return out;
    },
  },
};
