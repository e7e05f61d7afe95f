import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, emailSchema } from '../../src/lib/email';
import { checkEmail, EMAIL_PATTERN } from '../../src/lib/email-rule';
import { regexes } from 'zod';

const SAMPLES: unknown[] = [
  '  Ana.Diaz@Example.COM ',
  'a@b.co',
  "o'brien+news@mail.scottsdale.az.us",
  '',
  '   ',
  undefined,
  42,
  'not-an-email',
  'two@@example.com',
  '.dot@example.com',
  'double..dot@example.com',
  'trailing.@example.com',
  'no-tld@example',
  'x@-dash.com',
  'space in@example.com',
  'ünï@example.com',
  `${'a'.repeat(EMAIL_MAX - 12)}@example.com`,
  `${'a'.repeat(EMAIL_MAX)}@example.com`,
];

describe('checkEmail, the browser form of the server rule', () => {
  it('trims and lower-cases a well-formed address', () => {
    expect(checkEmail('  Ana.Diaz@Example.COM ')).toEqual({ ok: true, email: 'ana.diaz@example.com' });
  });

  it('gives the same answer and sentence as emailSchema for every sample', () => {
    for (const sample of SAMPLES) {
      const server = emailSchema.safeParse(sample);
      const browser = checkEmail(sample);
      expect(browser.ok, String(sample)).toBe(server.success);
      if (server.success && browser.ok) expect(browser.email).toBe(server.data);
      if (!server.success && !browser.ok) expect(browser.message).toBe(server.error.issues[0]!.message);
    }
  });

  it('uses zod’s own email pattern (a `-` last in a class needs no escape)', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-]', '-]'));
  });
});
