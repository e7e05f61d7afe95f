import { SITE_NAME } from './constants';

/** The share text of spec §2: the excerpt, else "Read about {title} on {site} Stories". */
export function storyShareText(story: { title: string; excerpt: string | null }): string {
  return story.excerpt?.trim() || `Read about ${story.title} on ${SITE_NAME} Stories`;
}
