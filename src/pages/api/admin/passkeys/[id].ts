import type { APIRoute } from 'astro';
import { z } from 'zod';
import { removePasskey } from '../../../../server/admin/passkeys';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({
  id: z
    .string()
    .min(1)
    .max(1400)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a passkey id'),
});

/** Removes one of the signed-in member of staff's own passkeys. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const member = requireStaff(locals, 'dashboard:read');
    const { id } = parseParams(params, Params);
    return json({ passkeys: await removePasskey(member, id) }, { headers: { 'Cache-Control': 'no-store' } });
  });

export const ALL = methodNotAllowed(['DELETE']);
