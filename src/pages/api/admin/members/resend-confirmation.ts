import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { publicOrigin } from '../../../../server/http/request-origin';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { resendConfirmation } from '../../../../server/members/actions';
import { EmailInput } from '../../../../server/members/inputs';

/** POST /api/admin/members/resend-confirmation ('members:manage'): queues the newsletter confirmation again. */
export const POST: APIRoute = ({ locals, request, url }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:manage');
    const { email } = await readJsonBody(request, EmailInput);
    return json(await resendConfirmation(staff, email, publicOrigin(url)));
  });
export const ALL = methodNotAllowed(['POST']);
