import { isLocalPath, returnPath } from '../http/request-origin';

const AUTH_PAGES = /^\/(sign-in|sign-up)(\/|$|\?|#)/;

/**
 * Where sign-in or sign-up sends the visitor: the same-site page they came from (a `redirect_url`
 * given to /sign-in, else the Referer), never back to a sign-in page; /account otherwise.
 */
export function signInReturnPath(request: Request, url: URL): string {
  const asked = url.searchParams.get('redirect_url');
  if (asked) {
    try {
      const target = new URL(asked, url);
      if (target.host === url.host && isLocalPath(target.pathname) && !AUTH_PAGES.test(target.pathname)) return `${target.pathname}${target.search}`;
    } catch {
      // Not a URL: fall through to the Referer.
    }
  }
  const from = returnPath(request, url, '/account');
  return AUTH_PAGES.test(from) ? '/account' : from;
}
