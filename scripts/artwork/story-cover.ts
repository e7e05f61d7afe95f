import type { ArtworkSpec } from '../../db/seed/artwork';
import type { StoryCategory } from '../../src/lib/catalog';
import { DRAWINGS, wholeUnits } from './compose';
import { makeScene, room, sky, tableTop } from './scene';
import { between, C, circle, g, mix, n, path, pick, rect, rng } from './svg';

/**
 * A Story's own cover, never a spot's picture: one to three arched windows, each onto a scene the
 * Story visits, set in a field of its category's colour with sun rays behind, like the cover of a
 * travel issue. 1200 × 630, the share card's and the blog card's shape.
 */

const CATEGORY_FIELDS: Record<StoryCategory, { field: string; ray: string }> = {
  'Hidden Gem': { field: '#5B3F63', ray: '#6E4F78' },
  'Date Night': { field: '#6E2438', ray: '#82324A' },
  'Local Legend': { field: '#3E6B4F', ray: '#4E7E60' },
  'Food Spotlight': { field: '#B44D28', ray: '#C65F36' },
  'Weekend Guide': { field: '#2F6F78', ray: '#3F818A' },
  'New Opening': { field: '#B9782B', ray: '#CB8A3A' },
};

const W = 1200;
const H = 630;
const TOP = 70;
const BASE = 560;

/** One scene, lighter than a card's: its sky, its floor or table, and the subject. */
function panelBody(key: string, spec: ArtworkSpec): string {
  const rnd = rng(key);
  const drawing = DRAWINGS[spec.subject];
  const s = makeScene(rnd, spec.time ?? pick(rnd, drawing.times), spec.variant, 600);
  const surface = spec.surface ?? (drawing.surfaces ? pick(rnd, drawing.surfaces) : 'wood');
  const bg =
    drawing.bg === 'table'
      ? sky(s, 262) + tableTop(s, surface)
      : drawing.bg === 'room'
        ? room(s)
        : drawing.bg === 'land'
          ? sky(s, 300) + rect(0, 290, 600, 110, s.pal.ground) + path('M0 318Q180 300 360 316T600 310V400H0Z', s.pal.shade, 'opacity=".5"')
          : drawing.bg(s);
  return bg + drawing.draw(s);
}

/** Gives every id of one panel a prefix, so panels sharing a file keep their own gradients and clips. */
const scoped = (body: string, prefix: string): string => body.replace(/id="([^"]+)"/g, `id="${prefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`);

const archPath = (x: number, w: number): string => `M${n(x)} ${BASE}V${n(TOP + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x + w)} ${n(TOP + w / 2)}V${BASE}Z`;

export function renderStoryCover(key: string, panels: readonly ArtworkSpec[], category: StoryCategory): string {
  const rnd = rng(key);
  const { field, ray } = CATEGORY_FIELDS[category];
  const count = panels.length;
  const width = count === 1 ? 600 : count === 2 ? 430 : 320;
  const gap = 44;
  const left = (W - (count * width + (count - 1) * gap)) / 2;
  let out = rect(0, 0, W, H, field);
  // Rays from a low sun behind the arches.
  const spread = 18;
  for (let i = 0; i < spread; i += 2) {
    const a0 = Math.PI + (i / spread) * Math.PI;
    const a1 = Math.PI + ((i + 1) / spread) * Math.PI;
    out += path(`M600 ${BASE}L${n(600 + 1400 * Math.cos(a0))} ${n(BASE + 1400 * Math.sin(a0))}L${n(600 + 1400 * Math.cos(a1))} ${n(BASE + 1400 * Math.sin(a1))}Z`, ray);
  }
  for (let i = 0; i < 10; i++) out += circle(between(rnd, 20, W - 20), between(rnd, 20, BASE - 40), between(rnd, 2, 4), C.cream, 'opacity=".5"');
  panels.forEach((spec, i) => {
    const x = left + i * (width + gap);
    const id = `p${i}`;
    out += `<defs><clipPath id="${id}c"><path d="${archPath(x, width)}"/></clipPath></defs>`;
    out += path(archPath(x - 14, width + 28), mix(field, C.ink, 0.35), `transform="translate(0 -14)"`);
    out += `<g clip-path="url(#${id}c)"><svg x="${n(x)}" y="${TOP}" width="${n(width)}" height="${BASE - TOP}" viewBox="0 0 600 400" preserveAspectRatio="xMidYMid slice">${scoped(panelBody(`${key}:${i}`, spec), id)}</svg></g>`;
    out += path(archPath(x - 7, width + 14), 'none', `stroke="${C.cream}" stroke-width="5" transform="translate(0 -7)"`);
  });
  out += rect(0, BASE, W, H - BASE, mix(field, C.ink, 0.3)) + rect(0, BASE, W, 8, C.cream, 'opacity=".8"');
  out +=
    circle(W / 2, BASE + 35, 6, C.cream, 'opacity=".7"') +
    g(`translate(${W / 2 - 60} ${BASE + 35})`, rect(0, -1.5, 40, 3, C.cream, 'opacity=".5"') + rect(80, -1.5, 40, 3, C.cream, 'opacity=".5"'));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${wholeUnits(out)}</svg>\n`;
}
