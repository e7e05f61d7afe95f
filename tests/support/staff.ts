import { expect } from 'vitest';
import { CookieJar } from './cookie-jar';
import type { TestServer } from './server';

/** A browser: its cookies, and the address our (trusted) proxy says it comes from. */
export class Browser extends CookieJar {
  constructor(public address = '198.18.0.1') {
    super();
  }
}

/** Calls the server as this browser (or as nobody): same origin, JSON body when given, no redirects followed. */
export async function call(server: TestServer, browser: Browser | null, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await server.fetch(path, {
    method,
    redirect: 'manual',
    headers: {
      origin: server.url,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'x-forwarded-for': browser?.address ?? '198.18.0.250',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(browser && browser.header() ? { cookie: browser.header() } : {}),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  browser?.store(response);
  return response;
}

/** Signs in with ADMIN_PASSWORD, as the built-in Owner. */
export async function signInOwner(server: TestServer, browser: Browser, password: string): Promise<void> {
  const response = await call(server, browser, 'POST', '/api/admin/auth', { password });
  expect(response.status).toBe(200);
}

/** The Owner invites an email with a role: the link's token. */
export async function invite(server: TestServer, owner: Browser, email: string, role: string): Promise<string> {
  const response = await call(server, owner, 'POST', '/api/admin/invites', { email, role });
  expect(response.status).toBe(201);
  const { invite: made } = (await response.json()) as { invite: { link: string } };
  return new URL(made.link).searchParams.get('token')!;
}

/** Accepts an invite in this browser (which is then signed in as the new account): the account's id. */
export async function join(server: TestServer, browser: Browser, token: string, name: string, password: string): Promise<number> {
  const response = await call(server, browser, 'POST', '/api/admin/invites/accept', { token, name, password });
  expect(response.status).toBe(201);
  return ((await response.json()) as { account: { id: number } }).account.id;
}
