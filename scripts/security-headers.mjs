// Headers every response carries, set by scripts/serve.mjs (static files and cached answers
// included, which never reach Astro's middleware).

/** Sent on every response. */
export const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Sent over HTTPS only. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const FRAME_ANCESTORS = "frame-ancestors 'none'";
/** The Story preview is shown side by side (phone and desktop) in frames on the studio's own page. */
export const SAME_ORIGIN_FRAMES = "frame-ancestors 'self'";
const FRAMED_BY_SELF = new Set(['/preview/story']);

/** A page's policy with framing refused too; a response without a policy gets one that only refuses framing. */
export function withFraming(policy, ancestors = FRAME_ANCESTORS) {
  if (typeof policy !== 'string' || !policy) return ancestors;
  return policy.includes('frame-ancestors') ? policy : `${policy.replace(/;?\s*$/, ';')} ${ancestors}`;
}

/** Whether the request reached us over HTTPS (directly, or as the proxy in front says). */
export function isHttps(req) {
  return (
    req.socket.encrypted === true ||
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https'
  );
}

/** Every response refuses framing by CSP too: its own policy for static files, appended to a page's policy. */
export function refuseFraming(res, url = '/') {
  const ancestors = FRAMED_BY_SELF.has(String(url).split('?')[0]) ? SAME_ORIGIN_FRAMES : FRAME_ANCESTORS;
  if (ancestors !== FRAME_ANCESTORS) res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('Content-Security-Policy', ancestors);
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    // Headers arrive either as an object here or, through the compression wrapper, already set.
    const headers = rest.find((arg) => arg && typeof arg === 'object' && !Array.isArray(arg));
    const name = headers && Object.keys(headers).find((key) => key.toLowerCase() === 'content-security-policy');
    if (name) headers[name] = withFraming(headers[name], ancestors);
    else if (!this.headersSent) this.setHeader('Content-Security-Policy', withFraming(this.getHeader('Content-Security-Policy'), ancestors));
    return writeHead.call(this, statusCode, ...rest);
  };
}
