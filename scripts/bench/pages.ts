// Page weight: the JavaScript each main page ships (gzip level 9), and Lighthouse mobile scores
// measured in Debian's Chromium.
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { errorMessage, fixed, type Table } from './report';
import { CHROMIUM_ARGS } from '../../playwright.config';

export interface JsFile {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageJs {
  path: string;
  status: number;
  /** External JS files: <script src>, modulepreload, island component/renderer URLs and their static imports. */
  files: JsFile[];
  /** Inline scripts that are JavaScript (classic or module; JSON data blocks are left out). */
  inline: { count: number; bytes: number; gzipBytes: number };
  requests: number;
  totalGzipBytes: number;
  error?: string;
}

const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value === undefined ? undefined : decode(value);
}

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** Module and script URLs a page's HTML references, and the bodies of its inline scripts. */
export function scanHtml(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script ${match[1]}>`;
    const type = (attribute(tag, 'type') ?? '').toLowerCase();
    if (!JS_TYPES.has(type)) continue;
    const src = attribute(tag, 'src');
    if (src) urls.push(src);
    else if (match[2]!.trim()) inline.push(match[2]!);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/^modulepreload$/i.test(attribute(tag, 'rel') ?? '')) urls.push(attribute(tag, 'href')!);
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const value = attribute(tag, name);
      if (value) urls.push(value);
    }
  }
  return { urls: urls.filter(Boolean), inline };
}

/** Relative or root-relative specifiers of `import … from "…"`, `import "…"`, `export … from "…"` and `import("…")`. */
export function importsOf(js: string): string[] {
  const found = new Set<string>();
  const patterns = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g];
  for (const pattern of patterns) {
    for (const match of js.matchAll(pattern)) {
      const specifier = match[1]!;
      if (/^(\.{1,2}\/|\/)/.test(specifier)) found.add(specifier);
    }
  }
  return [...found];
}

/** Fetches one page, then every same-origin JS file it loads (following static and dynamic imports once each). */
export async function measurePageJs(origin: string, path: string): Promise<PageJs> {
  const result: PageJs = { path, status: 0, files: [], inline: { count: 0, bytes: 0, gzipBytes: 0 }, requests: 0, totalGzipBytes: 0 };
  try {
    const response = await fetch(new URL(path, origin));
    result.status = response.status;
    const html = await response.text();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    const { urls, inline } = scanHtml(html);
    const base = new URL(path, origin);
    // Files named by the HTML must exist; a specifier found by the import regex may be a false hit.
    const queue = urls.map((u) => ({ url: new URL(u, base).href, required: true }));
    const imported = (specifiers: string[], from: string) => specifiers.map((u) => ({ url: new URL(u, from).href, required: false }));
    for (const body of inline) {
      result.inline.count += 1;
      result.inline.bytes += Buffer.byteLength(body);
      result.inline.gzipBytes += gzipSize(body);
      queue.push(...imported(importsOf(body), base.href));
    }
    const seen = new Set<string>();
    while (queue.length) {
      const { url, required } = queue.shift()!;
      if (seen.has(url) || new URL(url).origin !== new URL(origin).origin) continue;
      seen.add(url);
      const js = await fetch(url);
      if (!js.ok) {
        if (required) throw new Error(`GET ${new URL(url).pathname} answered ${js.status}`);
        await js.body?.cancel();
        continue;
      }
      const body = Buffer.from(await js.arrayBuffer());
      result.files.push({ url: new URL(url).pathname, bytes: body.length, gzipBytes: gzipSize(body) });
      queue.push(...imported(importsOf(body.toString('utf8')), url));
    }
  } catch (error) {
    result.error = errorMessage(error);
  }
  result.requests = result.files.length;
  result.totalGzipBytes = result.inline.gzipBytes + result.files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return result;
}

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseResult {
  path: string;
  scores: Partial<Record<LighthouseCategory, number | null>>;
  /** A few mobile metrics (ms, except CLS). */
  metrics: Record<string, number | null>;
  /** Weighted accessibility, best-practices and SEO audits the page did not pass. */
  missedAudits: string[];
  seconds: number;
  error?: string;
}

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The same Debian Chromium flags as the browser tests, headless. */
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const PAGE_TIMEOUT_MS = 120_000;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs Lighthouse (mobile defaults) for each page in one Chromium, one page after another. A page
 * that fails is tried once more in a fresh Chromium, then recorded with its error.
 */
export async function runLighthouse(origin: string, paths: string[], register: (stop: () => Promise<void>) => void): Promise<LighthouseResult[]> {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const stopChrome = async () => {
    const running = chrome;
    chrome = undefined;
    if (running) await Promise.resolve(running.kill()).catch(() => {});
  };
  register(stopChrome);
  const lighthouseOnce = async (path: string): Promise<LighthouseResult> => {
    const result: LighthouseResult = { path, scores: {}, metrics: {}, missedAudits: [], seconds: 0 };
    try {
      chrome ??= await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
      const run = await withTimeout(
        lighthouse(new URL(path, origin).href, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        }),
        PAGE_TIMEOUT_MS,
        `Lighthouse for ${path}`,
      );
      if (!run) throw new Error('Lighthouse returned no result');
      const { lhr } = run;
      for (const category of LIGHTHOUSE_CATEGORIES) {
        const score = lhr.categories[category]?.score;
        result.scores[category] = typeof score === 'number' ? Math.round(score * 100) : null;
        if (category === 'performance') continue;
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && typeof audit?.score === 'number' && audit.score < 1) result.missedAudits.push(`${category}/${ref.id}`);
        }
      }
      for (const [name, audit] of Object.entries(METRICS)) {
        const value = lhr.audits[audit]?.numericValue;
        result.metrics[name] = typeof value === 'number' ? value : null;
      }
      if (lhr.runtimeError) result.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    } catch (error) {
      result.error = errorMessage(error);
    }
    return result;
  };
  const results: LighthouseResult[] = [];
  try {
    for (const path of paths) {
      const started = Date.now();
      let result = await lighthouseOnce(path);
      if (result.error) {
        // Traces sometimes fail on a busy machine (NO_NAVSTART, NO_FCP); Lighthouse's advice is to run again.
        console.log(`  lighthouse ${path}: ${result.error}; retrying in a fresh Chromium`);
        await stopChrome();
        result = await lighthouseOnce(path);
        if (result.error) await stopChrome();
      }
      result.seconds = (Date.now() - started) / 1000;
      results.push(result);
      const shown = LIGHTHOUSE_CATEGORIES.map((c) => `${c} ${result.scores[c] ?? '–'}`).join(', ');
      console.log(`  lighthouse ${path}: ${result.error ? `failed (${result.error})` : shown} in ${result.seconds.toFixed(0)} s`);
    }
  } finally {
    await stopChrome();
  }
  return results;
}

export function pageTable(js: PageJs[], lh: LighthouseResult[] | null): Table {
  const byPath = new Map((lh ?? []).map((r) => [r.path, r]));
  const headers = ['page', 'JS KB gzip', 'JS requests', 'inline scripts'];
  if (lh) headers.push('Perf', 'A11y', 'Best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS');
  const notes: string[] = [];
  const rows = js.map((page) => {
    const row: (string | number)[] = [page.path, fixed(page.totalGzipBytes / 1024, 1), page.requests, page.inline.count];
    if (page.error) notes.push(`JS bytes of ${page.path}: ${page.error}`);
    if (lh) {
      const r = byPath.get(page.path);
      row.push(...LIGHTHOUSE_CATEGORIES.map((c) => (r?.scores[c] ?? '–') as string | number));
      row.push(fixed(r?.metrics.lcp, 0), fixed(r?.metrics.tbt, 0), fixed(r?.metrics.cls, 3));
      if (r?.error) notes.push(`Lighthouse for ${page.path}: ${r.error}`);
      if (r?.missedAudits.length) notes.push(`Audits not passed on ${page.path}: ${r.missedAudits.join(', ')}`);
    }
    return row;
  });
  notes.unshift('JS = external scripts, modulepreloads, island component/renderer modules and everything they import, plus inline scripts; each gzipped at level 9.');
  if (lh) notes.push('Lighthouse 12.8 mobile defaults (simulated slow 4G, Moto G Power emulation) in Debian Chromium, headless.');
  else notes.push('Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1).');
  return { title: 'Pages: JavaScript shipped and Lighthouse (mobile)', headers, rows, notes };
}
