import type { Drawing } from './compose';
import { bottle, citrus, pint, stringLights, tumbler, wineGlass } from './parts';
import { between, C, circle, ellipse, g, line, n, path, pick, rect } from './svg';

const coupe = (x: number, base: number, drink: string): string =>
  ellipse(x, base, 26, 6, C.ink, 'opacity=".2"') +
  path(`M${x - 52} ${base - 130}H${x + 52}L${x + 4} ${base - 82}H${x - 4}Z`, C.cream, 'opacity=".35"') +
  path(`M${x - 44} ${base - 122}H${x + 44}L${x + 4} ${base - 84}H${x - 4}Z`, drink) +
  line(`M${x} ${base - 84}V${base - 3}`, C.cream, 4, 'opacity=".85"') +
  ellipse(x, base - 2, 22, 5, C.cream, 'opacity=".85"');

const hat = (x: number, y: number, color: string): string =>
  ellipse(x + 4, y + 16, 110, 16, C.ink, 'opacity=".2"') +
  path(
    `M${x - 110} ${y}Q${x - 90} ${y + 22} ${x} ${y + 20}Q${x + 90} ${y + 22} ${x + 110} ${y}Q${x + 80} ${y - 6} ${x} ${y - 4}Q${x - 80} ${y - 6} ${x - 110} ${y}Z`,
    color,
  ) +
  path(
    `M${x - 56} ${y}Q${x - 60} ${y - 70} ${x - 30} ${y - 74}Q${x} ${y - 60} ${x + 30} ${y - 74}Q${x + 60} ${y - 70} ${x + 56} ${y}Q${x} ${y + 8} ${x - 56} ${y}Z`,
    color,
  ) +
  path(`M${x - 57} ${y - 14}Q${x} ${y - 4} ${x + 57} ${y - 14}L${x + 56} ${y}Q${x} ${y + 8} ${x - 56} ${y}Z`, '#3A2418') +
  line(`M${x - 20} ${y - 62}Q${x} ${y - 52} ${x + 20} ${y - 62}`, C.ink, 3, 'opacity=".3"');

export const drinks: Record<'cocktail' | 'wine' | 'beer' | 'distillery' | 'saloon' | 'nightclub', Drawing> = {
  cocktail: {
    bg: 'table',
    surfaces: ['bar', 'wood'],
    times: ['dusk', 'night'],
    draw: (s) => {
      let out = coupe(250, 372, pick(s.rnd, ['#F0A04A', '#E8704A', '#F2C14E'])) + citrus(296, 246, 20, '#E8862E', '#F6C26B');
      out += tumbler(380, 372, '#B8612A', 80) + line('M360 304Q372 294 392 300', '#E8862E', 6);
      if (s.variant === 'smoke') for (let i = 0; i < 3; i++) out += line(`M${370 + i * 10} 290q-18 -24 0 -48t0 -48`, '#E6E0EA', 8, 'opacity=".4"');
      if (s.variant === 'stirred') {
        out += path('M460 372V250H520V372Z', C.cream, 'opacity=".3"') + rect(462, 300, 56, 70, '#B8612A', 'opacity=".9"') + line('M500 380L520 196', '#C9C2B8', 4);
        out += bottle(120, 372, '#5A2E1C', 140, '#E9D8B4');
      } else out += bottle(120, 372, '#2F4A5A', 150) + citrus(500, 360, 22, '#6E9B3A', '#C9DE8A');
      return out;
    },
  },
  wine: {
    bg: 'table',
    surfaces: ['wood', 'bar', 'linen'],
    times: ['golden', 'dusk', 'night'],
    draw: (s) => {
      let out = bottle(180, 372, '#2F4A3A', 200) + wineGlass(260, 376, '#8E2437', 120) + wineGlass(330, 370, pick(s.rnd, ['#8E2437', '#E8D08A']), 114);
      out += rect(390, 332, 170, 40, '#C98B52', 'rx="10"') + path('M400 334L470 300L470 334Z', '#F2C14E') + path('M470 334L470 300L486 334Z', '#E0A83A');
      for (let i = 0; i < 8; i++) out += circle(510 + (i % 3) * 12, 310 + Math.floor(i / 3) * 10, 7, '#6A2E5A');
      for (let i = 0; i < 3; i++) out += rect(402 + i * 26, 340, 22, 22, '#E8C98A', 'rx="3"');
      return out;
    },
  },
  beer: {
    bg: 'table',
    surfaces: ['bar', 'wood'],
    times: ['golden', 'dusk', 'night'],
    draw: (s) => {
      let out = s.variant === 'lights' ? stringLights(s, 30, ['#E84A3A', '#4AA86A', '#F2C14E', '#4A8AE8']) : '';
      if (s.variant === 'flight') {
        out += rect(130, 352, 340, 18, '#8C5A32', 'rx="6"');
        ['#F2D16B', '#E0A030', '#B8502A', '#3A2018'].forEach((c, i) => (out += pint(180 + i * 80, 356, c, 80)));
        out += pint(530, 376, '#E0A030', 130);
      } else {
        out += pint(250, 370, '#E0A030', 140) + pint(350, 376, pick(s.rnd, ['#B8502A', '#F2D16B', '#3A2018']), 130);
        out += bottle(480, 372, '#6B3A1E', 150, C.sand) + ellipse(110, 360, 44, 12, '#C9C2B8') + ellipse(110, 356, 40, 9, '#E6DCCB');
        for (let i = 0; i < 6; i++) out += ellipse(96 + s.rnd() * 30, 352 + s.rnd() * 4, 6, 4, '#C98A3A');
      }
      return out;
    },
  },
  distillery: {
    bg: 'table',
    surfaces: ['wood', 'bar'],
    times: ['golden', 'dusk', 'night'],
    draw: () => {
      let out = ellipse(210, 366, 100, 14, C.ink, 'opacity=".25"') + rect(150, 330, 120, 36, '#5A3A2A');
      out +=
        path('M120 330Q110 220 210 210Q310 220 300 330Z', '#B8693A') +
        path('M140 310Q140 236 200 226', 'none', 'stroke="#E0955A" stroke-width="8" stroke-linecap="round" opacity=".7"');
      out += path('M186 212L194 150H226L234 212Z', '#A85A30') + ellipse(210, 150, 18, 10, '#C8794A');
      out += line('M210 146Q230 96 300 110Q360 124 380 190', '#B8693A', 12) + rect(370, 190, 24, 60, '#A85A30', 'rx="6"');
      for (let i = 0; i < 7; i++) out += circle(130 + i * 27, 300 + Math.abs(i - 3) * 3, 3, '#7A3A1C');
      out += tumbler(440, 372, '#C9782F', 76) + bottle(530, 372, '#E9EEF0', 160, '#3A5A6A') + path(`M512 ${372 - 70}H548V368H512Z`, '#D9D2C6', 'opacity=".5"');
      return out;
    },
  },
  saloon: {
    bg: 'table',
    surfaces: ['wood', 'bar'],
    times: ['dusk', 'night', 'golden'],
    draw: (s) => {
      let out = hat(250, 326, pick(s.rnd, ['#8C5A32', '#A8703E', '#6B4226']));
      out += g(
        'translate(400 378)',
        path('M0 0H86Q96 0 96 -12Q96 -24 78 -26L52 -30L48 -110H4L2 -30Z', '#7A3E22') +
          path('M6 -108H46L44 -90Q26 -82 8 -90Z', '#A8582E') +
          line('M8 -80Q26 -66 44 -80M8 -60Q26 -46 44 -60', '#E0B070', 3) +
          rect(-8, -10, 14, 12, '#4A2414') +
          circle(-14, -6, 8, 'none', 'stroke="#C9C2B8" stroke-width="3"'),
      );
      out += bottle(110, 376, '#6B3A1E', 160, C.sand) + bottle(540, 376, '#6B3A1E', 140, C.sand);
      return out;
    },
  },
  nightclub: {
    bg: 'table',
    surfaces: ['bar'],
    times: ['night'],
    draw: (s) => {
      let out = '';
      ['#E84A9A', '#4AC8E8', '#F2C14E', '#9A6AE8'].forEach((c, i) => {
        const x = 300 + (i - 1.5) * 40;
        const to = i * 200 - 300 + between(s.rnd, -40, 40);
        out += path(`M${x} 60L${n(to)} 400L${n(to + 120)} 400Z`, c, 'opacity=".22"');
      });
      out += line('M300 0V40', '#C9C2B8', 2) + circle(300, 60, 24, '#C9C2B8');
      for (let i = 0; i < 10; i++) out += rect(284 + (i % 4) * 9, 44 + Math.floor(i / 4) * 10, 7, 7, pick(s.rnd, [C.cream, '#8FA3B0', '#E84A9A']));
      out += path('M220 260H330L318 372H232Z', '#C9D2D8') + ellipse(275, 260, 55, 10, '#E6ECEF');
      for (let i = 0; i < 6; i++) out += rect(230 + i * 15, 250 + (i % 2) * 4, 14, 12, '#E8F4F8', 'rx="3"');
      out += g('rotate(-18 275 260)', bottle(275, 290, '#2F4A3A', 150, '#F2C14E'));
      out += [400, 450]
        .map((x) => path(`M${x - 14} 240H${x + 14}L${x + 4} 320H${x - 4}Z`, '#F2D16B') + line(`M${x} 320V372`, C.cream, 3) + ellipse(x, 372, 14, 4, C.cream))
        .join('');
      return out;
    },
  },
};
