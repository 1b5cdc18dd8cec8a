// API response shapes (camelCase), shared by server presenters and the web client.
import type { LaunchChip } from './launches';
import type { AnnouncementType, ItemType, Role, SourceType } from './constants';
import type { ItemExtraByType } from './item-extra';
import type { TopicRef } from './topics';

export interface User {
  id: number;
  email: string;
  displayName: string;
  avatarUrl: string | null;
  role: Role;
  zipCode: string | null;
  noAds: boolean;
  isDisabled: boolean;
  /** Reading preferences (issue 25): when a story counts as read, and the keyboard shortcuts. */
  markReadPolicy: 'opened' | 'scrolled' | 'manual';
  keyboardShortcuts: boolean;
  /**
   * A place anywhere on Earth by coordinates (issue 28), with its name and IANA time
   * zone; null when the place is the ZIP code above, or when there is none.
   */
  location: UserLocation | null;
  /** Weather units: 'us' (°F, mph) or 'metric' (°C, km/h); by default 'us' with a ZIP. */
  units: Units;
}

export type Units = 'us' | 'metric';

export interface UserLocation {
  latitude: number;
  longitude: number;
  name: string;
  timeZone: string;
}

interface NewsItemFields {
  id: string;
  title: string;
  /** Sanitised HTML. */
  summary: string;
  /** The same summary as plain text. */
  summaryText: string;
  content: string | null;
  imageUrl: string | null;
  url: string;
  publishedAt: string;
  fetchedAt: string;
  itemType: ItemType;
  isBreaking: boolean;
  engagementScore: number;
  sourceId: string;
  sourceName: string | null;
  author: string | null;
  /** The caller's read and saved state (issue 25). */
  isRead: boolean;
  isSaved: boolean;
  /** The space topics it mentions, tagged at ingestion (issue 29). */
  topics: TopicRef[];
  /**
   * The story the item belongs to (issue 29): its id (the item's own for an item
   * alone) and how many distinct sources of the feed carried it.
   */
  story: { id: string; sourceCount: number };
  /** The launch a story is about (issue 27), for its chip; absent when none. */
  launch?: LaunchChip;
}

/**
 * A story. `extra` holds type-specific details (a launch's status and pad, a
 * post's handle…), typed by `sourceType`: narrow on it to read them. Rows stored
 * before a field existed may lack it, hence Partial.
 */
export type NewsItem = NewsItemFields & TypedExtra;

/** A source type paired with its details' shape (null: the source is gone). */
export type TypedExtra =
  | { [T in SourceType]: { sourceType: T; extra: Partial<ItemExtraByType[T]> | null } }[SourceType]
  | { sourceType: null; extra: null };

export interface NewsListResponse {
  items: NewsItem[];
  pagination: {
    page: number;
    totalPages: number;
    /** Items of the filter: exact, or a lower bound when totalIsLowerBound. */
    totalItems: number;
    nextCursor: string | null;
    /**
     * Present (true) when the list has more items than the server counts
     * (SEARCH_COUNT_LIMIT: a search, or a read or saved filter it cannot answer
     * from its counters): totalItems is then a lower bound, shown as "1,000+",
     * and totalPages stays one ahead of the page while more pages exist.
     */
    totalIsLowerBound?: true;
  };
}

export interface SourceHealth {
  lastFetchedAt: string | null;
  lastStatus: 'ok' | 'not_modified' | 'error' | null;
  lastError: string | null;
  itemCount: number;
}

export interface NewsSource {
  id: string;
  name: string;
  url: string;
  sourceType: SourceType;
  /** For default sources: the caller's own switch. Personal sources are always enabled. */
  isEnabled: boolean;
  /** null marks a default (system) source. */
  userId: number | null;
  /** Written by the server (AI Briefings): switchable like a default source, never edited or deleted. */
  builtIn?: boolean;
  /** The caller's folder for the source, when it is in one (beyond the spec: reader apps see it as a label). */
  folder?: string;
  health: SourceHealth;
}

export interface FetchNewsResponse {
  newItemsAdded: number;
  /** Sources tried, failed ones included. */
  sourcesFetched: number;
  /** Of those, the ones that could not be fetched; each one's reason is in its health (beyond the spec). */
  sourcesFailed: number;
}

/** What an OPML import did with each feed outline of the file (beyond the spec). */
export interface OpmlImportReport {
  imported: Array<{ id: string; name: string; url: string; sourceType: SourceType }>;
  /** Already among the user's sources or the default sources, or twice in the file. */
  skipped: Array<{ url: string; reason: 'duplicate'; detail?: string }>;
  /** Not importable; reason is a message fit to show the user. */
  rejected: Array<{ url?: string; name?: string; reason: string }>;
}

export interface Announcement {
  id: number;
  title: string;
  /** Markdown. */
  content: string;
  type: AnnouncementType;
  expirationDate: string;
  createdAt: string;
}

/** An entry of the caller's history: dismissedAt is when they dismissed it, else null. */
export interface AnnouncementHistoryEntry extends Announcement {
  dismissedAt: string | null;
}

/** The admin list's entries also say when an announcement was last edited. */
export interface AdminAnnouncement extends Announcement {
  updatedAt: string;
}

export interface SummarizeResponse {
  summary: string;
}

/** POST /_api/news/query: the briefing item written (or updated). */
export interface NewsQueryResponse {
  itemId: string;
  title: string;
  matched: number;
  updated: boolean;
}
