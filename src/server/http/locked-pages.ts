import { createHash } from 'node:crypto';
import { currentStamp } from '../db/generation';
import { freshEntry, keep, responseCache } from './response-cache.mjs';
import { storedHeaders, type ShareTicket } from './shared-responses';

/**
 * The one copy of a spot page every locked visitor gets (docs/decisions/033-cache-per-table-and-shared-spot-pages.md):
 * the teaser and the offer, nothing about the visitor. Such a visitor's request is personal (the
 * `subscriber` cookie), so the edge never answers it; the page answers from this copy once the
 * visitor's own view has been judged locked. Its key begins with `locked `, which no request's key
 * can (those begin with the scheme), so no request ever reaches it but through that judgement.
 */
interface LockedTicket extends ShareTicket {
  /** Set by the page when it judged the visitor locked and found no current copy: keep what it renders. */
  wanted: boolean;
  /** Set when the page answered from the copy. */
  served: boolean;
}

const tickets = new WeakMap<Request, LockedTicket>();

/**
 * Before a personal request for a spot page is rendered: the generations as they are now, and a
 * set the rendering notes the groups it reads into. Null when the cache is off, the Host is not
 * the site's, or the generations are unknown.
 */
export async function lockedPageTicket(request: Request, url: URL): Promise<LockedTicket | null> {
  const cache = responseCache();
  if (!cache.enabled || request.method !== 'GET') return null;
  const host = url.host.toLowerCase();
  if (cache.siteHost && host !== cache.siteHost) return null;
  const stamp = await currentStamp();
  if (!stamp) return null;
  const ticket: LockedTicket = { key: `locked ${url.protocol}//${host}${url.pathname}`, stamp, at: Date.now(), reads: new Set(), wanted: false, served: false };
  tickets.set(request, ticket);
  return ticket;
}

/**
 * For a visitor the page judged locked (not signed in: a signed-in header is theirs): the kept
 * locked copy as a response, or null after marking that what is rendered now is to be kept.
 */
export async function keptLockedPage(request: Request): Promise<Response | null> {
  const ticket = tickets.get(request);
  if (!ticket) return null;
  // The visitor's view was just judged (a write): the generations are read again first.
  await currentStamp();
  const entry = freshEntry(ticket.key);
  if (!entry) {
    ticket.wanted = true;
    return null;
  }
  ticket.served = true;
  return new Response(new Uint8Array(entry.bodies.identity), { status: 200, headers: { ...entry.headers, 'X-Cache': 'HIT' } });
}

/** After rendering: keeps the locked page the page asked to keep, if it is one to share. */
export async function keepLockedPage(ticket: LockedTicket | null, response: Response, personal: { setsCookies: boolean; signedIn: boolean }): Promise<Response> {
  if (!ticket?.wanted || ticket.served || response.status !== 200 || personal.signedIn) return response;
  const identity = Buffer.from(await response.arrayBuffer());
  const headers = storedHeaders(response.headers);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  const reads = [...ticket.reads].map((group): [string, number] => [group, ticket.stamp.generations[group] ?? -1]);
  keep(ticket.key, { headers, etag, bodies: { identity }, made: { reads, epoch: ticket.stamp.epoch, at: ticket.at } });
  return new Response(identity, { status: response.status, statusText: response.statusText, headers: response.headers });
}
