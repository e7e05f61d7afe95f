import type { Drawing } from './compose';
import { hiker } from './parts';
import type { Scene } from './scene';
import { between, C, circle, ellipse, g, line, mix, n, path, pick, rect, saguaro } from './svg';

const trail = (d: string, width = 16): string => line(d, C.cream, width, 'opacity=".9"') + line(d, C.wheat, width - 6);

/** A pile of rounded granite boulders around (x, y). */
export function boulders(s: Scene, x: number, y: number, count: number, size: number, tones: readonly string[] = [C.stone, C.slate, '#D2CCC3']): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = between(s.rnd, size * 0.5, size);
    out += ellipse(x + between(s.rnd, -size * 1.6, size * 1.6), y - between(s.rnd, 0, size * 0.8), r * 1.3, r, pick(s.rnd, tones));
  }
  return out;
}

/** A path that narrows from the bottom of the frame to the horizon. */
const road = (x0: number, x1: number, top: number, bend: number, fill: string, w0 = 140, w1 = 14): string =>
  path(
    `M${x0 - w0 / 2} 404C${x0 - w0 / 2 + bend} 360 ${x1 - w1 / 2 - bend} 330 ${x1 - w1 / 2} ${top}H${x1 + w1 / 2}C${x1 + w1 / 2 - bend} 330 ${x0 + w0 / 2 + bend} 360 ${x0 + w0 / 2} 404Z`,
    fill,
  );

const palm = (x: number, base: number, h: number, lean: number): string => {
  const tx = x + lean;
  const ty = base - h;
  let out = line(`M${x} ${base}Q${n(x + lean * 0.2)} ${n(base - h / 2)} ${n(tx)} ${n(ty)}`, '#8C6A4A', 9);
  for (const a of [-150, -120, -60, -30, -90, 10, 190]) {
    const r = (a * Math.PI) / 180;
    out += line(
      `M${n(tx)} ${n(ty)}Q${n(tx + Math.cos(r) * 30)} ${n(ty + Math.sin(r) * 30 - 12)} ${n(tx + Math.cos(r) * 56)} ${n(ty + Math.sin(r) * 40 + 10)}`,
      '#4E8A4A',
      8,
    );
  }
  return out;
};

const balloon = (x: number, y: number, k: number, colors: readonly string[], id: string): string => {
  const env = 'M0 -80C62 -80 66 -12 16 40H-16C-66 -12 -62 -80 0 -80Z';
  const bands = colors.map((c, i) => rect(-70 + i * (140 / colors.length), -90, 140 / colors.length + 1, 140, c)).join('');
  return g(
    `translate(${n(x)} ${n(y)}) scale(${n(k)})`,
    `<clipPath id="${id}"><path d="${env}"/></clipPath><g clip-path="url(#${id})">${bands}</g>` +
      line('M-16 40L-10 62M16 40L10 62', C.ink, 2) +
      rect(-12, 60, 24, 18, '#8C5A32', 'rx="3"') +
      line('M-30 -60Q-40 -20 -20 20', C.cream, 5, 'opacity=".35"'),
  );
};

export const outdoors: Record<'summit' | 'desert-trail' | 'wash' | 'greenbelt' | 'balloon' | 'jeep' | 'golf' | 'pool', Drawing> = {
  summit: {
    bg: 'land',
    times: ['morning', 'noon', 'golden', 'sunrise'],
    draw: (s) => {
      const red = s.variant === 'camel';
      const [lit, dark] = red ? ['#C0765A', '#9A5440'] : s.variant === 'ridge' ? [mix(s.pal.mid, C.ink, 0.1), mix(s.pal.mid, C.ink, 0.3)] : ['#B6AEA5', '#958D84'];
      let peak = 'M70 300L150 230Q210 170 250 150Q280 130 300 126Q322 126 346 150Q400 196 450 230L540 300Z';
      if (red) peak = 'M60 300L120 250Q150 210 180 204Q206 200 220 218Q236 232 262 196Q300 120 370 130Q430 150 470 220L550 300Z';
      if (s.variant === 'pinnacle') peak = 'M80 300L170 240Q230 190 262 150L300 90L330 140Q380 200 440 240L530 300Z';
      let out = `<clipPath id="m"><rect x="${red ? 340 : 304}" y="0" width="400" height="400"/></clipPath>` + path(peak, lit) + path(peak, dark, 'clip-path="url(#m)"');
      if (s.variant === 'spire') out += rect(282, 50, 36, 100, lit, 'rx="18"') + path('M300 50A18 18 0 0 1 318 68V150H300Z', dark);
      if (s.variant === 'pinnacle' || s.variant === 'spire') out += boulders(s, 230, 240, 6, 22) + boulders(s, 380, 250, 6, 22);
      out += trail('M260 410C320 380 420 372 380 346S260 330 300 308S380 290 350 266S320 220 304 170', 14);
      out += hiker(326, 280, 1.2) + hiker(304, 176, 0.8, C.sky);
      out += saguaro(s.rnd, 470, 380, 170, C.saguaro) + saguaro(s.rnd, 150, 360, 90, C.saguaro);
      return out;
    },
  },
  'desert-trail': {
    bg: 'land',
    times: ['morning', 'golden', 'sunrise', 'noon'],
    draw: (s) => {
      let out = road(290, 330, 292, between(s.rnd, -60, 60), '#F6E2BC') + road(290, 330, 292, 0, C.wheat, 100, 8);
      if (s.variant === 'flowers')
        for (let i = 0; i < 60; i++)
          out += circle(between(s.rnd, 0, 600), between(s.rnd, 300, 400), between(s.rnd, 2, 5), pick(s.rnd, ['#F2C14E', '#E8862E', '#9A6AB8', '#F2C14E']));
      out +=
        saguaro(s.rnd, 110, 396, 240, C.saguaro) + saguaro(s.rnd, 500, 390, 200, C.saguaro) + saguaro(s.rnd, 220, 310, 70, C.leaf) + saguaro(s.rnd, 420, 306, 54, C.leaf);
      out += line('M180 390q-20 -60 -10 -90M186 390q10 -70 30 -100M176 390q-40 -40 -50 -70', '#6B7A3A', 4) + circle(540, 380, 18, C.sage);
      if (s.variant === 'bike') {
        // A guided ride: a rocky slope and a line of riders behind their guide.
        out += path('M340 300Q420 230 520 250Q580 262 640 300Z', mix(s.pal.mid, C.ink, 0.15));
        out += hiker(250, 384, 2.1, '#F2C14E', true) + hiker(380, 330, 1.2, C.sky, true) + hiker(440, 300, 0.9, C.plum, true);
      }
      out += hiker(310, 344, 1.6, C.terracotta, s.variant === 'bike');
      return out;
    },
  },
  wash: {
    bg: 'land',
    times: ['morning', 'golden', 'noon'],
    draw: (s) => {
      let out = road(250, 340, 296, between(s.rnd, -80, 80), '#F8E8C8', 300, 40);
      for (let i = 0; i < 6; i++) out += line(`M${n(between(s.rnd, 150, 420))} ${n(320 + i * 14)}q20 -4 40 0`, '#E6CBA0', 3);
      const big = s.variant === 'boulders' || s.variant === 'landslide' ? 1.5 : 1;
      if (s.variant === 'landslide') out += boulders(s, 420, 296, 14, 16);
      out += boulders(s, 80, 380, Math.round(8 * big), 30 * big) + boulders(s, 520, 370, Math.round(7 * big), 28 * big);
      out += line('M440 330Q446 300 430 270M446 320Q470 290 480 270', '#7FA04A', 6);
      for (let i = 0; i < 7; i++)
        out += circle(
          430 + between(s.rnd, -30, 60),
          262 + between(s.rnd, -20, 14),
          between(s.rnd, 14, 22),
          pick(s.rnd, ['#B6C96A', '#9CB85A', '#C8D67A']),
          'opacity=".9"',
        );
      out += hiker(290, 360, 1.4, pick(s.rnd, [C.terracotta, C.sky]));
      return out;
    },
  },
  greenbelt: {
    bg: 'land',
    times: ['morning', 'golden'],
    draw: (s) => {
      let out = ellipse(300, 320, 360, 60, '#9DBF7E') + rect(-100, 320, 800, 90, '#8DB36E');
      out += ellipse(330, 318, 200, 32, '#5FA3BF') + ellipse(330, 314, 170, 22, '#7FBFD6');
      for (let i = 0; i < 5; i++) out += line(`M${n(between(s.rnd, 200, 430))} ${n(306 + i * 5)}h${n(between(s.rnd, 20, 50))}`, C.cream, 2, 'opacity=".6"');
      out += ellipse(280, 316, 8, 5, C.cream) + circle(286, 310, 4, '#3E6B4F') + ellipse(320, 322, 8, 5, '#8C5A32') + circle(326, 316, 4, '#3E6B4F');
      out += path('M-20 404C120 380 180 356 320 350C440 344 520 346 640 336V356C520 366 440 366 330 370C200 376 150 392 40 410Z', '#D9D2C6');
      out += palm(90, 360, 170, -16) + palm(520, 340, 150, 14) + palm(470, 320, 110, -8);
      out += hiker(230, 378, 1.4, C.terracotta, true) + hiker(400, 362, 1.1, C.sky);
      return out;
    },
  },
  balloon: {
    bg: 'land',
    times: ['sunrise', 'morning', 'golden'],
    draw: (s) => {
      const sets = [
        ['#C4572E', '#F2C14E', '#C4572E', '#F2C14E', '#C4572E'],
        ['#3E6B4F', '#F0CA92', '#3E6B4F', '#F0CA92'],
        ['#5B7FB0', '#F3E2D0', '#E8862E', '#F3E2D0', '#5B7FB0'],
      ];
      let out = balloon(between(s.rnd, 120, 180), between(s.rnd, 120, 150), 0.55, pick(s.rnd, sets), 'b1');
      out += balloon(between(s.rnd, 430, 500), between(s.rnd, 90, 120), 0.4, pick(s.rnd, sets), 'b2');
      out += balloon(300, 170, 1.15, pick(s.rnd, sets), 'b0');
      return out + saguaro(s.rnd, 470, 390, 120, C.saguaro);
    },
  },
  jeep: {
    bg: 'land',
    times: ['golden', 'noon', 'morning'],
    draw: (s) => {
      const body = pick(s.rnd, ['#C8452F', '#E0A030', '#D9692E']);
      let out = path('M-40 404C100 360 300 350 660 346V380C300 386 120 400 60 420Z', '#E6C08A');
      for (let i = 0; i < 6; i++) out += circle(120 - i * 22, 330 - (i % 2) * 14, 22 + i * 3, '#F3E2D0', 'opacity=".7"');
      out += path('M170 330V280Q170 270 180 270H360L380 236H430L440 270H470Q486 270 490 290L494 330Z', body);
      out += line('M230 270V220H370V270M300 220V270', C.ink, 6) + line('M440 270L424 226', C.ink, 5);
      out += [210, 270, 330]
        .map((x, i) => circle(x, 250 - (i % 2) * 4, 10, C.ink) + rect(x - 8, 258, 16, 14, pick(s.rnd, [C.cream, C.sky, C.saguaro]), 'rx="4"'))
        .join('');
      out += rect(170, 300, 324, 10, mix(body, C.ink, 0.3));
      for (const x of [230, 430]) out += circle(x, 336, 34, '#2B2522') + circle(x, 336, 16, '#8C8479') + circle(x, 336, 5, '#2B2522');
      out += rect(476, 280, 20, 14, '#F6E3A0', 'rx="3"');
      return out;
    },
  },
  golf: {
    bg: 'land',
    times: ['morning', 'golden', 'noon', 'sunrise'],
    draw: (s) => {
      let out = '';
      if (s.variant === 'clubhouse') {
        // The clubhouse and its grill-room patio fill the view; the 18th green waits to the right.
        out +=
          ellipse(300, 370, 420, 60, '#7FB05A') + ellipse(480, 330, 110, 26, '#A6D27A') + line('M488 326V210', C.cream, 4) + path('M490 212L530 224L490 238Z', '#C8452F');
        out += rect(30, 170, 340, 130, '#D9A678') + path('M10 176L200 120L390 176Z', '#9E3F1E') + rect(30, 290, 340, 10, '#B97C55');
        for (let x = 50; x < 360; x += 52) out += rect(x, 200, 38, 60, '#F6D58A', 'opacity=".9"') + rect(x + 17, 200, 4, 60, '#7A4A2B');
        out += line('M320 130q-10 -20 0 -40t0 -40', C.cream, 6, 'opacity=".6"') + rect(312, 120, 16, 30, '#7A4A2B');
        for (const x of [90, 210, 330])
          out += line(`M${x} 366V300`, C.cream, 4) + path(`M${x - 46} 304Q${x} 262 ${x + 46} 304Z`, '#2F8C8C') + ellipse(x, 350, 32, 8, '#8C7A66');
        return (
          out +
          g(
            'translate(420 376)',
            rect(-40, -26, 80, 22, C.cream, 'rx="6"') +
              circle(-26, 0, 9, C.ink) +
              circle(26, 0, 9, C.ink) +
              line('M-30 -26V-50H34V-26', C.cream, 4) +
              rect(-36, -54, 74, 6, '#2F8C8C'),
          )
        );
      }
      if (s.variant === 'stadium') {
        for (let r = 0; r < 3; r++) {
          out += rect(60, 214 + r * 26, 480, 28, r % 2 ? '#D9D2C6' : '#C9C2B8');
          for (let i = 0; i < 26; i++) out += circle(72 + i * 18 + (r % 2) * 9, 224 + r * 26, 6, pick(s.rnd, [C.terracotta, C.sky, C.cream, C.saguaro, '#F2C14E']));
        }
      }
      // Troon North's granite: a boulder-piled hill behind the green.
      if (s.variant === 'boulders') out += path('M-60 300Q60 120 200 150Q280 90 360 140Q470 110 660 300Z', mix(C.stone, s.pal.mid, 0.3)) + boulders(s, 240, 150, 10, 34);
      out += ellipse(300, 350, 380, 70, '#7FB05A');
      for (let i = 0; i < 5; i++) out += path(`M${n(-80 + i * 150)} 404L${n(i * 150 - 10)} 300H${n(i * 150 + 60)}L${n(-10 + i * 150)} 404Z`, '#8FC06A', 'opacity=".4"');
      out += ellipse(320, 320, 170, 34, '#A6D27A') + ellipse(320, 316, 8, 3, '#2B3A22');
      out += ellipse(140, 360, 80, 20, '#F3DDAE') + ellipse(140, 356, 66, 14, '#F8E8C8');
      out += line('M320 316V190', C.cream, 4) + path('M322 192L368 206L322 222Z', pick(s.rnd, ['#C8452F', '#F2C14E']));
      out += ellipse(270, 330, 9, 3, C.ink, 'opacity=".25"') + circle(268, 324, 7, '#FFFFFF');
      if (s.variant === 'boulders') out += boulders(s, 480, 290, 14, 40) + boulders(s, 80, 300, 8, 30);
      return out + saguaro(s.rnd, 520, 360, 130, C.saguaro);
    },
  },
  pool: {
    bg: 'land',
    times: ['noon', 'golden'],
    draw: (s) => {
      let out = rect(-100, 300, 800, 110, '#F3E2D0') + path('M120 312H500L560 400H60Z', '#3FA6B8') + path('M132 318H488L540 396H80Z', '#5FC2CF');
      for (let i = 0; i < 9; i++) out += line(`M${n(between(s.rnd, 110, 470))} ${n(between(s.rnd, 326, 390))}q12 -6 24 0t24 0`, C.cream, 3, 'opacity=".7"');
      out += palm(70, 330, 190, 20) + palm(540, 320, 170, -24);
      out += g('translate(400 296)', line('M0 0V-110', C.cream, 5) + path('M-70 -100Q0 -150 70 -100Z', C.terracotta) + path('M-24 -100Q0 -150 24 -100Z', C.cream));
      out += g(
        'translate(180 300)',
        line('M-40 0L40 -6M-30 0L-34 10M30 -6L34 6M40 -6L60 -30', C.cream, 6) +
          path('M-40 -4L40 -10L60 -34', 'none', `stroke="${C.sky}" stroke-width="8" stroke-linecap="round"`),
      );
      return out;
    },
  },
};
