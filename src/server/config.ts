import { z } from 'zod';

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
  SITE_URL: optionalText.pipe(z.url().optional()),
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
