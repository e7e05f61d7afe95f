import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like test image (gradient and shapes, so encoders have something to do). */
export async function testPhoto(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif', options: { orientation?: number; gps?: boolean } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#c4572e"/><stop offset="1" stop-color="#3e6b4f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 4}" cy="${height / 3}" r="${Math.min(width, height) / 6}" fill="#f0ca92"/></svg>`;
  let image = sharp(Buffer.from(svg));
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Desert 1', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 29/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 55/1 0/1' },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format, format === 'jpeg' ? { quality: 90 } : {}).toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header claims `side` × `side`
 * pixels (its first rows are real; a decoder that trusts the header allocates gigabytes).
 */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * 4));
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}
