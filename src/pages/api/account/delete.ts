import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { deleteMyAccount } from '../../../server/members/own-data';
import { requireUser, signOutDemo } from '../../../server/visitors/identity';

const Body = z.object({ confirm: z.literal(true, 'Confirm that you want to delete your account.') });

/** POST /api/account/delete: deletes the signed-in account (see deleteMyAccount) and signs this browser out. */
export const POST: APIRoute = ({ locals, request, cookies }) =>
  handle(async () => {
    const user = requireUser(locals);
    await readJsonBody(request, Body);
    const result = await deleteMyAccount(user);
    await signOutDemo(cookies);
    return json(result);
  });

export const ALL = methodNotAllowed(['POST']);
