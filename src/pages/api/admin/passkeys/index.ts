import type { APIRoute } from 'astro';
import { addPasskey, passkeysOf } from '../../../../server/admin/passkeys';
import { RegistrationBody, asRegistration } from '../../../../server/admin/passkeys-input';
import { relyingParty } from '../../../../server/admin/passkeys-party';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

const PRIVATE = { 'Cache-Control': 'no-store' };

/** The signed-in member of staff's passkeys. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const member = requireStaff(locals, 'dashboard:read');
    return json({ passkeys: await passkeysOf(member.id) }, { headers: PRIVATE });
  });

/** Adds the passkey the browser just made (answering a challenge from ./options), with its name. */
export const POST: APIRoute = ({ request, locals, url }) =>
  handle(async () => {
    const member = requireStaff(locals, 'dashboard:read');
    const body = await readJsonBody(request, RegistrationBody);
    const passkeys = await addPasskey(member, relyingParty(url), body.name, asRegistration(body));
    return json({ passkeys }, { status: 201, headers: PRIVATE });
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
