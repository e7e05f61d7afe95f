import type { APIRoute } from 'astro';
import { DemoSignInInput } from '../../lib/demo-sign-in';
import { readFormBody } from '../../server/http/body';
import { handle, json, methodNotAllowed } from '../../server/http/responses';
import { signInDemo, signOutDemo, type SessionUser } from '../../server/visitors/identity';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const publicUser = (user: SessionUser | null) => user && { provider: user.provider, email: user.email, name: user.name, verified: user.verified };

/** Who the server takes the visitor to be. */
export const GET: APIRoute = ({ locals }) => handle(() => json({ user: publicUser(locals.user) }, { headers: PRIVATE }));

/** The demo sign-in: an unverified user of this browser, held in a signed cookie. */
export const POST: APIRoute = ({ cookies, locals, request, url }) =>
  handle(async () => {
    const input = await readFormBody(request, DemoSignInInput);
    const user = await signInDemo(cookies, { email: input.email, name: input.name || null, sessionId: locals.sessionId! }, url.protocol === 'https:');
    return json({ user: publicUser(user) }, { headers: PRIVATE });
  });

/** Signs the demo user out of this browser (a Clerk session ends through Clerk). */
export const DELETE: APIRoute = ({ cookies }) =>
  handle(() => {
    signOutDemo(cookies);
    return json({ user: null }, { headers: PRIVATE });
  });

export const ALL = methodNotAllowed(['GET', 'POST', 'DELETE']);
