// Business constants from the spec, shared by server and web.

export const SOURCE_TYPES = [
  'rss',
  'youtube',
  'reddit',
  'bluesky',
  'google_news',
  'rocket_launch',
  'custom',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** The add form's tabs (google_news is only offered in the edit dropdown). */
export const ADD_FORM_SOURCE_TYPES = [
  'rss',
  'youtube',
  'reddit',
  'bluesky',
  'rocket_launch',
  'custom',
] as const;

export const ITEM_TYPES = ['article', 'video', 'social_post', 'image', 'podcast'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const SORT_FIELDS = ['publishedAt', 'engagementScore', 'fetchedAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const FEED_PAGE_SIZE = 10;
export const LIST_PAGE_SIZE_DEFAULT = 20;
export const LIST_PAGE_SIZE_MAX = 100;
export const FEED_SKELETONS = 10;
export const FEED_MORE_SKELETONS = 2;
export const FEED_PAGE_SKELETON_CARDS = 6;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 200;
export const TITLE_EXTRACTION_DELAY_MS = 500;
export const REFRESH_COOLDOWN_MS = 10 * 60 * 1000;
export const AI_SUMMARY_MIN_CONTENT = 100;
export const SUMMARIZE_MIN_CONTENT_WITHOUT_URL = 50;
export const CARD_SUMMARY_CHARS = 200;
export const ROW_SUMMARY_CHARS = 150;
export const COPIED_MS = 2000;
export const AI_QUESTION_MAX = 1000;
export const NEWS_QUERY_MIN = 3;
export const NEWS_QUERY_MAX = 200;
/** Post-login and scheduled news queries: before this New York hour, the morning one. */
export const BRIEFING_CUTOFF_HOUR = 14;
export const MORNING_NEWS_QUERY =
  'What is the latest breaking astronomy and space news of the last 12 hours?';
export const EVENING_NEWS_QUERY =
  'Give me a summary of the most important breaking space and astronomy news of today.';
export const PASSWORD_MIN = 8;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const ANNOUNCEMENT_TYPES = ['alert', 'app_update', 'information'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const ANNOUNCEMENT_TITLE_MIN = 3;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MIN = 10;
export const ANNOUNCEMENT_CONTENT_MAX = 10_000;
export const ANNOUNCEMENT_DEFAULT_EXPIRY_DAYS = 7;
export const ANNOUNCEMENT_HISTORY_SKELETONS = 3;
export const ANNOUNCEMENT_TABLE_SKELETONS = 5;

/** Browser local-storage keys. */
export const STORAGE_KEYS = {
  viewPreference: 'astrodash:view-preference',
  lastRefresh: 'astrodash:last-refresh',
  theme: 'astrodash:theme',
} as const;
