import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { uploads } from '../../../db/schema';
import { PHOTO_KEY_PATTERN, type Photo } from '../../lib/photo';
import { config } from '../config';
import { database } from '../db/database';
import { processPhoto } from './photo-pipeline';

/** The folder holding every upload: UPLOAD_DIR, relative to the working directory unless absolute. */
export function uploadRoot(): string {
  const dir = config().UPLOAD_DIR;
  return isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

function photoOf(row: { key: string; width: number; height: number; widths: number[]; placeholder: string }): Photo {
  return { key: row.key, width: row.width, height: row.height, widths: row.widths, placeholder: row.placeholder };
}

/**
 * Stores one uploaded photo: its copies are written to a temporary folder and moved into place in
 * one rename, so a reader never sees half a set; the row is written after the files. The same
 * file uploaded again is stored once.
 */
export async function savePhoto(bytes: Uint8Array): Promise<Photo> {
  const processed = await processPhoto(bytes);
  const root = uploadRoot();
  const target = join(root, processed.key);
  if (!(await exists(target))) {
    const staging = join(root, `.incoming-${processed.key}-${process.pid}-${Date.now()}`);
    await mkdir(staging, { recursive: true });
    try {
      for (const [name, data] of processed.files) await writeFile(join(staging, name), data);
      await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
        // Another request stored the same photo first: theirs stands.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  const db = await database();
  const { files: _files, ...row } = processed;
  await db.insert(uploads).values(row).onConflictDoNothing();
  return photoOf(processed);
}

/** A stored upload by key, or null. */
export async function photoByKey(key: string): Promise<Photo | null> {
  if (!PHOTO_KEY_PATTERN.test(key)) return null;
  const db = await database();
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ? photoOf(row) : null;
}

const FILE_PATTERN = /^(\d{1,4})\.(avif|webp|jpg)$/;
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** One stored copy (`/uploads/<key>/<width>.<format>`), or null when there is none. */
export async function readPhotoFile(key: string, file: string): Promise<{ data: Buffer; type: string } | null> {
  const match = FILE_PATTERN.exec(file);
  if (!PHOTO_KEY_PATTERN.test(key) || !match) return null;
  try {
    return { data: await readFile(join(uploadRoot(), key, file)), type: TYPES[match[2] as keyof typeof TYPES] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
