/** Business constants and limits of spec §9. Import these; never retype a number. */

export const CITY_NAME = 'Scottsdale';
export const SITE_NAME = 'Scottsdale Local Guide';
export const CITY_TIME_ZONE = 'America/Phoenix';

export const FREE_SPOT_VIEWS = 3;

export const MONEY_BACK_DAYS = 30;

export const SPOT_SCORE = {
  hiddenGemBonus: 5,
  newBonus: 3,
  overratedPenalty: 3,
  perLove: 3,
  perVisit: 1,
} as const;

export const TRENDING_MIN_VIEWS = 25;
export const LOCALS_RECOMMENDED_MIN_SUGGESTIONS = 3;
export const CARD_RATING = 4.8;

export const TAGS_SHOWN = {
  spotCard: 3,
  restaurantCard: 3,
  leaderboard: 2,
  homePlaceList: 2,
} as const;

export const HOME_COUNTS = {
  stories: 2,
  events: 3,
  featuredSpots: 3,
  /** The Featured Spots grid below Weekly Gems: two rows of three. */
  featuredGrid: 6,
  restaurants: 6,
  activities: 6,
  leaderboard: 5,
} as const;
export const RELATED_POSTS = 3;
/** Links in each list of the next steps under a missing page or story. */
export const NEXT_STEPS_LINKS = 3;
export const LAUNCH_FEATURED_SPOTS = 6;
export const TOP_SPOTS_LIMIT = 20;
export const TOP_SPOTS_MAX_LIMIT = 100;

export const INSTALL_PROMPT_DELAY_MS = 3_000;
export const HOME_REFETCH_MS = 30_000;
export const EMPTY_DATA_RETRY_MS = 2_000;

export const EVENT_SCRAPE_LIMIT = 100;
export const SUGGESTION_MIN_DESCRIPTION = 10;

export const READING_WORDS_PER_MINUTE = 200;
export const LIST_READING_TIME = '3 min';

export const NEWSLETTER_DAY = 'Thursday';
/** The weekly newsletter's name, in the signup pages and every issue. */
export const NEWSLETTER_NAME = 'Scottsdale Weekly';
export const TOAST_DURATION_MS = 5_000;
export const COPYRIGHT_YEAR = 2024;
