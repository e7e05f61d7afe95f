import type { APIRoute } from 'astro';
import { z } from 'zod';
import { DemoSignInInput } from '../../lib/demo-sign-in';
import { readFormBody } from '../../server/http/body';
import { handle, json, methodNotAllowed, parseQuery } from '../../server/http/responses';
import { signInDemo, signOutDemo, type SessionUser } from '../../server/visitors/identity';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const SignOutQuery = z.object({ scope: z.enum(['this', 'all'], { error: 'scope must be this or all' }).default('this') });
const publicUser = (user: SessionUser | null) => user && { provider: user.provider, email: user.email, name: user.name, verified: user.verified };

/** Who the server takes the visitor to be. */
export const GET: APIRoute = ({ locals }) => handle(() => json({ user: publicUser(locals.user) }, { headers: PRIVATE }));

/** The demo sign-in: an unverified user of this browser, held by a server-side session. */
export const POST: APIRoute = ({ clientAddress, cookies, locals, request, url }) =>
  handle(async () => {
    const input = await readFormBody(request, DemoSignInInput);
    const origin = { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') };
    const user = await signInDemo(cookies, { email: input.email, name: input.name || null, sessionId: locals.sessionId! }, origin, url.protocol === 'https:');
    return json({ user: publicUser(user) }, { headers: PRIVATE });
  });

/**
 * Signs the demo user out of this browser, or with `?scope=all` out of every browser they signed
 * in on (a Clerk session ends through Clerk).
 */
export const DELETE: APIRoute = ({ cookies, url }) =>
  handle(async () => {
    const { scope } = parseQuery(url, SignOutQuery);
    await signOutDemo(cookies, scope === 'all');
    return json({ user: null }, { headers: PRIVATE });
  });

export const ALL = methodNotAllowed(['GET', 'POST', 'DELETE']);
