import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSS_PATH, FAMILIES, SAMPLE_TEXT, fallbackCss, openFont, overrides, textWidth } from '../../scripts/font-fallbacks';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE_MODULES = join(ROOT, 'node_modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(css|astro|tsx?)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('fallback faces for the web fonts', () => {
  it('src/styles/font-fallbacks.css matches the woff2 files the site serves', () => {
    // When this fails after a font update: tsx scripts/font-fallbacks.ts
    expect(readFileSync(CSS_PATH, 'utf8')).toBe(fallbackCss(NODE_MODULES));
  });

  it('every font stack that names a web font names its fallback right after it', () => {
    const stacks: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const [stack] of readFileSync(file, 'utf8').matchAll(/'(?:Inter|Fraunces) Variable'[^;\n"]*/g)) stacks.push(stack);
    }
    expect(stacks.length).toBeGreaterThanOrEqual(2);
    for (const stack of stacks) {
      const [, family] = stack.match(/^'(\w+) Variable'/)!;
      expect(stack).toMatch(new RegExp(`^'${family} Variable', '${family} Fallback',`));
    }
  });

  it('no width is set in ch, as the zero of a fallback font is narrower than that of the web font', () => {
    const inCh = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:width|inline-size|basis)\s*:[^;]*\b\d*\.?\d+ch\b/g)].map(([match]) => `${file}: ${match}`),
    );
    expect(inCh).toEqual([]);
  });

  it('the fallback fills the same line box and the same width as the web font', () => {
    for (const { webFont, regular, bold } of FAMILIES) {
      const web = openFont(join(NODE_MODULES, webFont));
      for (const face of [regular, bold]) {
        const o = overrides(web, face.matchWeight, face.metrics);
        const scaledWidth = (face.metrics.sampleWidth / face.metrics.unitsPerEm) * o.sizeAdjust;
        expect(scaledWidth).toBeCloseTo(textWidth(web, SAMPLE_TEXT, face.matchWeight) / web.unitsPerEm, 6);
        expect((o.ascent + o.descent + o.lineGap) * o.sizeAdjust).toBeCloseTo((web.hhea.ascent - web.hhea.descent + web.hhea.lineGap) / web.unitsPerEm, 6);
      }
    }
  });

  it('a variable font sets wider at heavier weights, and at its default weight as drawn', () => {
    const inter = openFont(join(NODE_MODULES, FAMILIES[0]!.webFont));
    const widths = [100, 400, 600, 900].map((weight) => textWidth(inter, SAMPLE_TEXT, weight));
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(widths[1]).toBe(textWidth(inter, SAMPLE_TEXT));
  });

  const faces = FAMILIES.flatMap((family) => [family.regular, family.bold]);
  for (const face of faces) {
    it.skipIf(!existsSync(face.checkFile))(`the recorded metrics are those of ${face.names[0]} (checked on ${face.names[2]})`, () => {
      const font = openFont(face.checkFile);
      expect({
        unitsPerEm: font.unitsPerEm,
        ascent: font.hhea.ascent,
        descent: font.hhea.descent,
        lineGap: font.hhea.lineGap,
        sampleWidth: textWidth(font, SAMPLE_TEXT),
      }).toEqual(face.metrics);
    });
  }
});
