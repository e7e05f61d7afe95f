import { expect } from 'vitest';
import type { FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from './cookie-jar';
import type { TestServer } from './server';

/** POSTs JSON (or nothing) as the browser holding `jar`, as if from page `from` (its Referer). */
export async function postAs(server: TestServer, path: string, jar: CookieJar, body?: unknown, from?: string): Promise<Response> {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: {
      origin: server.url,
      cookie: jar.header(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(from ? { referer: `${server.url}${from}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  jar.store(response);
  return response;
}

/**
 * A real checkout: started on page `from`, paid on the fake's hosted page, returned to /success in
 * the same browser. Answers the Stripe subscription id and the browser.
 */
export async function checkoutFrom(server: TestServer, stripe: FakeStripe, email: string, from: string, jar = new CookieJar(), priceId?: string) {
  const created = await postAs(server, '/api/create-subscription', jar, { email, ...(priceId ? { priceId } : {}) }, from);
  expect(created.status).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  expect((await postAs(server, '/api/subscription/success', jar, { sessionId })).status).toBe(200);
  await stripe.settled();
  return { subscriptionId: stripe.session(sessionId).subscription!, jar };
}

/** Whether the browser holding `jar` is unlocked (GET /api/subscription/status). */
export async function isActive(server: TestServer, jar: CookieJar, email: string): Promise<boolean> {
  const response = await server.fetch(`/api/subscription/status?email=${encodeURIComponent(email)}`, { headers: { cookie: jar.header() } });
  return ((await response.json()) as { isActive: boolean }).isActive;
}
