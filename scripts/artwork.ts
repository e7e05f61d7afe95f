/**
 * Draws the seeded artwork: one SVG per seeded spot, restaurant or activity, and story, from
 * what db/seed/artwork.ts says of each (its subject, its room, its hours; a Story's scenes).
 * Deterministic, so re-running rewrites identical files. `npm run artwork` runs this, then
 * scripts/email-images.ts; tests/unit/artwork-distinct.test.ts checks no two look alike and
 * writes the contact sheet.
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
