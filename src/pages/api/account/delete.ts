import type { APIRoute } from 'astro';
import { z } from 'zod';
import { deleteClerkUser, forgetClerkUser } from '../../../server/adapters/clerk-user';
import { config } from '../../../server/config';
import { readJsonBody } from '../../../server/http/body';
import { handle, HttpError, json, methodNotAllowed } from '../../../server/http/responses';
import { deleteMyAccount } from '../../../server/members/own-data';
import { requireUser, signOutDemo } from '../../../server/visitors/identity';

const Body = z.object({ confirm: z.literal(true, 'Confirm that you want to delete your account.') });

/**
 * POST /api/account/delete: deletes the signed-in account (see deleteMyAccount) and signs this
 * browser out. A Clerk user is deleted in Clerk first, which ends their Clerk sessions everywhere;
 * if Clerk cannot do it, nothing here is removed and they are asked to try again.
 */
export const POST: APIRoute = ({ locals, request, cookies }) =>
  handle(async () => {
    const user = requireUser(locals);
    await readJsonBody(request, Body);
    const clerkId = user.provider === 'clerk' ? locals.clerkUser?.id : undefined;
    if (clerkId) {
      const { CLERK_SECRET_KEY, CLERK_API_URL } = config();
      if (!CLERK_SECRET_KEY || !(await deleteClerkUser(clerkId, { secretKey: CLERK_SECRET_KEY, apiUrl: CLERK_API_URL }))) {
        throw new HttpError(502, 'Your sign-in account could not be deleted just now, so nothing was removed. Please try again in a minute.');
      }
      forgetClerkUser(clerkId);
    }
    const result = await deleteMyAccount(user);
    await signOutDemo(cookies);
    return json(result);
  });

export const ALL = methodNotAllowed(['POST']);
