/**
 * Webhook signing and delivery like Stripe: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the whsec_ secret as-is>`, a pretty-printed JSON body (so the app
 * has to verify the raw bytes), a plain POST without an Origin header.
 */
import { createHmac } from 'node:crypto';
import type { StripeEvent } from './objects';

export function computeSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(payload, secret, timestamp)}`;
}

/** Stripe sends events pretty-printed with two spaces. */
export function serializeEvent(event: StripeEvent): string {
  return JSON.stringify(event, null, 2);
}

export interface Delivery {
  event: StripeEvent;
  url: string;
  signature: string;
  /** The app's status, or null when the request failed (connection refused, timeout). */
  status: number | null;
  body?: string;
  error?: string;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** POSTs one signed payload; answers a Response whose body has already been read (so it can be re-read). */
export async function postWebhook(url: string, payload: string, signature: string): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Stripe-Signature': signature,
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      Accept: '*/*; q=0.5, application/xml',
      'Cache-Control': 'no-cache',
    },
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return new Response(NULL_BODY.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
