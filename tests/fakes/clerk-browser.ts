/**
 * Stand-ins for the two scripts a page loads from Clerk's Frontend API: clerk-js (which must set
 * `window.Clerk`) and Clerk's UI bundle (which must set `window.__internal_ClerkUICtor`), as
 * @clerk/astro waits for exactly those. The stand-in clerk-js implements the calls the site
 * makes: load, addListener, mountSignIn/mountSignUp (drawing a placeholder and recording the
 * props) and signOut (clearing Clerk's session cookies, as the real one does through its API).
 * Browser tests serve them with Playwright's routing, since Clerk's servers are unreachable here.
 */
import type { Page } from '@playwright/test';

export const FAKE_CLERK_JS = `
(() => {
  const mounts = [];
  const mount = (component) => (node, props) => {
    mounts.push({ component, props: JSON.parse(JSON.stringify(props ?? {})) });
    node.innerHTML = '<div class="fake-clerk-widget" data-fake-clerk="' + component + '"><p>' + component + ' by Clerk</p></div>';
  };
  const unmount = (node) => { node.innerHTML = ''; };
  window.__fakeClerk = { mounts, signOuts: 0 };
  window.Clerk = {
    loaded: false,
    async load(options) { this.loaded = true; this.options = options; },
    addListener(listener) { listener({ client: null, session: null, user: null, organization: null }); return () => {}; },
    mountSignIn: mount('sign-in'),
    unmountSignIn: unmount,
    mountSignUp: mount('sign-up'),
    unmountSignUp: unmount,
    __internal_updateProps() {},
    async signOut() {
      window.__fakeClerk.signOuts += 1;
      for (const name of ['__session', '__client_uat']) document.cookie = name + '=; Max-Age=0; Path=/';
    },
  };
})();
`;

export const FAKE_CLERK_UI = 'window.__internal_ClerkUICtor = class ClerkUI {};';

/** Answers the Frontend API host's script requests with the stand-ins. */
export async function routeClerkFrontendApi(page: Page, host: string): Promise<void> {
  await page.route(`https://${host}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const body = /\/@clerk\/clerk-js@[^/]+\/dist\/clerk\.browser\.js$/.test(path)
      ? FAKE_CLERK_JS
      : /\/@clerk\/ui@[^/]+\/dist\/ui\.browser\.js$/.test(path)
        ? FAKE_CLERK_UI
        : null;
    if (body === null) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: 'application/javascript', headers: { 'access-control-allow-origin': '*' }, body });
  });
}
