// How many bytes a request body may have, by route. scripts/serve.mjs enforces these while the body
// streams in, before anything is buffered; src/server/http/body.ts reads bodies with the same caps.
const KB = 1024;
const MB = 1024 * KB;

export const BODY_CAPS = {
  /** Every JSON form and action: the largest real one (a spot suggestion) is a few KB. */
  json: 16 * KB,
  /** Stripe's events are far smaller; its signature is only checked once the whole body is in. */
  stripeWebhook: 512 * KB,
  /** A Browse AI delivery carries the task with every captured row. */
  browseAiWebhook: 2 * MB,
  /** Kept for photo uploads with suggestions; no route takes files yet. */
  imageUpload: 8 * MB,
};

const ROUTE_CAPS = new Map([
  ['/api/stripe/webhook', BODY_CAPS.stripeWebhook],
  ['/api/browse-ai/webhook', BODY_CAPS.browseAiWebhook],
]);

/**
 * The cap for a request path. The path is only lightly normalised here: a spelling that does not
 * match the table gets the smallest cap, so a stranger path can never earn a larger one.
 */
export function bodyCapFor(path) {
  const pathname = String(path ?? '/').split('?')[0].replace(/\/+$/, '');
  return ROUTE_CAPS.get(pathname) ?? BODY_CAPS.json;
}

/** The code of the error a capped body stream fails with; body.ts turns it into a 413. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large.';
