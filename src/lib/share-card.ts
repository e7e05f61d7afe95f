import { SITE_NAME } from './constants';
import { SPOT_CATEGORY_LABELS, SPOT_DEFAULT_IMAGES, type SpotCategory } from './catalog';
import { photoMainUrl, type Photo } from './photo';

/**
 * Share cards: the 1200×630 picture a link preview (Facebook, X, messengers) shows for a page,
 * made by the server from the page's picture, its name and the guide's identity. Pure, so pages
 * and the server agree on each card's address and on what it is made of.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const SHARE_CARD_TYPE = 'image/jpeg';

/**
 * Raised whenever the card's drawing changes, so every card is made again with it. Also raised
 * when the seeded pictures are redrawn under the same file names (2: places and Story covers).
 */
export const SHARE_CARD_DESIGN = 2;

export const SHARE_CARD_KINDS = ['spot', 'story', 'page'] as const;
export type ShareCardKind = (typeof SHARE_CARD_KINDS)[number];

/** What one card is drawn from. */
export interface ShareCardContent {
  title: string;
  /** The small line above the title: the spot's category, "Story", the section. */
  eyebrow: string;
  /**
   * The picture behind it, root-relative: an uploaded photo's JPEG (`/uploads/…`) when there is
   * one, else the illustration (`/images/…`).
   */
  picture: string;
}

/** The main pages that have a card of their own; every other page shows the home page's. */
export const PAGE_CARDS = {
  home: { path: '/', title: 'Curated spots, hikes, events and stories from locals', eyebrow: 'Scottsdale, Arizona' },
  spots: { path: '/spots', title: 'All spots: food, drinks, hikes and hidden gems', eyebrow: 'Spots' },
  'top-spots': { path: '/top-spots', title: 'Top Spots', eyebrow: 'Leaderboard' },
  events: { path: '/events', title: 'Events Calendar: what’s on this week', eyebrow: 'Events' },
  blog: { path: '/blog', title: 'Stories from locals', eyebrow: 'Stories' },
  suggest: { path: '/suggest', title: 'Suggest a Spot', eyebrow: 'Tell us' },
  about: { path: '/about', title: 'About the guide', eyebrow: 'About' },
  launch: { path: '/launch', title: 'Scottsdale Weekly', eyebrow: 'Newsletter' },
  subscribe: { path: '/subscribe', title: 'Join Scottsdale Weekly', eyebrow: 'Subscribe' },
} as const;
export type PageCardName = keyof typeof PAGE_CARDS;

export const PAGE_CARD_ILLUSTRATION = '/images/hero/desert-sunset.svg';

export function isPageCardName(name: string): name is PageCardName {
  return Object.hasOwn(PAGE_CARDS, name);
}

/** The card of the page at `path`: its own for a main page, the home page's otherwise. */
export function pageCardName(path: string): PageCardName {
  const found = (Object.keys(PAGE_CARDS) as PageCardName[]).find((name) => PAGE_CARDS[name].path === path);
  return found ?? 'home';
}

export function pageCardContent(name: PageCardName): ShareCardContent {
  const card = PAGE_CARDS[name];
  return { title: card.title, eyebrow: card.eyebrow, picture: PAGE_CARD_ILLUSTRATION };
}

/** A spot's card: its uploaded photo when it has one, else its illustration. */
export function spotCardContent(spot: { name: string; category: SpotCategory; imageUrl: string; photo: Photo | null }): ShareCardContent {
  const illustration = spot.imageUrl.startsWith('/images/') ? spot.imageUrl : SPOT_DEFAULT_IMAGES[spot.category];
  return { title: spot.name, eyebrow: SPOT_CATEGORY_LABELS[spot.category], picture: spot.photo ? photoMainUrl(spot.photo) : illustration };
}

/** A Story's card: its social image, else its hero picture, else the site's. */
export function storyCardContent(story: { title: string; category: string; heroImage: string | null; socialImage: string | null }): ShareCardContent {
  const picture = [story.socialImage, story.heroImage].find((path) => path && /^\/(uploads|images)\//.test(path));
  return { title: story.title, eyebrow: `Story · ${story.category}`, picture: picture ?? PAGE_CARD_ILLUSTRATION };
}

/** FNV-1a, 64 bits as two 32-bit halves: a short, stable fingerprint (not a secret). */
function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 ^ 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** Changes exactly when the card would look different: its content or its design. */
export function shareCardVersion(content: ShareCardContent): string {
  return fingerprint(JSON.stringify([SHARE_CARD_DESIGN, content.title, content.eyebrow, content.picture]));
}

/**
 * The card's address. The version is in it, so a changed spot gets a new address and link
 * previews (which keep a picture by its address) show the new one.
 */
export function shareCardPath(kind: ShareCardKind, id: string, content: ShareCardContent): string {
  return `/share/${kind}/${encodeURIComponent(id)}.jpg?v=${shareCardVersion(content)}`;
}

/** What the card shows, for `og:image:alt`. */
export function shareCardAlt(content: ShareCardContent): string {
  return `${content.title} (${content.eyebrow}), ${SITE_NAME}`;
}

export interface ShareCardLink {
  path: string;
  alt: string;
}

export function shareCardLink(kind: ShareCardKind, id: string, content: ShareCardContent): ShareCardLink {
  return { path: shareCardPath(kind, id, content), alt: shareCardAlt(content) };
}
