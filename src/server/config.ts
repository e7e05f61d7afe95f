import { z } from 'zod';
import { clerkFrontendApiHost } from '../lib/clerk-keys.mjs';
import { parseTrustProxy } from './http/client-address.mjs';
import { DEFAULT_FOUNDING_UNTIL, foundingInstant } from '../lib/offer';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^(file:|libsql:|https?:|wss?:)/, 'DATABASE_URL must start with file:, libsql:, http(s): or ws(s):')
    .default('file:data/app.db'),
  DATABASE_AUTH_TOKEN: optionalText,
  DATABASE_SYNC_URL: optionalText,
  /** Milliseconds one request to a remote libSQL server may take before the visitor gets a 503 (db/client.ts has the default). */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  SITE_URL: optionalText.pipe(z.url().optional()),
  /** Map tiles the server fetches for /tiles/…: a URL template with {z}, {x} and {y}. */
  MAP_TILES_URL: optionalText
    .refine((v) => v === undefined || (/^https?:\/\/[^\s]+$/.test(v) && ['{z}', '{x}', '{y}'].every((part) => v.includes(part))), {
      message: 'MAP_TILES_URL must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    })
    .transform((v) => v ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The map's credit line and where it links (the tile provider's terms ask for it). */
  MAP_ATTRIBUTION: optionalText.transform((v) => v ?? '© OpenStreetMap contributors'),
  MAP_ATTRIBUTION_URL: optionalText.pipe(z.url().optional()).transform((v) => v ?? 'https://www.openstreetmap.org/copyright'),
  /**
   * The tile proxy's limits: tile requests a minute per address, tiles fetched from MAP_TILES_URL a
   * minute by this process (the provider's usage policy forbids heavy use), and the memory kept tiles
   * may take, in MB.
   */
  RATE_LIMIT_TILES_PER_MINUTE: z.coerce.number().int().positive().default(600),
  MAP_TILES_FETCHES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  MAP_TILES_CACHE_MB: z.coerce.number().min(1, 'MAP_TILES_CACHE_MB must be at least 1').max(4096, 'MAP_TILES_CACHE_MB must be at most 4096').default(48),
  /** Where uploaded photos are kept (relative to the working directory, or absolute); share it between instances. */
  UPLOAD_DIR: optionalText.transform((v) => v ?? 'data/uploads'),
  /** The admin password; admin access is off until it is set (npm start makes one for a local file database). */
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
  /**
   * Which X-Forwarded-For entry is the client's address (scripts/serve.mjs applies it): unset trusts
   * no proxy, `1` the nearest one, or a comma-separated list of proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: optionalText.superRefine((value, context) => {
    try {
      parseTrustProxy(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }),
  /** Per-address limits a minute: suggestion, newsletter and subscription forms; love, been-here and view clicks. */
  RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_REACTIONS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Where those counters live: `memory` (this process) or `database` (shared by every instance on
   * the same database). Unset: `database` for a libSQL server, `memory` for a local file.
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'database'], { error: 'RATE_LIMIT_STORE must be memory or database' }).optional(),
  /**
   * Group commit of counter writes (loves, been-here, views, saves, write-limit hits): `on` writes
   * the ones arriving together in one transaction; `off` writes each request's alone.
   */
  GROUP_COMMIT: optionalText.pipe(z.enum(['on', 'off'], { error: 'GROUP_COMMIT must be on or off' }).optional()).transform((v) => v ?? 'on'),
  /** The shared cache of public responses (src/server/http/response-cache.mjs reads these three itself). */
  RESPONSE_CACHE: optionalText.pipe(z.enum(['on', 'off'], { error: 'RESPONSE_CACHE must be on or off' }).optional()),
  RESPONSE_CACHE_MB: optionalText.pipe(
    z.coerce.number<string | undefined>({ error: 'RESPONSE_CACHE_MB must be a number of megabytes' }).min(0, 'RESPONSE_CACHE_MB must be 0 or more').optional(),
  ),
  /** How long a kept copy may show engagement counts (loves, visits, views) older than the database's; default 5. */
  RESPONSE_CACHE_COUNTER_SECONDS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'RESPONSE_CACHE_COUNTER_SECONDS must be a number of seconds' })
      .min(0, 'RESPONSE_CACHE_COUNTER_SECONDS must be 0 or more')
      .max(60, 'RESPONSE_CACHE_COUNTER_SECONDS must be 60 or less')
      .optional(),
  ),
  /** Signs session cookies; without it a random one is made at start (sessions end on restart). */
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must start with sk_test_, sk_live_ or rk_')
      .optional(),
  ),
  /** One price id, or several separated by commas: the first is the default monthly price. */
  STRIPE_PRICE_ID: optionalText.transform((v) =>
    v
      ? v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      : [],
  ),
  /** The yearly plan's price (a recurring yearly price): the subscribe dialog offers it beside the monthly one when set. */
  STRIPE_YEARLY_PRICE_ID: optionalText,
  /** The founding-member price, charged instead of the first STRIPE_PRICE_ID while the founding window is open. */
  STRIPE_FOUNDING_PRICE_ID: optionalText,
  /** The founding window closes at the end of this day in city time (2025-12-31), or at an exact ISO timestamp. */
  FOUNDING_MEMBER_UNTIL: optionalText
    .refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(foundingInstant(v).getTime())), {
      message: 'FOUNDING_MEMBER_UNTIL must be an ISO date like 2025-12-31 or a timestamp like 2025-12-31T23:59:59-07:00',
    })
    .transform((v) => foundingInstant(v ?? DEFAULT_FOUNDING_UNTIL)),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional()),
  /** Another Stripe-compatible API base (e.g. http://127.0.0.1:8111); Stripe's own by default. */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  /** Browse AI event scraping: the API key and the robot trained on the events page. */
  BROWSE_AI_API_KEY: optionalText,
  BROWSE_AI_ROBOT_ID: optionalText,
  /** Another Browse AI-compatible API base (e.g. http://127.0.0.1:8222/v2); Browse AI's own by default. */
  BROWSE_AI_API_BASE: optionalText.pipe(z.url().optional()).transform((v) => (v ?? 'https://api.browse.ai/v2').replace(/\/+$/, '')),
  /** The token Browse AI must put in the webhook address (?token=…); webhooks are refused without it. */
  BROWSE_AI_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'BROWSE_AI_WEBHOOK_SECRET must be at least 16 characters').optional()),
  /** The tourism site's events page the robot reads (its originUrl). */
  BROWSE_AI_EVENTS_URL: optionalText.pipe(z.url().optional()).transform((v) => v ?? 'https://www.experiencescottsdale.com/events/'),
  /** Outgoing mail for the weekly newsletter, e.g. smtps://user:pass@smtp.example.com:465. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/?#\s]+/, 'SMTP_URL must look like smtp://host:port or smtps://user:pass@host:465')
      .optional(),
  ),
  /** The newsletter's From address, e.g. "Scottsdale Weekly <weekly@example.com>". */
  NEWSLETTER_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
        'NEWSLETTER_FROM must be an address, optionally with a name: "Name <weekly@example.com>"',
      )
      .optional(),
  ),
  /** `on`: the server sends the newsletter itself on Thursdays at 9:00 city time. */
  NEWSLETTER_SCHEDULE: z.enum(['on', 'off'], { error: 'NEWSLETTER_SCHEDULE must be on or off' }).default('off'),
  /** `off`: this instance does not publish scheduled Stories (another one must). */
  STORY_SCHEDULE: z.enum(['on', 'off'], { error: 'STORY_SCHEDULE must be on or off' }).default('on'),
  /** How often scheduled Stories are looked for, in milliseconds (a minute at most, so none is late). */
  STORY_SCHEDULE_EVERY_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** Upper bound on messages handed to SMTP per second. */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(5),
  /** Clerk sign-in; read at build time too: the build has Clerk only when both keys are set. */
  PUBLIC_CLERK_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .refine((key) => clerkFrontendApiHost(key) !== null, 'PUBLIC_CLERK_PUBLISHABLE_KEY must be a Clerk publishable key (pk_test_… or pk_live_…)')
      .optional(),
  ),
  CLERK_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^sk_(test|live)_/, 'CLERK_SECRET_KEY must start with sk_test_ or sk_live_')
      .optional(),
  ),
  /** Clerk's PEM public key, for verifying sessions without a call to Clerk; `\n` escapes allowed. */
  CLERK_JWT_KEY: optionalText
    .transform((v) => v?.replace(/\\n/g, '\n'))
    .pipe(z.string().includes('-----BEGIN PUBLIC KEY-----', { message: 'CLERK_JWT_KEY must be a PEM public key (-----BEGIN PUBLIC KEY-----…)' }).optional()),
  /** Another Clerk Backend API base (read by Clerk's SDK itself); Clerk's own by default. */
  CLERK_API_URL: optionalText.pipe(z.url().optional()),
});

export type ServerConfig = z.infer<typeof EnvSchema>;

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return parsed.data;
}

let cached: ServerConfig | undefined;
export function config(): ServerConfig {
  cached ??= readConfig();
  return cached;
}
