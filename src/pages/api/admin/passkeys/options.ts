import type { APIRoute } from 'astro';
import { registrationOptions } from '../../../../server/admin/passkeys';
import { relyingParty } from '../../../../server/admin/passkeys-party';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

/** A registration challenge for the signed-in member of staff: good for 5 minutes and one answer. */
export const POST: APIRoute = ({ locals, url }) =>
  handle(async () => {
    const member = requireStaff(locals, 'dashboard:read');
    return json(await registrationOptions(member, relyingParty(url)), { headers: { 'Cache-Control': 'no-store' } });
  });

export const ALL = methodNotAllowed(['POST']);
