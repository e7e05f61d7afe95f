import { currentStamp, type Stamp } from '../db/generation';
import { CACHE_KEY_HEADER, keyFromTicket } from './cache-keys.mjs';
import { compressFast, preferredEncoding } from './content-coding.mjs';
import { MAX_ENTRY_BYTES, keep } from './response-cache.mjs';
import type { RoutePolicy } from './route-policy.mjs';

export interface ShareTicket {
  key: string;
  /** The generations read before anything was rendered: a write during rendering leaves the copy stale. */
  stamp: Stamp;
  at: number;
  /** The groups of data the rendering read (noted by src/server/db/generation.ts as its statements go). */
  reads: Set<string>;
}

/**
 * A request the edge (scripts/serve.mjs) found shareable — a GET with no credentials and no cookie
 * but the anonymous visitor id — on a route whose policy says `public`, with the data generation
 * read before anything is rendered. Null: its response is not kept.
 */
export async function shareTicket(request: Request, policy: RoutePolicy | undefined): Promise<ShareTicket | null> {
  if (request.method !== 'GET' || policy?.cache !== 'public' || policy.kind === 'file') return null;
  const key = keyFromTicket(request.headers.get(CACHE_KEY_HEADER));
  if (!key) return null;
  const stamp = await currentStamp();
  return stamp ? { key, stamp, at: Date.now(), reads: new Set() } : null;
}

/** Vary names only what the cache stores variants of (encodings) or has ruled out (personal cookies). */
const SHAREABLE_VARY = /^(accept-encoding|cookie)$/i;

/**
 * Whether a finished response is the same for every anonymous visitor: a 200 with an ETag, no
 * cookie set, no user, not private or no-store, not varying on a header the key does not hold.
 */
function shareable(response: Response, personal: { setsCookies: boolean; signedIn: boolean }): boolean {
  if (response.status !== 200 || personal.setsCookies || personal.signedIn) return false;
  if (!response.headers.get('etag') || response.headers.has('set-cookie')) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  const vary = (response.headers.get('vary') ?? '').split(',').map((name) => name.trim());
  return vary.every((name) => !name || SHAREABLE_VARY.test(name));
}

function varyWithEncoding(vary: string | undefined): string {
  const names = (vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => /^accept-encoding$/i.test(name))) names.push('Accept-Encoding');
  return names.join(', ');
}

export function storedHeaders(source: Headers): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of source) {
    if (!/^(content-length|content-encoding|transfer-encoding|set-cookie|date|connection|keep-alive|x-astro-[a-z-]+)$/i.test(name)) headers[name] = value;
  }
  headers.vary = varyWithEncoding(headers.vary);
  return headers;
}

/**
 * Keeps a shareable response in the shared cache and answers this request in the form it accepts
 * (the edge then leaves it as it is). Anything else passes through untouched.
 */
export async function keepIfShareable(
  ticket: ShareTicket | null,
  request: Request,
  response: Response,
  personal: { setsCookies: boolean; signedIn: boolean },
): Promise<Response> {
  if (!ticket || !shareable(response, personal)) return response;
  const identity = Buffer.from(await response.arrayBuffer());
  if (identity.length > MAX_ENTRY_BYTES) return new Response(identity, { status: response.status, headers: response.headers });
  // The form this request takes is made now; another is made when first asked for, and lasting
  // answers get both again at the best levels (see response-cache.mjs).
  const encoding = preferredEncoding(request.headers.get('accept-encoding'));
  const body = encoding ? compressFast(identity, encoding) : identity;
  const headers = storedHeaders(response.headers);
  // A group with no generation row (none is missing after the migrations) is never current.
  const reads = [...ticket.reads].map((group): [string, number] => [group, ticket.stamp.generations[group] ?? -1]);
  const made = { reads, epoch: ticket.stamp.epoch, at: ticket.at };
  keep(ticket.key, { headers, etag: response.headers.get('etag')!, bodies: { identity, ...(encoding ? { [encoding]: body } : {}) }, made });
  const answer = new Headers(headers);
  if (encoding) answer.set('content-encoding', encoding);
  answer.set('content-length', String(body.length));
  return new Response(body, { status: 200, headers: answer });
}
