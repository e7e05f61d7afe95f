/**
 * Renders the raster copies of our SVG artwork that emails use (many mail clients, Gmail among
 * them, do not show SVG). Run after changing the artwork: `npx tsx scripts/email-images.ts`.
 * Output goes to public/email and is committed.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'public/email');
mkdirSync(OUT, { recursive: true });

async function render(svg: string, out: string, width: number, height: number): Promise<void> {
  await sharp(join(ROOT, 'public', svg), { density: 192 })
    .resize(width, height, { fit: 'cover' })
    .jpeg({ quality: 78, progressive: true, mozjpeg: true })
    .toFile(join(OUT, out));
}

await render('images/hero/desert-sunset.svg', 'hero.jpg', 1200, 440);
const copies = new Set<string>();
for (const dir of ['spots', 'stories']) {
  for (const file of readdirSync(join(ROOT, 'public/images', dir)).filter((f) => f.endsWith('.svg'))) {
    const out = `${dir}-${basename(file, '.svg')}.jpg`;
    copies.add(out);
    await render(`images/${dir}/${file}`, out, 320, 240);
  }
}
for (const stale of readdirSync(OUT).filter((f) => /^(spots|stories)-.+\.jpg$/.test(f) && !copies.has(f))) rmSync(join(OUT, stale));
await sharp(join(ROOT, 'public/images/brand/mark.svg'), { density: 384 }).resize(96, 96).png().toFile(join(OUT, 'mark.png'));
console.log(`Email images written to ${OUT}: ${readdirSync(OUT).length} files.`);
