import { config } from '../config';

/** The site's public origin: SITE_URL when set, else the origin the request came to. */
export function publicOrigin(url: URL): string {
  return config().SITE_URL ? new URL(config().SITE_URL!).origin : url.origin;
}

/**
 * A path that stays on this site when used as a redirect: `//host/…` (or a backslash, which
 * browsers read as a slash) would leave it.
 */
export function isLocalPath(pathname: string): boolean {
  return pathname.startsWith('/') && !pathname.startsWith('//') && !pathname.includes('\\');
}

/** A same-site path to send the visitor back to (from Referer), else the fallback. */
export function returnPath(request: Request, url: URL, fallback: string): string {
  const referer = request.headers.get('referer');
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    return from.host === url.host && isLocalPath(from.pathname) ? `${from.pathname}${from.search}` : fallback;
  } catch {
    return fallback;
  }
}
