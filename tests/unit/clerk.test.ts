import { describe, expect, it } from 'vitest';
import { clerkFrontendApiHost, clerkHostWhenConfigured } from '../../src/lib/clerk-keys.mjs';
import { cspSettings } from '../../src/lib/csp.mjs';
import { signInReturnPath } from '../../src/server/visitors/auth-return';
import { inlineStylePolicy } from '../../src/server/adapters/clerk-csp';
import { toClerkUser, type ClerkApiUser } from '../../src/server/adapters/clerk-user';
import { readConfig } from '../../src/server/config';

const key = (prefix: string, text: string) => `${prefix}${Buffer.from(text).toString('base64')}`;

describe('Clerk keys', () => {
  it('a publishable key names its Frontend API host: pk_test_ or pk_live_ + base64 of "host$"', () => {
    expect(clerkFrontendApiHost(key('pk_live_', 'clerk.scottsdale.example$'))).toBe('clerk.scottsdale.example');
    expect(clerkFrontendApiHost(key('pk_test_', 'happy-fox-12.clerk.accounts.dev$'))).toBe('happy-fox-12.clerk.accounts.dev');
  });

  it.each([
    ['no key', undefined],
    ['empty', ''],
    ['another prefix', key('sk_live_', 'clerk.example.com$')],
    ['no trailing $', key('pk_live_', 'clerk.example.com')],
    ['not a host', key('pk_live_', 'https://clerk.example.com/$')],
    ['a bare word', key('pk_live_', 'localhost$')],
    ['not base64', 'pk_live_###'],
  ])('%s names no host', (_, value) => {
    expect(clerkFrontendApiHost(value)).toBeNull();
  });

  it('Clerk is on only with both keys', () => {
    const pk = key('pk_live_', 'clerk.example.com$');
    expect(clerkHostWhenConfigured({ PUBLIC_CLERK_PUBLISHABLE_KEY: pk, CLERK_SECRET_KEY: 'sk_live_x' })).toBe('clerk.example.com');
    expect(clerkHostWhenConfigured({ PUBLIC_CLERK_PUBLISHABLE_KEY: pk })).toBeNull();
    expect(clerkHostWhenConfigured({ PUBLIC_CLERK_PUBLISHABLE_KEY: pk, CLERK_SECRET_KEY: '  ' })).toBeNull();
    expect(clerkHostWhenConfigured({ CLERK_SECRET_KEY: 'sk_live_x' })).toBeNull();
  });

  it('the server config checks the Clerk variables and names the bad one', () => {
    const pk = key('pk_test_', 'clerk.example.com$');
    const pem = '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----';
    const ok = readConfig({ PUBLIC_CLERK_PUBLISHABLE_KEY: pk, CLERK_SECRET_KEY: 'sk_test_abc', CLERK_JWT_KEY: pem, CLERK_API_URL: 'http://127.0.0.1:9999' });
    expect(ok.CLERK_JWT_KEY).toBe('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----');
    expect(() => readConfig({ PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_live_nope' })).toThrow(/PUBLIC_CLERK_PUBLISHABLE_KEY/);
    expect(() => readConfig({ CLERK_SECRET_KEY: 'whsec_x' })).toThrow(/CLERK_SECRET_KEY must start with sk_test_ or sk_live_/);
    expect(() => readConfig({ CLERK_JWT_KEY: 'not a pem' })).toThrow(/CLERK_JWT_KEY/);
    expect(() => readConfig({ CLERK_API_URL: 'not a url' })).toThrow(/CLERK_API_URL/);
    expect(readConfig({}).CLERK_SECRET_KEY).toBeUndefined();
  });
});

describe('Content-Security-Policy settings', () => {
  it("without Clerk: the site's own policy, nothing more", () => {
    expect(cspSettings(null)).toEqual({
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ],
    });
  });

  it("with Clerk: the origins of Clerk's CSP guide", () => {
    const settings = cspSettings('clerk.example.com');
    expect(settings.directives).toContain("connect-src 'self' https://clerk.example.com");
    expect(settings.directives).toContain("img-src 'self' data: https: https://img.clerk.com");
    expect(settings.directives).toContain("worker-src 'self' blob:");
    expect(settings.directives).toContain("frame-src 'self' https://challenges.cloudflare.com");
    expect(settings.scriptDirective).toEqual({ resources: ["'self'", 'https://clerk.example.com', 'https://challenges.cloudflare.com'] });
    expect(settings.styleDirective).toEqual({ resources: ["'self'", "'unsafe-inline'"] });
  });

  it('with Clerk, style hashes are dropped so inline styles are really allowed; scripts keep theirs', () => {
    const policy = "default-src 'self'; script-src 'self' 'sha256-AAA='; style-src 'self' 'unsafe-inline' 'sha256-BBB=' 'sha384-CCC=';";
    expect(inlineStylePolicy(policy)).toBe("default-src 'self'; script-src 'self' 'sha256-AAA='; style-src 'self' 'unsafe-inline';");
    expect(inlineStylePolicy("style-src 'self' 'sha256-B=';")).toBe(" style-src 'self' 'unsafe-inline';");
  });
});

describe('the Clerk user', () => {
  const apiUser = (overrides: Partial<ClerkApiUser> = {}): ClerkApiUser => ({
    id: 'user_1',
    primaryEmailAddressId: 'idn_2',
    emailAddresses: [
      { id: 'idn_1', emailAddress: 'old@example.com', verification: { status: 'verified' } },
      { id: 'idn_2', emailAddress: ' Ana.Ruiz@Example.com ', verification: { status: 'verified' } },
    ],
    firstName: 'Ana',
    lastName: 'Ruiz',
    ...overrides,
  });

  it('takes the primary email (normalised like every email the server stores) and the names', () => {
    expect(toClerkUser(apiUser())).toEqual({ id: 'user_1', email: 'ana.ruiz@example.com', emailVerified: true, firstName: 'Ana', name: 'Ana Ruiz' });
  });

  it('an unverified or missing primary email is not vouched for', () => {
    const unverified = apiUser({ emailAddresses: [{ id: 'idn_2', emailAddress: 'a@example.com', verification: { status: 'unverified' } }] });
    expect(toClerkUser(unverified)).toMatchObject({ email: 'a@example.com', emailVerified: false });
    expect(toClerkUser(apiUser({ primaryEmailAddressId: null }))).toMatchObject({ email: null, emailVerified: false });
    expect(toClerkUser(apiUser({ firstName: null, lastName: null }))).toMatchObject({ firstName: null, name: null });
  });
});

describe('where sign-in returns to', () => {
  const at = (path: string, referer?: string) => {
    const url = new URL(path, 'http://guide.test');
    return signInReturnPath(new Request(url, { headers: referer ? { referer } : {} }), url);
  };

  it('the same-site page the visitor came from, else /account', () => {
    expect(at('/sign-in')).toBe('/account');
    expect(at('/sign-in', 'http://guide.test/spots?tag=hike')).toBe('/spots?tag=hike');
    expect(at('/sign-in', 'http://other.test/spots')).toBe('/account');
    expect(at('/sign-in', 'http://guide.test/sign-up')).toBe('/account');
  });

  it('a redirect_url on the same site wins; others are ignored', () => {
    expect(at('/sign-in?redirect_url=%2Fblog%2Fa-story', 'http://guide.test/spots')).toBe('/blog/a-story');
    expect(at(`/sign-in?redirect_url=${encodeURIComponent('http://guide.test/events?week=2')}`)).toBe('/events?week=2');
    expect(at(`/sign-in?redirect_url=${encodeURIComponent('//evil.test/x')}`, 'http://guide.test/spots')).toBe('/spots');
    expect(at(`/sign-in?redirect_url=${encodeURIComponent('http://guide.test/sign-in')}`)).toBe('/account');
  });

  it('a path that would leave the site through a double slash or a backslash is refused', () => {
    for (const sneaky of ['/.//evil.test/x', 'http://guide.test//evil.test/x', '/%2F/evil.test', '/\\evil.test/x']) {
      const answer = at(`/sign-in?redirect_url=${encodeURIComponent(sneaky)}`, 'http://guide.test/spots');
      expect(answer, sneaky).not.toMatch(/^\/\/|\\/);
      expect(['/spots', '/%2F/evil.test']).toContain(answer);
    }
    expect(at('/sign-in', 'http://guide.test//evil.test/x')).toBe('/account');
  });
});
