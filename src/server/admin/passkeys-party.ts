import { SITE_NAME } from '../../lib/constants';
import { config } from '../config';
import { HttpError } from '../http/responses';
import { publicOrigin } from '../http/request-origin';

/**
 * Who the passkeys belong to (the WebAuthn "relying party"): the site's host name, SITE_URL's
 * when set, else the host the request came to; an answer is accepted only when the browser says
 * it was made on the site's own origin, so a look-alike site's passkey prompt is worthless here.
 */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingParty(url: URL): RelyingParty {
  const site = config().SITE_URL;
  return { name: SITE_NAME, id: site ? new URL(site).hostname : url.hostname, origin: publicOrigin(url) };
}

export const NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
export const CHALLENGE_USED = 'This passkey request has run out or was already used. Please try again.';

/** A response the library refused (wrong origin, bad signature, counter gone back): one plain 400. */
export function notVerified(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  console.warn('Passkey refused:', error instanceof Error ? error.message : error);
  return new HttpError(400, NOT_VERIFIED);
}
