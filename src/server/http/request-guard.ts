/**
 * Cross-site request forgery guard for state-changing requests. Browsers send `Origin` (and
 * `Sec-Fetch-Site`) on every POST; a write whose origin is not this site's host is refused.
 * Clients that are not browsers send neither and cannot carry a victim's cookies, so they pass.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteWrite(request: Request, trustedHosts: readonly string[] = []): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
    const host = request.headers.get('host');
    return originHost !== host && !trustedHosts.includes(originHost);
  }
  const fetchSite = request.headers.get('sec-fetch-site');
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/** A write with a body must be JSON (spec §7); form posts from other sites are thus never accepted. */
export function hasNonJsonBody(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const length = request.headers.get('content-length');
  const hasBody = (length !== null && length !== '0') || request.headers.has('transfer-encoding');
  if (!hasBody) return false;
  const type = request.headers.get('content-type') ?? '';
  return !/^application\/json\b/i.test(type.trim());
}

/** A multipart form body (an upload), with its boundary. */
export function isMultipartForm(request: Request): boolean {
  return /^multipart\/form-data;\s*boundary=/i.test((request.headers.get('content-type') ?? '').trim());
}
