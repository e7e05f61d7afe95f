import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPageCardName, pageCardContent, shareCardVersion, spotCardContent, storyCardContent, type ShareCardContent, type ShareCardKind } from '../../lib/share-card';
import { storyBySlug } from '../content/blog';
import { spotBySlug } from '../spots/spots';
import { uploadRoot } from '../uploads/photos';
import { renderShareCard } from './render';

/** What a card is drawn from, from the current row; null when there is no such public item. */
export async function shareCardContent(kind: ShareCardKind, id: string): Promise<ShareCardContent | null> {
  if (kind === 'page') return isPageCardName(id) ? pageCardContent(id) : null;
  if (kind === 'spot') {
    const spot = await spotBySlug(id);
    return spot && !spot.archivedAt ? spotCardContent(spot) : null;
  }
  const story = await storyBySlug(id);
  return story ? storyCardContent(story) : null;
}

/**
 * Made cards are kept beside the uploads (the folder every instance of the site shares), named by
 * their version: a card is drawn once, and again only when what it shows changes. Each is written
 * to a temporary name and moved into place, so two instances drawing the same card at once both
 * leave a whole file (the same one: drawing is deterministic).
 */
function cardFolder(): string {
  return join(uploadRoot(), '.share-cards');
}

export async function shareCardImage(content: ShareCardContent): Promise<{ bytes: Buffer; made: boolean }> {
  const file = join(cardFolder(), `${shareCardVersion(content)}.jpg`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return { bytes: kept, made: false };
  const bytes = await renderShareCard(content);
  await mkdir(cardFolder(), { recursive: true });
  const staging = `${file}.${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  try {
    await writeFile(staging, bytes);
    await rename(staging, file);
  } catch (error) {
    await rm(staging, { force: true });
    throw error;
  }
  return { bytes, made: true };
}
