import type { ArtworkSpec, ArtworkTime } from '../../db/seed/artwork';
import type { ArtworkSubjectId } from '../../src/lib/artwork-subjects';
import { animals } from './animals';
import { culture } from './culture';
import { dishes } from './dishes';
import { drinks } from './drinks';
import { events } from './events';
import { food } from './food';
import { outdoors } from './outdoors';
import { land, makeScene, room, table, tableTop, type Scene, type Surface } from './scene';
import { SETTINGS } from './settings';
import { between, g, n, pick, rng } from './svg';

/** How one subject is drawn: its backdrop, the times of day it suits, and the foreground in a 600 × 400 frame. */
export interface Drawing {
  bg: 'table' | 'land' | 'room' | ((s: Scene) => string);
  times: readonly ArtworkTime[];
  surfaces?: readonly Surface[];
  draw: (s: Scene) => string;
}

export const DRAWINGS: Record<ArtworkSubjectId, Drawing> = { ...food, ...dishes, ...drinks, ...outdoors, ...culture, ...events, ...animals };

export type ArtworkSize = 'card' | 'hero';

/** Coordinates in whole units: invisible at the sizes shown, and a lighter file. Opacities (0.x) keep their tenth. */
export const wholeUnits = (svg: string): string => svg.replace(/(?<![\d.])(\d+)\.\d(?!\d)/g, (all, whole: string) => (whole === '0' ? all : whole));

/** The SVG for one item: `key` seeds every free choice, so the same key and spec always give the same file. */
export function renderArtwork(key: string, spec: ArtworkSpec, size: ArtworkSize): string {
  const rnd = rng(key);
  const drawing = DRAWINGS[spec.subject];
  const time = spec.time ?? pick(rnd, drawing.times);
  const hero = size === 'hero';
  const w = hero ? 762 : 600;
  const s = makeScene(rnd, time, spec.variant, w);
  const surface = drawing.surfaces ? pick(rnd, drawing.surfaces) : undefined;
  const bg = spec.setting
    ? SETTINGS[spec.setting](s) + (drawing.bg === 'table' ? tableTop(s, spec.surface ?? surface ?? 'wood') : '')
    : drawing.bg === 'table'
      ? table(s, spec.surface ?? surface)
      : drawing.bg === 'land'
        ? land(s)
        : drawing.bg === 'room'
          ? room(s)
          : drawing.bg(s);
  const dx = (w - 600) / 2 + between(rnd, -12, 12);
  const body = bg + g(`translate(${n(dx)} 0)`, drawing.draw(s));
  const [vw, vh] = hero ? [1200, 630] : [600, 400];
  const content = hero ? g('scale(1.575)', body) : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${vw} ${vh}" preserveAspectRatio="xMidYMid slice">${wholeUnits(content)}</svg>\n`;
}
