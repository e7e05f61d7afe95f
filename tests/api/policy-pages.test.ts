import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  // No Stripe settings: this server takes no payments.
  server = await startTestServer();
});
afterAll(() => server?.stop());

const readable = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const page = async (path: string) => {
  const response = await server.fetch(path, { headers: { accept: 'text/html' } });
  return { response, html: readable(await response.text()) };
};
/** The text of the page's main content, tags dropped. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the policies: /terms, /privacy, /refunds', () => {
  it.each([
    ['/terms', 'Terms of Use'],
    ['/privacy', 'Privacy'],
    ['/refunds', 'Refunds'],
  ])('%s is a dated public page titled %s, linking the other policies', async (path, title) => {
    const { response, html } = await page(path);
    expect(response.status).toBe(200);
    // The same for everyone: kept like any public page, never marked private.
    expect(response.headers.get('cache-control')).not.toMatch(/private|no-store/);
    expect(response.headers.get('etag')).toBeTruthy();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toMatch(/Last updated <time datetime="2026-11-27"[^>]*>November 27, 2026<\/time>/);
    for (const other of ['/terms', '/privacy', '/refunds']) expect(html).toContain(`href="${other}"`);
  });

  it('/privacy names what is stored, every cookie as essential, the processors, and how to get or delete your data', async () => {
    const body = text((await page('/privacy')).html);
    expect(body).toContain('Every cookie here is essential');
    for (const cookie of ['sid', 'subscriber', 'checkout', 'user', 'admin_session']) expect(body).toContain(cookie);
    expect(body).toContain('Stripe takes membership payments');
    expect(body).toContain('Our mail server delivers');
    // This build signs no one in through Clerk, so the page does not name it.
    expect(body).not.toContain('Clerk');
    expect(body).toContain('Download my data');
    expect(body).toContain('Delete my account');
    expect((await page('/privacy')).html).toContain('href="/account"');
  });

  it('/refunds states the 30-day guarantee and how to ask', async () => {
    const body = text((await page('/refunds')).html);
    expect(body).toContain('30-day money-back guarantee');
    expect(body).toContain('Ask within 30 days of a payment and we refund that payment in full.');
    expect((await page('/refunds')).html).toContain('href="mailto:hello@scottsdalelocalguide.com?subject=Refund"');
  });

  it('the sitemap lists them', async () => {
    const sitemap = await (await server.fetch('/sitemap.xml')).text();
    for (const path of ['/terms', '/privacy', '/refunds']) expect(sitemap).toContain(`<loc>${server.url}${path}</loc>`);
  });
});

describe('the way to membership and the policies from every page', () => {
  it('the footer links Membership and the three policies; the hero price pill leads to /launch', async () => {
    const { html } = await page('/');
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toMatch(/<a href="\/launch"[^>]*>Membership<\/a>/);
    expect(footer).toMatch(/<a href="\/terms"[^>]*>Terms<\/a>/);
    expect(footer).toMatch(/<a href="\/privacy"[^>]*>Privacy<\/a>/);
    expect(footer).toMatch(/<a href="\/refunds"[^>]*>Refunds<\/a>/);
    expect(html).toMatch(/<a class="hero__badge"[^>]*href="\/launch"/);
    // The newsletter form says where its address goes.
    expect(html).toMatch(/newsletter__fine[\s\S]*?href="\/privacy"/);
  });

  it('a server without payments tells its pages so: the subscribe dialog offers the newsletter instead', async () => {
    const raw = await (await server.fetch('/launch')).text();
    const offer = JSON.parse(readable(raw.match(/<meta name="site-offer" content="([^"]+)"/)![1]!).replace(/&#34;/g, '"'));
    expect(offer.payments).toBe(false);
  });

  it('/events offers "Subscribe to the calendar" without showing a raw address', async () => {
    const body = text((await page('/events')).html);
    expect(body).toContain('Subscribe to the calendar');
    expect(body).not.toContain('/events.ics');
  });
});
