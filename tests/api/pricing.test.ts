import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { subscribers } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

// Amounts unlike the defaults ($2.99 / $4.99), so every figure on a page is proved to come from Stripe.
const REGULAR = 'price_test_monthly';
const FOUNDING = 'price_test_founding';
const AMOUNTS = { [REGULAR]: 349, [FOUNDING]: 599, price_test_yearly: 3490 };

interface Site {
  stripe: FakeStripe;
  server: TestServer;
}

async function startSite(env: Record<string, string>, startDate?: Date): Promise<Site> {
  const stripe = await startFakeStripe({ prices: AMOUNTS, subscriptionStartDate: startDate });
  const server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICE_ID: `${REGULAR},price_test_yearly`,
      SESSION_SECRET: 'pricing-session-secret-that-is-long-enough-1',
      ...env,
    },
  });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  return { stripe, server };
}

async function stopSite(site: Site | undefined) {
  await site?.server.stop();
  await site?.stripe.stop();
}

async function page(site: Site, path: string): Promise<string> {
  const response = await site.server.fetch(path);
  expect(response.status).toBe(200);
  return response.text();
}

function embeddedOffer(html: string): unknown {
  const json = /<meta name="site-offer" content="([^"]*)"/.exec(html)?.[1];
  expect(json).toBeTruthy();
  return JSON.parse(
    json!
      .replace(/&quot;/g, '"')
      .replace(/&#34;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

/** Checkout, payment on the fake's page, activation: what the server stored and which price was charged. */
async function subscribe(site: Site, email: string, body: Record<string, string> = {}) {
  const jar = new CookieJar();
  const post = async (path: string, payload: unknown) => {
    const response = await site.server.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.server.url, cookie: jar.header() },
      body: JSON.stringify(payload),
    });
    jar.store(response);
    return response;
  };
  const created = await post('/api/create-subscription', { email, ...body });
  expect(created.status).toBe(200);
  const checkout = site.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
  const charged = (checkout.body.line_items as Record<string, Record<string, string>>)['0']!.price;
  const paid = await fetch((await created.json()).url, { method: 'POST', redirect: 'manual' });
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id');
  const activated = await post('/api/subscription/success', { sessionId });
  expect(activated.status).toBe(200);
  const db = openDatabase({ url: site.server.databaseUrl });
  try {
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    return { charged, answer: await activated.json(), stored: row! };
  } finally {
    db.$client.close();
  }
}

describe('while the founding window is open', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ STRIPE_FOUNDING_PRICE_ID: FOUNDING, FOUNDING_MEMBER_UNTIL: '2099-12-31' }, new Date());
  });
  afterAll(() => stopSite(site));

  it('every page quotes the founding price read from Stripe, and the regular price after the window', async () => {
    const home = await page(site, '/');
    expect(home).toContain('Founding Member Rate · $5.99/month, locked forever');
    const launch = await page(site, '/launch');
    expect(launch).toMatch(/class="price-box__price"[^>]*>\$5\.99\/month</);
    expect(launch).toContain('Regular price $3.49/mo applies after Dec 31, 2099.');
    expect(launch).toContain('Join as a Founding Member');
    expect(await page(site, '/about')).toContain('Members who join by Dec 31, 2099 pay the Founding Member Rate of $5.99/month, locked forever.');
    expect(embeddedOffer(home)).toEqual({
      regular: { amount: '$3.49', per: 'month', perShort: 'mo' },
      founding: { amount: '$5.99', per: 'month', perShort: 'mo' },
      foundingUntil: '2100-01-01T06:59:59.999Z',
    });
    for (const html of [home, launch]) expect(html).not.toMatch(/\$[24]\.99/);
  });

  it('reads each price from Stripe once, then serves pages from its cache', async () => {
    for (let i = 0; i < 5; i++) await page(site, i % 2 ? '/launch' : '/about');
    const reads = site.stripe.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/prices/')).map((r) => r.path);
    expect(reads.sort()).toEqual([`/v1/prices/${FOUNDING}`, `/v1/prices/${REGULAR}`]);
  });

  it('charges the founding price and stores a founding membership', async () => {
    const { charged, answer, stored } = await subscribe(site, 'founder@example.com');
    expect(charged).toBe(FOUNDING);
    expect(answer).toMatchObject({ isActive: true, isFoundingMember: true });
    expect(stored).toMatchObject({ subscriptionStatus: 'active', isFoundingMember: true });
  });

  it('a member who chose another configured price is not a founding member', async () => {
    const { charged, stored } = await subscribe(site, 'yearly@example.com', { priceId: 'price_test_yearly' });
    expect(charged).toBe('price_test_yearly');
    expect(stored.isFoundingMember).toBe(false);
  });
});

describe('after the founding window', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ STRIPE_FOUNDING_PRICE_ID: FOUNDING, FOUNDING_MEMBER_UNTIL: '2026-01-15' }, new Date());
  });
  afterAll(() => stopSite(site));

  it('no page promises the founding rate, and each quotes the regular price', async () => {
    const home = await page(site, '/');
    expect(home).toContain('Every spot, unlocked · $3.49/month');
    const launch = await page(site, '/launch');
    expect(launch).toMatch(/class="price-box__price"[^>]*>\$3\.49\/month</);
    expect(launch).toContain('Become a Member');
    const about = await page(site, '/about');
    expect(about).toContain('Membership is $3.49/month.');
    for (const html of [home, launch, about]) {
      expect(html).not.toMatch(/founding (rate|member)/i);
      expect(html).not.toContain('$5.99');
    }
  });

  it('refuses the founding price, charges the regular one and stores no founding membership', async () => {
    const refused = await site.server.fetch('/api/create-subscription', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.server.url },
      body: JSON.stringify({ email: 'late@example.com', priceId: FOUNDING }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('That price is not available.');
    const { charged, answer, stored } = await subscribe(site, 'late@example.com');
    expect(charged).toBe(REGULAR);
    expect(answer).toMatchObject({ isActive: true, isFoundingMember: false });
    expect(stored.isFoundingMember).toBe(false);
  });
});

describe('founding membership is decided by when the subscription started', () => {
  it('a subscription on the founding price that Stripe says started after the window is not a founding membership', async () => {
    const site = await startSite({ STRIPE_FOUNDING_PRICE_ID: FOUNDING, FOUNDING_MEMBER_UNTIL: '2099-12-31' }, new Date('2100-01-02T12:00:00Z'));
    try {
      const { charged, stored } = await subscribe(site, 'first@example.com');
      expect(charged).toBe(FOUNDING);
      expect(stored.isFoundingMember).toBe(false);
    } finally {
      await stopSite(site);
    }
  });

  it('without a founding price nothing promises or stores a founding rate', async () => {
    const site = await startSite({ FOUNDING_MEMBER_UNTIL: '2099-12-31' }, new Date());
    try {
      const home = await page(site, '/');
      expect(home).toContain('Every spot, unlocked · $3.49/month');
      expect(await page(site, '/launch')).not.toMatch(/founding (rate|member)/i);
      const { charged, stored } = await subscribe(site, 'plain@example.com');
      expect(charged).toBe(REGULAR);
      expect(stored.isFoundingMember).toBe(false);
    } finally {
      await stopSite(site);
    }
  });

  it('when Stripe cannot be read, pages still render with the list prices', async () => {
    const site = await startSite({ STRIPE_PRICE_ID: 'price_missing' });
    try {
      const home = await page(site, '/');
      expect(embeddedOffer(home)).toMatchObject({ regular: { amount: '$2.99' } });
    } finally {
      await stopSite(site);
    }
  });
});
