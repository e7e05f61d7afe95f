import sharp from 'sharp';

/**
 * Tells pictures apart the way a reader's eye would at a glance: a difference hash (dHash) of a
 * small greyscale render, compared bit by bit, and a labelled contact sheet of every picture for a
 * reviewer to look at.
 */

/** Side of the hash grid: HASH_SIDE × HASH_SIDE bits. */
export const HASH_SIDE = 16;

/** The svg as raw pixels, `width` × `height`, cropped to fill like the site's `object-fit: cover`. */
async function raster(svg: string, width: number, height: number, grey: boolean): Promise<Buffer> {
  let image = sharp(Buffer.from(svg), { density: 48 }).resize(width, height, { fit: 'cover', kernel: 'lanczos3' });
  if (grey) image = image.greyscale();
  return image.removeAlpha().raw().toBuffer();
}

/** Each bit says whether a pixel is brighter than its right-hand neighbour, over a small render. */
export async function differenceHash(svg: string): Promise<Uint8Array> {
  const px = await raster(svg, HASH_SIDE + 1, HASH_SIDE, true);
  const bits = new Uint8Array(HASH_SIDE * HASH_SIDE);
  for (let y = 0; y < HASH_SIDE; y++)
    for (let x = 0; x < HASH_SIDE; x++) bits[y * HASH_SIDE + x] = px[y * (HASH_SIDE + 1) + x]! > px[y * (HASH_SIDE + 1) + x + 1]! ? 1 : 0;
  return bits;
}

/** How many of the hash bits differ (0 = the same picture to the eye, HASH_SIDE² at most). */
export function hashDistance(a: Uint8Array, b: Uint8Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

/** Mean colour difference (0–255) between two 12 × 8 colour renders: catches a same shape in another palette. */
export async function colourDistance(a: string, b: string): Promise<number> {
  const [pa, pb] = await Promise.all([raster(a, 12, 8, false), raster(b, 12, 8, false)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

export interface SheetEntry {
  label: string;
  svg: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One PNG with every picture in a grid, each captioned with its name. */
export async function contactSheet(entries: SheetEntry[], columns = 8, cell = { w: 240, h: 160 }): Promise<Buffer> {
  const caption = 34;
  const gap = 8;
  const rows = Math.ceil(entries.length / columns);
  const width = columns * (cell.w + gap) + gap;
  const height = rows * (cell.h + caption + gap) + gap;
  const tiles = await Promise.all(
    entries.map(async (entry, i) => {
      const x = gap + (i % columns) * (cell.w + gap);
      const y = gap + Math.floor(i / columns) * (cell.h + caption + gap);
      const input = await sharp(Buffer.from(entry.svg), { density: 72 }).resize(cell.w, cell.h, { fit: 'cover' }).png().toBuffer();
      return { input, left: x, top: y };
    }),
  );
  const labels = entries
    .map((entry, i) => {
      const x = gap + (i % columns) * (cell.w + gap) + 4;
      const y = gap + Math.floor(i / columns) * (cell.h + caption + gap) + cell.h + 14;
      const [first = '', second = ''] = wrap(entry.label, 34);
      return `<text x="${x}" y="${y}">${escape(first)}</text><text x="${x}" y="${y + 14}">${escape(second)}</text>`;
    })
    .join('');
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><style>text{font:12px 'DejaVu Sans',sans-serif;fill:#2B2118}</style>${labels}</svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#FFFDF9' } })
    .composite([...tiles, { input: text, left: 0, top: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function wrap(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const cut = text.lastIndexOf(' ', max);
  const at = cut > 0 ? cut : max;
  const rest = text.slice(at).trim();
  return [text.slice(0, at), rest.length > max ? `${rest.slice(0, max - 1)}…` : rest];
}
