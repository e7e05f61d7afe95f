// How many bytes a request body may have. Each route's cap is named in the route policy
// (route-policy.mjs); scripts/serve.mjs enforces it while the body streams in, before anything is
// buffered, and src/server/http/body.ts reads bodies with the same caps.
const KB = 1024;
const MB = 1024 * KB;

export const BODY_CAPS = {
  /** Every JSON form and action: the largest real one (a spot suggestion) is a few KB. */
  json: 16 * KB,
  /** A Story saved from the studio: its fields and its whole text (at most 100,000 characters, some of them multi-byte). */
  story: 512 * KB,
  /** Stripe's events are far smaller; its signature is only checked once the whole body is in. */
  stripeWebhook: 512 * KB,
  /** A Browse AI delivery carries the task with every captured row. */
  browseAiWebhook: 2 * MB,
  /** A newsletter list imported as CSV (5,000 rows at most) inside a JSON body. */
  csvImport: 1 * MB,
  /** An admin's photo upload: the 8 MB photo and the multipart envelope around it. */
  imageUpload: 8 * MB + 64 * KB,
  /** A Places CSV import: 500 places at a few hundred bytes each, with room to spare. */
  placesCsv: 2 * MB,
};

/** The code of the error a capped body stream fails with; body.ts turns it into a 413. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large.';

/** What a body over a cap is told, where a plainer sentence than the default fits. */
export const BODY_TOO_LARGE_MESSAGES = {
  story: 'This Story is too long to save. Split it into two Stories, or shorten it.',
  imageUpload: 'The photo is larger than 8 MB. Choose a smaller photo, or export it at a lower resolution.',
};
