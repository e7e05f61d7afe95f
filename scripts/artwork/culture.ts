import type { Drawing } from './compose';
import { hiker } from './parts';
import { sky, type Scene } from './scene';
import { between, C, circle, ellipse, g, line, mix, n, path, pick, rect } from './svg';

const SPINES = ['#C4572E', '#3E6B4F', '#5B7FB0', '#E0A030', '#7C361C', '#5B3F63', '#F0CA92', '#2F4A5A', '#B03A2E'];

const pot = (x: number, base: number, h: number, body: string, band: string): string =>
  path(
    `M${x - h * 0.22} ${base - h}H${x + h * 0.22}Q${x + h * 0.2} ${base - h * 0.86} ${x + h * 0.45} ${base - h * 0.55}Q${x + h * 0.55} ${base - h * 0.2} ${x + h * 0.2} ${base}H${x - h * 0.2}Q${x - h * 0.55} ${base - h * 0.2} ${x - h * 0.45} ${base - h * 0.55}Q${x - h * 0.2} ${base - h * 0.86} ${x - h * 0.22} ${base - h}Z`,
    body,
  ) +
  line(
    `M${x - h * 0.44} ${base - h * 0.5}l${h * 0.11} -${h * 0.1}l${h * 0.11} ${h * 0.1}l${h * 0.11} -${h * 0.1}l${h * 0.11} ${h * 0.1}l${h * 0.11} -${h * 0.1}l${h * 0.11} ${h * 0.1}l${h * 0.11} -${h * 0.1}`,
    band,
    3,
  ) +
  line(`M${x - h * 0.38} ${base - h * 0.3}H${x + h * 0.38}`, band, 2.5);

/** A framed little desert painting. */
const painting = (x: number, y: number, w: number, h: number, s: Scene, frame: string = C.gold): string =>
  rect(x - 8, y - 8, w + 16, h + 16, frame) +
  rect(x, y, w, h, pick(s.rnd, ['#F0CA92', '#A5C9D7', '#ECC8B8'])) +
  circle(x + w * between(s.rnd, 0.2, 0.8), y + h * 0.3, h * 0.14, pick(s.rnd, ['#EEBA6C', '#F6D58A'])) +
  path(
    `M${x} ${y + h}V${y + h * 0.7}L${x + w * 0.3} ${y + h * 0.5}L${x + w * 0.55} ${y + h * 0.72}L${x + w * 0.8} ${y + h * 0.45}L${x + w} ${y + h * 0.65}V${y + h}Z`,
    pick(s.rnd, [C.clay, C.terracotta, C.plum]),
  ) +
  rect(x, y + h * 0.86, w, h * 0.14, pick(s.rnd, [C.sand, C.sage]));

const bell = (x: number, top: number, len: number, color: string): string =>
  line(`M${x} ${top}V${top + len}`, '#4A3A2E', 2) +
  path(`M${x - 15} ${top + len + 34}L${x - 10} ${top + len + 6}Q${x} ${top + len - 4} ${x + 10} ${top + len + 6}L${x + 15} ${top + len + 34}Z`, color) +
  line(`M${x - 15} ${top + len + 34}H${x + 15}`, '#6B4A2A', 3) +
  line(`M${x} ${top + len + 34}V${top + len + 60}`, '#4A3A2E', 1.5) +
  rect(x - 7, top + len + 60, 14, 22, color, 'rx="2"');

export const culture: Record<'architecture' | 'museum' | 'skyspace' | 'gallery' | 'windbells' | 'bridge' | 'train' | 'books', Drawing> = {
  architecture: {
    bg: 'land',
    times: ['golden', 'noon', 'morning'],
    draw: (s) => {
      let out = path('M70 340L96 250H500L530 340Z', '#C9A27A');
      for (let i = 0; i < 40; i++)
        out += ellipse(
          between(s.rnd, 96, 504),
          between(s.rnd, 262, 332),
          between(s.rnd, 8, 16),
          between(s.rnd, 5, 9),
          pick(s.rnd, ['#B08058', '#D9B48A', '#9A6A4A', '#C99A6A']),
        );
      out += path('M90 250L250 170H520L500 250Z', '#F3EDE2') + path('M250 170L90 250H130L270 178Z', '#E2D8C8');
      for (let i = 0; i < 9; i++) out += line(`M${110 + i * 46} 262L${150 + i * 46} 160`, '#9E3F1E', 9);
      out += line('M70 250H530', '#7C361C', 8) + path('M500 250L560 180L540 340Z', '#B08058') + line('M500 250L560 180', '#9E3F1E', 9);
      out += rect(180, 292, 60, 48, '#3A2A22', 'opacity=".8"') + rect(340, 292, 80, 48, '#3A2A22', 'opacity=".8"');
      out += path('M150 372L300 352L450 372Z', '#5FA3BF', 'opacity=".9"') + hiker(470, 376, 1.1, C.sky);
      return out;
    },
  },
  museum: {
    bg: 'room',
    times: ['golden', 'noon', 'morning'],
    draw: (s) => {
      const big = s.variant === 'painting';
      let out = painting(big ? 170 : 210, 80, big ? 260 : 180, big ? 170 : 130, s);
      out += rect(280 - (big ? 0 : 40), 250, 30, 4, C.ink, 'opacity=".2"');
      const pedestals = big ? [110, 490] : [120, 300, 480];
      pedestals.forEach((x, i) => {
        out += rect(x - 36, 262, 72, 100, C.cream) + rect(x - 36, 262, 72, 10, '#E6DCCB') + rect(x + 24, 262, 12, 100, '#E6DCCB');
        out += pot(x, 262, between(s.rnd, 60, 84), ['#C4572E', '#E8C9A0', '#9E3F1E'][i % 3]!, i % 3 === 1 ? C.ink : C.cream);
      });
      return out;
    },
  },
  skyspace: {
    bg: (s) => sky(s, 400),
    times: ['dusk', 'noon', 'golden', 'sunrise'],
    draw: (s) => {
      const o = (600 - s.w) / 2 - 40;
      let out = rect(o, -20, s.w + 80, 270, '#E9E1D6') + path(`M${o} 250L300 170L${o + s.w + 80} 250Z`, '#DCD2C4', 'opacity=".6"');
      out += `<defs><linearGradient id="k" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(s.pal.sky[0], '#2E5A9A', 0.35)}"/><stop offset="1" stop-color="${s.pal.sky[1]}"/></linearGradient></defs>`;
      out += ellipse(300, 112, 138, 58, '#FFF6E0', 'opacity=".8"') + ellipse(300, 112, 124, 50, 'url(#k)');
      if (s.time === 'night' || s.time === 'dusk') for (let i = 0; i < 6; i++) out += circle(between(s.rnd, 220, 380), between(s.rnd, 80, 120), 1.6, C.cream);
      out += path(`M${o} 250H${o + s.w + 80}V400H${o}Z`, '#CFC4B6') + rect(o, 250, s.w + 80, 10, '#FFE8B8', 'opacity=".6"');
      out += rect(o, 316, s.w + 80, 26, '#8C8479') + rect(o, 342, s.w + 80, 58, '#B6AEA5');
      out +=
        g('translate(250 316)', circle(0, -44, 9, C.ink) + path('M-12 -34H12L14 0H-14Z', C.ink)) +
        g('translate(350 316)', circle(0, -42, 9, '#3A2A22') + path('M-12 -32H12L14 0H-14Z', '#3A2A22'));
      return out;
    },
  },
  gallery: {
    bg: 'room',
    times: ['golden', 'dusk', 'morning'],
    draw: (s) => {
      let out = '';
      if (s.variant === 'walls') {
        out += painting(70, 90, 120, 150, s, '#3A2A22') + painting(240, 70, 140, 110, s, C.cream) + painting(430, 100, 110, 140, s, C.gold);
        for (const x of [130, 310, 485]) out += path(`M${x - 20} 20L${x - 60} 330H${x + 60}L${x + 20} 20Z`, '#FFF3C8', 'opacity=".18"');
        out += hiker(230, 352, 2.2, C.plum) + hiker(390, 356, 2.1, C.saguaro);
        return out;
      }
      if (s.variant === 'press') {
        // A printmaker's etching press: the bed, the roller and its spoked star wheel.
        out += rect(120, 250, 300, 20, '#5A5450') + rect(140, 270, 20, 110, '#3A3533') + rect(380, 270, 20, 110, '#3A3533');
        out += rect(150, 180, 240, 70, '#4A4542', 'rx="10"') + circle(270, 214, 30, '#8C8479');
        out += g(
          'translate(450 214)',
          [0, 1, 2, 3, 4, 5].map((i) => line(`M0 0L${n(70 * Math.cos((i * Math.PI) / 3))} ${n(70 * Math.sin((i * Math.PI) / 3))}`, '#2B2522', 10)).join('') +
            circle(0, 0, 16, '#8C8479'),
        );
        out += line('M400 214H450', '#2B2522', 12) + rect(170, 238, 120, 12, C.cream) + rect(184, 240, 90, 8, '#B7321E', 'opacity=".8"');
        return out + hiker(90, 380, 2.2, '#1F3A5C');
      }
      if (s.variant === 'class') {
        // A class at work: a still life on its stand and three students' easels turned to it.
        out +=
          rect(270, 250, 60, 80, '#8C5A32') +
          path('M284 250Q276 210 300 196Q324 210 316 250Z', '#3F7F7B') +
          circle(290, 184, 10, '#E4632C') +
          circle(308, 180, 8, '#F2C14E');
        [100, 440].forEach((x, i) => {
          out += line(`M${x - 50} 380L${x} 150L${x + 50} 380M${x} 150V370`, '#8C5A32', 7) + painting(x - 56, 170, 112, 84, s, C.cream);
          out += hiker(x + (i ? -70 : 70), 384, 2, i ? C.plum : C.saguaro);
        });
        return out;
      }
      out += line('M220 380L300 120L380 380M300 120V370M250 300H350', '#8C5A32', 9);
      out += painting(226, 150, 148, 110, s, C.cream);
      out += path('M420 340Q420 300 470 300Q530 300 530 340Q530 370 490 368Q470 360 460 372Q420 380 420 340Z', '#E8C9A0');
      ['#C4572E', '#3E6B4F', '#5B7FB0', '#F2C14E', C.cream].forEach((c, i) => (out += circle(440 + i * 18, 318 + (i % 2) * 10, 7, c)));
      out +=
        rect(100, 300, 50, 70, '#A5C9D7', 'rx="6" opacity=".8"') +
        ['#C4572E', '#3E6B4F', '#F2C14E'].map((c, i) => line(`M${112 + i * 12} 304L${106 + i * 14} 240`, '#8C5A32', 4) + circle(106 + i * 14, 238, 5, c)).join('');
      return out;
    },
  },
  windbells: {
    bg: 'land',
    times: ['golden', 'noon', 'morning'],
    draw: (s) => {
      let out = '';
      const apse = s.variant === 'apse';
      if (apse)
        out += path('M90 360V220A210 200 0 0 1 510 220V360H450V230A150 140 0 0 0 150 230V360Z', '#C9A27A') + path('M150 360V230A150 140 0 0 1 450 230V360Z', '#7A5A44');
      else out += line('M60 60H540', '#6B4226', 14) + line('M90 60V380M510 60V380', '#6B4226', 12);
      const top = apse ? 100 : 66;
      for (let i = 0; i < 6; i++) {
        const x = (apse ? 190 : 130) + i * (apse ? 44 : 68);
        out += bell(x, top + (apse ? Math.abs(i - 2.5) * 22 : 0), between(s.rnd, 40, 110), pick(s.rnd, ['#A8703A', '#8C5A2E', '#6E8F6A', '#B8804A']));
      }
      return out;
    },
  },
  bridge: {
    bg: 'land',
    times: ['noon', 'golden', 'morning'],
    draw: (s) => {
      let out =
        rect(-100, 318, 800, 14, '#C9C2B8') +
        rect(-100, 332, 800, 40, '#5FA3BF') +
        line('M-100 350H700', '#7FBFD6', 3, 'opacity=".7"') +
        rect(-100, 372, 800, 32, '#D9D2C6');
      out += circle(300, 50, 30, '#FFE9A8') + path('M296 80H304L320 400H280Z', '#FFF3C8', 'opacity=".5"');
      for (const d of [-1, 1]) {
        out +=
          path(`M${300 + d * 6} 320L${300 + d * 4} 70L${300 + d * 34} 80L${300 + d * 40} 320Z`, '#7A4B33') +
          path(`M${300 + d * 60} 320L${300 + d * 56} 130L${300 + d * 76} 136L${300 + d * 86} 320Z`, '#8C5A3E');
      }
      out += rect(60, 306, 480, 12, '#5A3A2A') + line('M60 300H540', '#3A2A22', 3);
      out += hiker(180, 302, 1, pick(s.rnd, [C.terracotta, C.sky])) + hiker(420, 302, 1, C.plum);
      return out;
    },
  },
  train: {
    bg: 'land',
    times: ['golden', 'morning', 'noon'],
    draw: (s) => {
      let out = rect(-100, 350, 800, 6, '#6B5A4A');
      for (let x = -90; x < 700; x += 26) out += rect(x, 346, 12, 16, '#8C6A4A');
      out += rect(260, 240, 170, 70, pick(s.rnd, ['#2F4A3A', '#2B2522', '#5A2E4A'])) + rect(380, 200, 70, 110, '#B03A2E') + rect(392, 214, 46, 34, '#F6E3A0');
      out += path('M372 196H458L450 184H380Z', '#2B2522') + path('M280 240L276 196H304L300 240Z', '#2B2522') + rect(272, 186, 36, 12, '#2B2522');
      out += path('M260 286L222 330H260Z', '#B03A2E') + rect(318, 230, 22, 12, '#E0A030', 'rx="6"');
      for (const x of [286, 342, 412]) out += circle(x, 326, 22, '#B03A2E') + circle(x, 326, 8, '#E0A030') + line(`M${x - 20} 326H${x + 20}M${x} 306V346`, '#7A2A1E', 3);
      out += line('M286 326H412', '#C9C2B8', 5);
      out += rect(60, 264, 170, 50, '#5B7FB0') + path('M52 220H238L230 206H60Z', '#F2C14E') + line('M66 220V264M224 220V264', C.ink, 4);
      out += [100, 150, 196].map((x) => circle(x, 254, 9, C.ink)).join('') + circle(100, 326, 16, C.ink) + circle(190, 326, 16, C.ink);
      for (let i = 0; i < 4; i++) out += circle(290 - i * 30, 170 - i * 26, 16 + i * 6, C.cream, 'opacity=".8"');
      return out;
    },
  },
  books: {
    bg: 'room',
    times: ['golden', 'dusk', 'morning'],
    draw: (s) => {
      let out = rect(70, 40, 460, 290, '#5A3A2A') + rect(82, 52, 436, 272, '#3A2A22');
      for (let r = 0; r < 3; r++) {
        const base = 136 + r * 90;
        let x = 88;
        while (x < 496) {
          const w = Math.min(between(s.rnd, 20, 36), 514 - x);
          const h = between(s.rnd, 56, 76);
          out += rect(x, base - h, w, h, pick(s.rnd, SPINES)) + (s.rnd() < 0.4 ? rect(x + 3, base - h + 10, w - 6, 4, C.cream, 'opacity=".5"') : '');
          x += w + 2;
        }
        out += rect(82, base, 436, 10, '#5A3A2A');
      }
      out += rect(150, 330, 300, 60, '#7A4A30') + [0, 1, 2].map((i) => rect(180 + i * 6, 316 - i * 14, 120, 14, pick(s.rnd, SPINES), 'rx="2"')).join('');
      out +=
        line('M400 320L440 360', '#5A3A2A', 10) + circle(380, 300, 30, '#D9ECF2', 'opacity=".7"') + circle(380, 300, 30, 'none', 'stroke="#B8804A" stroke-width="7"');
      return out;
    },
  },
};
