import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `hourly`, `daily`, or a number with s, m, h or d (`15m`, `6h`); `off` or unset: no scheduled snapshots. */
export function parseEvery(value: string | undefined): number | null {
  if (value === undefined || value === 'off') return null;
  if (value === 'hourly') return UNITS.h;
  if (value === 'daily') return UNITS.d;
  const match = /^(\d{1,6})([smhd])$/.exec(value);
  if (!match || Number(match[1]) === 0) throw new Error(`BACKUP_EVERY must be hourly, daily, off or a number with s, m, h or d (e.g. 6h), got "${value}"`);
  return Number(match[1]) * UNITS[match[2] as keyof typeof UNITS];
}

const BackupEnv = z
  .object({
    BACKUP_DIR: optionalText,
    BACKUP_EVERY: optionalText.superRefine((value, context) => {
      try {
        parseEvery(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
    BACKUP_KEEP_LATEST: z.coerce.number().int().min(1, 'BACKUP_KEEP_LATEST must be at least 1').default(48),
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(0, 'BACKUP_KEEP_DAILY must be 0 or more').default(30),
  })
  .refine((env) => !env.BACKUP_EVERY || env.BACKUP_EVERY === 'off' || env.BACKUP_DIR, {
    message: 'BACKUP_EVERY needs BACKUP_DIR (where the snapshots go)',
    path: ['BACKUP_DIR'],
  });

export interface BackupConfig {
  /** Where snapshots go: BACKUP_DIR, or data/backups. */
  dir: string;
  /** How often the server takes one itself, or null (off). */
  everyMs: number | null;
  keepLatest: number;
  keepDaily: number;
}

/** The backup settings, validated; a bad value throws one message naming the variable. */
export function backupConfig(env: NodeJS.ProcessEnv = process.env): BackupConfig {
  const parsed = BackupEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'BACKUP'}: ${issue.message}`).join('; '));
  }
  const { BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP_LATEST, BACKUP_KEEP_DAILY } = parsed.data;
  return { dir: BACKUP_DIR ?? 'data/backups', everyMs: parseEvery(BACKUP_EVERY), keepLatest: BACKUP_KEEP_LATEST, keepDaily: BACKUP_KEEP_DAILY };
}
