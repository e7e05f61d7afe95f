import { readFile } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { SITE_NAME } from '../../lib/constants';
import { PAGE_CARD_ILLUSTRATION, SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCardContent } from '../../lib/share-card';
import { PHOTO_KEY_PATTERN } from '../../lib/photo';
import { uploadRoot } from '../uploads/photos';
import { loadSharp } from '../uploads/sharp';

const W = SHARE_CARD_WIDTH;
const H = SHARE_CARD_HEIGHT;

/** The site's own pictures: the built copy when serving a build, the source folder otherwise. */
const STATIC_ROOTS = [resolve(process.cwd(), 'dist/client'), resolve(process.cwd(), 'public')];

/** A file under `root`, or null when the path would leave it. */
function inside(root: string, relative: string): string | null {
  const file = normalize(join(root, relative));
  return file.startsWith(root + sep) ? file : null;
}

async function firstReadable(files: (string | null)[]): Promise<Buffer | null> {
  for (const file of files) {
    if (!file) continue;
    const bytes = await readFile(file).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

/** The bytes of a card's picture: an uploaded photo from the upload folder, an illustration from the site's own files. */
async function pictureBytes(picture: string): Promise<Buffer | null> {
  const upload = picture.match(/^\/uploads\/([a-f0-9]{32})\/(\d{2,5})\.jpg$/);
  if (upload && PHOTO_KEY_PATTERN.test(upload[1]!)) return firstReadable([inside(uploadRoot(), `${upload[1]}/${upload[2]}.jpg`)]);
  if (/^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$/.test(picture)) return firstReadable(STATIC_ROOTS.map((root) => inside(root, picture)));
  return null;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The title in at most three lines of about `perLine` characters, the last one shortened with an ellipsis. */
export function titleLines(title: string, perLine: number, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:–-]+$/, '')}…`;
  return kept;
}

const MARK = `<g transform="translate(64 ${H - 92}) scale(0.75)"><rect width="64" height="64" fill="#C4572E" rx="14"/><circle cx="46" cy="18" r="8" fill="#FFFDF9"/><path d="M22.5 64V19a4.5 4.5 0 0 1 9 0V64Z" fill="#FFFDF9"/><path d="M27 42H19.5Q15.5 42 15.5 38V29" fill="none" stroke="#FFFDF9" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/><path d="M27 47H35Q39 47 39 43V35" fill="none" stroke="#FFFDF9" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/></g>`;

/** The words and the guide's mark, over a shade that keeps them readable on any picture. */
function overlaySvg(content: ShareCardContent): string {
  const fontSize = content.title.length > 48 ? 58 : 68;
  const lines = titleLines(content.title, fontSize > 60 ? 26 : 32);
  const lineHeight = Math.round(fontSize * 1.12);
  const lastBaseline = H - 132;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight;
  const title = lines
    .map(
      (text, i) =>
        `<text x="64" y="${firstBaseline + i * lineHeight}" font-family="Fraunces, 'DejaVu Serif', serif" font-weight="700" font-size="${fontSize}" fill="#FFFDF9">${escapeXml(text)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.2" stop-color="#1c140f" stop-opacity="0"/><stop offset="1" stop-color="#1c140f" stop-opacity="0.88"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#shade)"/>
<text x="64" y="${firstBaseline - lineHeight + 8}" font-family="Inter, 'DejaVu Sans', sans-serif" font-weight="700" font-size="28" letter-spacing="2" fill="#F2C9A0">${escapeXml(content.eyebrow.toUpperCase())}</text>
${title}
${MARK}
<text x="124" y="${H - 56}" font-family="Inter, 'DejaVu Sans', sans-serif" font-weight="700" font-size="30" fill="#FFFDF9">${escapeXml(SITE_NAME)}</text>
<rect x="0" y="${H - 12}" width="${W}" height="12" fill="#C4572E"/>
</svg>`;
}

/** The picture, cropped to fill the card; the site's own picture when the item's cannot be read. */
async function background(content: ShareCardContent): Promise<Buffer> {
  const bytes = (await pictureBytes(content.picture)) ?? (await pictureBytes(PAGE_CARD_ILLUSTRATION));
  const sharp = await loadSharp();
  if (!bytes)
    return sharp({ create: { width: W, height: H, channels: 3, background: '#C4572E' } })
      .png()
      .toBuffer();
  // An illustration is drawn at the resolution that just covers the card, never drawn small and blown up.
  const meta = await sharp(bytes).metadata();
  const density = meta.format === 'svg' && meta.width && meta.height ? Math.ceil(72 * Math.max(W / meta.width, H / meta.height, 1)) : undefined;
  const base = sharp(bytes, density ? { density } : {});
  return base.rotate().resize(W, H, { fit: 'cover', position: 'attention' }).flatten({ background: '#f3e6d8' }).toBuffer();
}

/** One card as a JPEG, 1200×630. */
export async function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  const picture = await background(content);
  const sharp = await loadSharp();
  return sharp(picture)
    .composite([{ input: Buffer.from(overlaySvg(content)), top: 0, left: 0 }])
    .jpeg({ quality: 82 })
    .toBuffer();
}
