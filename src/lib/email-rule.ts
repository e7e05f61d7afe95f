export const EMAIL_MAX = 254;

/** The pattern `z.email()` checks by default (zod 4); the server's schema passes this very one. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  tooLong: 'Email is too long',
  invalid: 'Please enter a valid email address.',
} as const;

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/**
 * The server's email rule (`emailSchema` in ./email.ts: trimmed, at most EMAIL_MAX characters,
 * EMAIL_PATTERN, lower-cased) as a plain function, for the browser: the subscribe dialog checks an
 * address the way the server will without shipping zod to every page with a spot card. A unit
 * test holds the two to the same answers.
 */
export function checkEmail(value: unknown): EmailCheck {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return { ok: false, message: EMAIL_MESSAGES.required };
  if (email.length > EMAIL_MAX) return { ok: false, message: EMAIL_MESSAGES.tooLong };
  if (!EMAIL_PATTERN.test(email)) return { ok: false, message: EMAIL_MESSAGES.invalid };
  return { ok: true, email: email.toLowerCase() };
}
