import { READING_WORDS_PER_MINUTE } from './constants';

/** Words in a post body, markup ignored. */
export function countWords(content: string): number {
  const text = content.replace(/<[^>]*>/g, ' ').trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Minutes to read at 200 words a minute, rounded up; at least 1. */
export function readingMinutes(content: string): number {
  return Math.max(1, Math.ceil(countWords(content) / READING_WORDS_PER_MINUTE));
}

/** "{n} min read" of spec §2. */
export function readingTimeLabel(content: string): string {
  return `${readingMinutes(content)} min read`;
}
