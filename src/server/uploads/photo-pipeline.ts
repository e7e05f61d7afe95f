import { createHash } from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import { loadSharp } from './sharp';
import { PHOTO_WIDTHS, type PhotoFormat } from '../../lib/photo';
import { BODY_TOO_LARGE_MESSAGES } from '../http/body-caps.mjs';
import { HttpError } from '../http/responses';

/** The largest photo accepted, as sent. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** More pixels than any phone camera makes: beyond this a small file is a decompression bomb. */
export const MAX_PHOTO_PIXELS = 50_000_000;

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

export const ACCEPTED = 'JPEG, PNG, WebP, AVIF or HEIC';
export const PHOTO_TOO_LARGE = BODY_TOO_LARGE_MESSAGES.imageUpload;
const NOT_A_PHOTO = `That file is not a photo we can read. Upload a ${ACCEPTED} image.`;
const SVG_REFUSED = `SVG files are not accepted, because they can carry scripts. Upload a ${ACCEPTED} photo.`;
const DAMAGED = 'The photo could not be read: the file looks damaged or incomplete. Export it again and retry.';
const TOO_MANY_PIXELS = `The photo has too many pixels (at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels). Resize it and retry.`;

export interface ProcessedPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  sourceFormat: SourceFormat;
  sourceBytes: number;
  /** `<width>.<format>` → bytes. */
  files: Map<string, Buffer>;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** What the bytes are, from their signature (never from the name or the declared type). */
export function sniffFormat(bytes: Uint8Array): SourceFormat | 'svg' | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
    return null;
  }
  const head = ascii(0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.startsWith('<!doctype svg')) return 'svg';
  return null;
}

/** HEIC (HEVC) is decoded in WebAssembly; libvips reads the other formats itself. */
async function decoderFor(bytes: Buffer, format: SourceFormat): Promise<Sharp> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' as const };
  const sharp = await loadSharp();
  if (format !== 'heic') return sharp(bytes, options);
  const { default: decode } = await import('heic-decode');
  const [image] = await decode.all({ buffer: bytes });
  if (!image) throw new HttpError(422, DAMAGED);
  if (image.width * image.height > MAX_PHOTO_PIXELS) throw new HttpError(422, TOO_MANY_PIXELS);
  const { data, width, height } = await image.decode();
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PHOTO_PIXELS });
}

function encode(pipeline: Sharp, format: PhotoFormat): Promise<Buffer> {
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality: 74, effort: 4 }).toBuffer();
  return pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
}

/** Bad input is the sender's mistake with a sentence to show; anything else stays a server error. */
function readFailure(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit|exceeds.*limit/i.test(message)) return new HttpError(422, TOO_MANY_PIXELS);
  return new HttpError(422, DAMAGED);
}

/**
 * Checks, decodes and re-encodes one photo: the camera's orientation applied, every metadata block
 * (EXIF, GPS, XMP, ICC beyond sRGB) dropped, stored as AVIF, WebP and JPEG at up to three widths,
 * plus a blurred placeholder. Refuses, with a sentence for the admin, anything that is not a
 * photo, an SVG, a damaged file, and a file whose pixel count gives it away as a bomb.
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  if (input.byteLength === 0) throw new HttpError(400, 'The file is empty. Choose a photo to upload.');
  if (input.byteLength > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_TOO_LARGE);
  const format = sniffFormat(input);
  if (format === 'svg') throw new HttpError(415, SVG_REFUSED);
  if (!format) throw new HttpError(415, NOT_A_PHOTO);
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const sharp = await loadSharp();

  let oriented: Buffer;
  let info: OutputInfo;
  try {
    const decoder = await decoderFor(bytes, format);
    if (format !== 'heic') {
      const meta = await decoder.metadata();
      if (!meta.width || !meta.height) throw new HttpError(422, DAMAGED);
      if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new HttpError(422, TOO_MANY_PIXELS);
    }
    // One full decode into a lossless intermediate; every copy is made from it.
    ({ data: oriented, info } = await decoder.rotate().toColourspace('srgb').png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true }));
  } catch (error) {
    throw readFailure(error);
  }

  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= info.width);
  if (widths.length === 0) widths.push(info.width);
  const files = new Map<string, Buffer>();
  for (const width of widths) {
    const resized = await sharp(oriented).resize({ width, withoutEnlargement: true }).toBuffer();
    for (const format of ['avif', 'webp', 'jpg'] as const) files.set(`${width}.${format}`, await encode(sharp(resized), format));
  }
  const largest = widths.at(-1)!;
  const height = Math.round((info.height * largest) / info.width);
  const tiny = await sharp(oriented).resize({ width: 24 }).blur(1.2).webp({ quality: 40 }).toBuffer();
  return {
    key: createHash('sha256').update(bytes).digest('hex').slice(0, 32),
    width: largest,
    height,
    widths,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    sourceFormat: format,
    sourceBytes: input.byteLength,
    files,
  };
}
