import type { APIRoute } from 'astro';
import { relyingParty } from '../../../../../server/admin/passkeys-party';
import { signInOptions } from '../../../../../server/admin/passkeys-sign-in';
import { handle, json, methodNotAllowed } from '../../../../../server/http/responses';

/** A sign-in challenge, for anyone at the gate: good for 5 minutes and one answer. */
export const POST: APIRoute = ({ url }) => handle(async () => json(await signInOptions(relyingParty(url)), { headers: { 'Cache-Control': 'no-store' } }));

export const ALL = methodNotAllowed(['POST']);
