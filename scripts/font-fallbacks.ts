// Local fallback faces for the two web fonts, sized to take the same room: until Inter and
// Fraunces arrive (or when they never do), text set in Arial or Times New Roman wraps and stands as
// tall as it will once the web fonts are drawn, so nothing moves when they swap in.
//
// `tsx scripts/font-fallbacks.ts` writes src/styles/font-fallbacks.css from the woff2 files the site
// serves; tests/unit/font-fallbacks.test.ts fails when that file no longer matches them.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkitten';

export const CSS_PATH = fileURLToPath(new URL('../src/styles/font-fallbacks.css', import.meta.url));

/** Prose like the site's own, with capitals, digits and punctuation in everyday proportions. */
export const SAMPLE_TEXT =
  'Scottsdale at golden hour: a sunrise hike up Camelback, tacos and a cold brew in Old Town, then a ' +
  'gallery walk on Thursday night. Locals share 12 hidden gems, the best patios for spring (and fall), ' +
  "where to watch the sun set over the McDowell Mountains, and which of 2025's new spots are worth it.";

/** Vertical metrics (hhea, font units) and the advance width of SAMPLE_TEXT of a local font. */
export interface LocalMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  sampleWidth: number;
}

export interface LocalFace {
  /** Names for local(): full names and PostScript names of metric-compatible families. */
  names: string[];
  /** The file of one of them to check `metrics` against where it is installed (Debian's fonts-liberation). */
  checkFile: string;
  metrics: LocalMetrics;
}

export interface FallbackFamily {
  family: string;
  /** The Latin file of the web font, in node_modules. */
  webFont: string;
  /** Regular local face stands in for weights up to 549, bold for 550 and up. */
  regular: LocalFace & { matchWeight: number };
  bold: LocalFace & { matchWeight: number };
}

const LIBERATION = '/usr/share/fonts/truetype/liberation';

// Arial and Liberation Sans (Arimo) share every advance width and vertical metric, as do Times New
// Roman and Liberation Serif (Tinos); the numbers are theirs.
export const FAMILIES: FallbackFamily[] = [
  {
    family: 'Inter',
    webFont: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    regular: {
      matchWeight: 400,
      names: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
      checkFile: `${LIBERATION}/LiberationSans-Regular.ttf`,
      metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, sampleWidth: 271443 },
    },
    bold: {
      matchWeight: 600,
      names: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold'],
      checkFile: `${LIBERATION}/LiberationSans-Bold.ttf`,
      metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, sampleWidth: 291472 },
    },
  },
  {
    family: 'Fraunces',
    webFont: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    regular: {
      matchWeight: 400,
      names: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
      checkFile: `${LIBERATION}/LiberationSerif-Regular.ttf`,
      metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, sampleWidth: 246468 },
    },
    bold: {
      matchWeight: 600,
      names: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'LiberationSerif-Bold', 'Tinos Bold'],
      checkFile: `${LIBERATION}/LiberationSerif-Bold.ttf`,
      metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, sampleWidth: 261531 },
    },
  },
];

interface Region {
  startCoord: number;
  peakCoord: number;
  endCoord: number;
}
interface VariableFont {
  unitsPerEm: number;
  hhea: { ascent: number; descent: number; lineGap: number };
  glyphsForString(text: string): { id: number; advanceWidth: number }[];
  fvar?: { axis: { axisTag: string; minValue: number; defaultValue: number; maxValue: number }[] };
  avar?: { segment: { correspondence: { fromCoord: number; toCoord: number }[] }[] };
  HVAR?: {
    advanceWidthMapping?: { mapCount: number; mapData: { outerIndex: number; innerIndex: number }[] };
    itemVariationStore: {
      variationRegionList: { variationRegions: Region[][] };
      itemVariationData: { regionIndexes: number[]; deltaSets: { deltas: number[] }[] }[];
    };
  };
}

export function openFont(path: string): VariableFont {
  return create(readFileSync(path)) as unknown as VariableFont;
}

/** The weight axis value in normalized coordinates (-1…1), after the font's avar mapping. */
function normalizedWeight(font: VariableFont, weight: number): number {
  const index = font.fvar?.axis.findIndex((axis) => axis.axisTag.trim() === 'wght') ?? -1;
  const axis = font.fvar?.axis[index];
  if (!axis) return 0;
  const value = Math.min(axis.maxValue, Math.max(axis.minValue, weight));
  let n = 0;
  if (value < axis.defaultValue) n = (value - axis.defaultValue) / (axis.defaultValue - axis.minValue);
  if (value > axis.defaultValue) n = (value - axis.defaultValue) / (axis.maxValue - axis.defaultValue);
  const map = font.avar?.segment[index]?.correspondence ?? [];
  for (let i = 1; i < map.length; i++) {
    const [a, b] = [map[i - 1]!, map[i]!];
    if (n <= b.fromCoord) {
      return a.toCoord + ((n - a.fromCoord) * (b.toCoord - a.toCoord)) / (b.fromCoord - a.fromCoord || 1);
    }
  }
  return n;
}

function regionScalar(region: Region[], coord: number): number {
  const { startCoord: start, peakCoord: peak, endCoord: end } = region[0]!;
  if (peak === 0 || start > peak || peak > end || (start < 0 && end > 0)) return 1;
  if (coord < start || coord > end) return 0;
  if (coord === peak) return 1;
  return coord < peak ? (coord - start) / (peak - start) : (end - coord) / (end - peak);
}

/** Advance width of `text` in font units at `weight` (glyph by glyph, kerning left out). */
export function textWidth(font: VariableFont, text: string, weight?: number): number {
  const coord = weight === undefined ? 0 : normalizedWeight(font, weight);
  const store = font.HVAR?.itemVariationStore;
  const mapping = font.HVAR?.advanceWidthMapping;
  let width = 0;
  for (const glyph of font.glyphsForString(text)) {
    width += glyph.advanceWidth;
    if (!store || coord === 0) continue;
    const entry = mapping ? mapping.mapData[Math.min(glyph.id, mapping.mapCount - 1)]! : { outerIndex: 0, innerIndex: glyph.id };
    const data = store.itemVariationData[entry.outerIndex];
    const deltas = data?.deltaSets[entry.innerIndex]?.deltas ?? [];
    data?.regionIndexes.forEach((regionIndex, master) => {
      width += (deltas[master] ?? 0) * regionScalar(store.variationRegionList.variationRegions[regionIndex]!, coord);
    });
  }
  return width;
}

export interface Overrides {
  sizeAdjust: number;
  ascent: number;
  descent: number;
  lineGap: number;
}

/**
 * The fallback is scaled so the sample sets as wide as in the web font, and its line box gets the
 * web font's ascent, descent and line gap (as fractions of the scaled size, as size-adjust scales
 * the overrides too).
 */
export function overrides(web: VariableFont, weight: number, local: LocalMetrics): Overrides {
  const webWidth = textWidth(web, SAMPLE_TEXT, weight) / web.unitsPerEm;
  const sizeAdjust = webWidth / (local.sampleWidth / local.unitsPerEm);
  const em = web.unitsPerEm * sizeAdjust;
  return { sizeAdjust, ascent: web.hhea.ascent / em, descent: Math.abs(web.hhea.descent) / em, lineGap: web.hhea.lineGap / em };
}

/** Two decimals, written the way Prettier writes numbers (85.2%, 0%). */
const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`;

export function fallbackCss(nodeModules: string): string {
  const blocks = FAMILIES.flatMap(({ family, webFont, regular, bold }) => {
    const web = openFont(`${nodeModules}/${webFont}`);
    return [regular, bold].map((face, i) => {
      const o = overrides(web, face.matchWeight, face.metrics);
      return [
        '@font-face {',
        `  font-family: '${family} Fallback';`,
        `  src: ${face.names.map((name) => `local('${name}')`).join(', ')};`,
        `  font-weight: ${i === 0 ? '100 549' : '550 900'};`,
        `  size-adjust: ${percent(o.sizeAdjust)};`,
        `  ascent-override: ${percent(o.ascent)};`,
        `  descent-override: ${percent(o.descent)};`,
        `  line-gap-override: ${percent(o.lineGap)};`,
        '}',
      ].join('\n');
    });
  });
  const header =
    "/* Written by scripts/font-fallbacks.ts from the web fonts' own metrics: local faces that take the\n" +
    '   same room as Inter and Fraunces, so text does not move when they arrive. */';
  return `${header}\n${blocks.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CSS_PATH, fallbackCss(fileURLToPath(new URL('../node_modules', import.meta.url))));
  console.log(`Wrote ${CSS_PATH}`);
}
