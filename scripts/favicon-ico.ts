// Writes public/favicon.ico (16, 32 and 48 px) from public/favicon.svg, for browsers, crawlers and
// tools that ask for /favicon.ico whatever the page's <link rel="icon"> says. Run after changing the
// SVG: `npx tsx scripts/favicon-ico.ts` (renders with Debian's Chromium through Playwright).
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

const SIZES = [16, 32, 48];

/** An ICO file whose images are PNGs (allowed since Windows Vista; every browser reads them). */
function icoOf(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const pngs = [];
for (const size of SIZES) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
  pngs.push({ size, data: await page.screenshot({ omitBackground: true }) });
  await page.close();
}
await browser.close();
writeFileSync('public/favicon.ico', icoOf(pngs));
console.log(`public/favicon.ico: ${SIZES.join(', ')} px`);
