import { createHmac, randomBytes } from 'node:crypto';
import { config } from '../config';
import { sameSecret } from './same-secret';

let fallbackSecret: string | undefined;

function secret(): string {
  const configured = config().SESSION_SECRET;
  if (configured) return configured;
  if (!fallbackSecret) {
    fallbackSecret = randomBytes(32).toString('hex');
    console.warn('[config] SESSION_SECRET is not set: signed cookies will not survive a restart.');
  }
  return fallbackSecret;
}

function mac(value: string): string {
  return createHmac('sha256', secret()).update(value).digest('base64url');
}

/** `value.signature`, so the server can tell a cookie it issued from one a visitor wrote. */
export function signValue(value: string): string {
  return `${value}.${mac(value)}`;
}

/** The value when the signature is ours, else null (compared in constant time). */
export function verifySignedValue(signed: string | undefined): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  return sameSecret(signed.slice(dot + 1), mac(value)) ? value : null;
}
