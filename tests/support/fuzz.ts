/**
 * Deterministic ingredients for malformed-input tests: a seeded PRNG (same seed, same requests,
 * so a failure reproduces) and pools of values that break parsers, validators and SQL.
 */

/** mulberry32: a tiny seeded PRNG with a uniform [0, 1) output. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(0, 255));
  return { next, int, pick, chance, bytes };
}
export type Random = ReturnType<typeof seededRandom>;

/** Strings that are not what any field wants: control chars, RTL overrides, emoji, SQL, markup. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b@example.com',
  '\u202Egnp.live\u202C',
  'مرحبا بالعالم سكوتسديل',
  'שלום עולם',
  '😀🌵🔥🏜️👨‍👩‍👧‍👦',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'Z̸̡̢͓̈́a̷̛͔l̶̨̛g̵̢͝o̴̙͊',
  "' OR '1'='1",
  "'; DROP TABLE spots; --",
  '1; DELETE FROM newsletter_subscribers',
  '" OR ""="',
  "admin'--",
  "1' UNION SELECT * FROM users --",
  '%00',
  '%',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  'javascript:alert(1)',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];

/** Values of every JSON type, for fields that want some other type. */
export const WRONG_TYPES: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  [''],
  ['a', 1, null],
  {},
  { a: 1 },
  { __proto__: null, toString: 'x' },
  { $gt: '' },
  { length: 1e9 },
];

/** Raw texts that are not JSON at all, or not the JSON a parser expects. */
export const INVALID_JSON_TEXTS: readonly string[] = [
  '{',
  '}',
  '[',
  '{"email":',
  "{'email':'a@example.com'}",
  '{"email":"a@example.com",}',
  '{email:"a@example.com"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  'undefined',
  'NaN',
  'Infinity',
  '-',
  '01',
  '\u0000',
  '{"a":"\u0000"',
  '"unterminated',
  '/* comment */ {}',
  '{"a":1,,"b":2}',
  '\\u0000',
  ' ',
  '\n',
];

/** JSON texts that parse but to a top-level value no endpoint takes. */
export const WRONG_TOP_LEVEL_JSON: readonly string[] = ['null', 'true', 'false', '0', '-1', '1e309', '""', '"a@example.com"', '[]', '[{}]', '[null]', '{}'];

/** Path segments that are not ids or slugs (already percent-encoded where needed). */
export const BAD_PATH_SEGMENTS: readonly string[] = [
  'abc',
  '-1',
  '0',
  '00',
  '1e309',
  '1.5',
  '1e3',
  '0x10',
  '%2B1',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '%00',
  '1%00',
  '%20',
  '%201',
  '%0A',
  '9999999999999',
  '99999999999999999999999999999999',
  '%F0%9F%8C%B5',
  '%E2%80%AE1',
  '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20spots',
  '__proto__',
  'constructor',
  '%2E%2E',
  '..%2F..%2Fetc%2Fpasswd',
  '%25',
  '%3Cscript%3E',
  'UPPER-case',
  'a--b',
  '-a',
];

/** Segments the node adapter cannot decode (it answers before Astro sees the request). */
export const UNDECODABLE_PATH_SEGMENTS: readonly string[] = ['%', '%zz', '%E0%A4%A', '%FF', '%C0%AF'];

/** A random string of `length` characters drawn from a mix of scripts, emoji and control characters. */
export function randomText(random: Random, length: number): string {
  const alphabet = ['a', 'Z', '9', ' ', '-', '_', '.', '@', "'", '"', '\\', '\u0000', '\u202E', 'ש', 'م', '漢', '🌵', '😀', '\n', '%'];
  let text = '';
  while (text.length < length) text += random.pick(alphabet);
  return text;
}

/** A huge string, 10k–100k characters. */
export function hugeString(random: Random): string {
  return random.pick(['x', 'é', '🌵', "'", 'a@b.co']).repeat(Math.ceil(random.int(10_000, 100_000) / 2));
}

/** A nested object or array `depth` levels deep, as JSON text (parsing it must not overflow). */
export function deeplyNestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A value that is wrong for a string field: another type, a nasty string, a huge or nested value. */
export function wrongValue(random: Random): unknown {
  const roll = random.next();
  if (roll < 0.35) return random.pick(WRONG_TYPES);
  if (roll < 0.7) return random.pick(NASTY_STRINGS);
  if (roll < 0.8) return randomText(random, random.int(1, 300));
  if (roll < 0.88) return hugeString(random);
  if (roll < 0.94) return JSON.parse(deeplyNestedJson(random.int(50, 500), random.chance(0.5) ? 'array' : 'object'));
  // JSON.parse makes `__proto__` an own key, so JSON.stringify sends it on.
  return JSON.parse('{"__proto__":{"admin":true,"email":"a@example.com"},"constructor":{"prototype":{"polluted":true}}}');
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
