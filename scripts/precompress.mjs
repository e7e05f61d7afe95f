// After `astro build`: writes .br and .gz copies of the hashed assets so the server sends them
// without compressing on every request (scripts/serve.mjs picks them by Accept-Encoding).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PRECOMPRESSED_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const MIN_BYTES = 1024;

export function precompress(folder) {
  let files = 0;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (!(extname(name) in PRECOMPRESSED_TYPES) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    files++;
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = precompress('dist/client/_astro');
  console.log(`Precompressed ${count} assets (brotli and gzip).`);
}
