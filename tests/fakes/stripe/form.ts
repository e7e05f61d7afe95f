/**
 * Stripe's v1 wire format: `application/x-www-form-urlencoded` with bracketed keys and indexed
 * arrays (`line_items[0][price]=price_1&metadata[userId]=42&expand[0]=subscription`). The SDK
 * sends brackets raw and percent-encodes values; other clients may encode the brackets too,
 * which Stripe also accepts, so keys are decoded before their brackets are read.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormError extends Error {}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new FormError(`Invalid percent-encoding in "${part}"`);
  }
}

/** Splits `a[b][0][]` into ['a', 'b', '0', '']. A key that is not of that form is taken whole. */
export function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

type Node = { [key: string]: Node | string };

/** Parses a form body or query string (without the leading `?`) into nested objects and arrays. */
export function parseForm(raw: string): FormObject {
  const root: Node = {};
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const path = splitKey(key);
    let node: Node = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i]!;
      // `expand[]=a&expand[]=b` appends, like an array without explicit indexes.
      if (segment === '' && i > 0) segment = String(Object.keys(node).length);
      const last = i === path.length - 1;
      const existing = node[segment];
      if (last) {
        if (typeof existing === 'object') throw new FormError(`Invalid value for ${key}: it is also used as a hash`);
        node[segment] = value;
      } else {
        if (typeof existing === 'string') throw new FormError(`Invalid hash for ${key}: it was given a plain value`);
        node = (existing ?? (node[segment] = {})) as Node;
      }
    }
  }
  return finish(root) as FormObject;
}

/** Turns objects whose keys are all non-negative integers into arrays ordered by index. */
function finish(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const converted: Record<string, FormValue> = {};
  for (const key of keys) converted[key] = finish(node[key]!);
  if (keys.length > 0 && keys.every((k) => /^(0|[1-9]\d*)$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)]!);
  }
  return converted;
}

/** Encodes like the SDK does (brackets raw, values percent-encoded); handy for raw requests in tests. */
export function encodeForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const enc = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const walk = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, i) => walk(`${key}[${i}]`, item));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push(`${enc(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${enc(value === null ? '' : String(value))}`);
  };
  for (const [k, v] of Object.entries(data)) walk(k, v);
  return pairs.join('&');
}

/** Reads a string parameter; `undefined` when absent. Nested values are not strings. */
export function str(params: FormObject, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

/** Reads a hash parameter such as `metadata[...]`; `undefined` when absent. */
export function hash(params: FormObject, key: string): Record<string, FormValue> | undefined {
  const value = params[key];
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
