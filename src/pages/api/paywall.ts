import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../server/http/responses';
import { paywallFor } from '../../server/spots/paywall';

/**
 * The visitor's free-view meter as the server judges it (signed cookies, the spots this visitor
 * opened): whether a meter applies, free spots left, and whether it has run out. Every island
 * shows this, whatever the browser stores.
 */
export const GET: APIRoute = ({ cookies, locals }) =>
  handle(async () => json(await paywallFor({ cookies, locals }), { headers: { 'Cache-Control': 'private, no-store' } }));
export const ALL = methodNotAllowed(['GET']);
