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
 * A real checkout (usable by the browser tests too, so it checks with plain errors rather than a test runner's expect): started on page `from`, paid on the fake's hosted page, returned to /success in
 * the same browser. Answers the Stripe subscription id and the browser.
 */
export async function checkoutFrom(server: TestServer, stripe: FakeStripe, email: string, from: string, jar = new CookieJar(), priceId?: string) {
  const created = await postAs(server, '/api/create-subscription', jar, { email, ...(priceId ? { priceId } : {}) }, from);
  if (created.status !== 200) throw new Error(`checkout start answered ${created.status}: ${await created.text()}`);
  const { url } = (await created.json()) as { url: string };
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`the fake's payment page answered ${paid.status}`);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  const success = await postAs(server, '/api/subscription/success', jar, { sessionId });
  if (success.status !== 200) throw new Error(`the success call answered ${success.status}`);
  await stripe.settled();
  return { subscriptionId: stripe.session(sessionId).subscription!, jar };
}

/** Whether the browser holding `jar` is unlocked (GET /api/subscription/status). */
export async function isActive(server: TestServer, jar: CookieJar, email: string): Promise<boolean> {
  const response = await server.fetch(`/api/subscription/status?email=${encodeURIComponent(email)}`, { headers: { cookie: jar.header() } });
  return ((await response.json()) as { isActive: boolean }).isActive;
}
