import type { APIRoute } from 'astro';
import { z } from 'zod';
import { checkAdminPassword } from '../../../server/admin/auth';
import { startAdminSession } from '../../../server/admin/session';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

const Body = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200) });

export const POST: APIRoute = ({ request, cookies, clientAddress, url }) =>
  handle(async () => {
    const { password } = await readJsonBody(request, Body);
    await checkAdminPassword(password, clientAddress);
    startAdminSession(cookies, url.protocol === 'https:');
    return json({ authenticated: true });
  });

export const ALL = methodNotAllowed(['POST']);
