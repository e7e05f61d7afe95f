/**
 * Draws the seeded artwork: one SVG per seeded spot, restaurant or activity, and story, from
 * the subject assigned in db/seed/artwork.ts. Deterministic, so re-running rewrites identical
 * files. Run `npx tsx scripts/artwork.ts`, then `npx tsx scripts/email-images.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { artworkFiles } from './artwork/items';

const ROOT = resolve(import.meta.dirname, '..');
const files = artworkFiles();
const bytes = { spots: 0, places: 0, stories: 0 };
for (const file of files) {
  writeFileSync(join(ROOT, 'public', file.image), file.svg);
  bytes[file.folder] += file.svg.length;
}
for (const [folder, total] of Object.entries(bytes)) console.log(`${folder}: ${files.filter((f) => f.folder === folder).length} files, ${(total / 1024).toFixed(1)} KB`);
