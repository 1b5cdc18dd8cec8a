// Contracts between the ingestion pipeline and the per-type fetchers.
// A fetcher turns one source into raw items; the pipeline normalises, sanitises,
// scores, dedupes and stores them (see pipeline.ts).
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { ItemType, SourceType } from '../../shared/constants';

import type { GuardedHttp } from '../net/types';

// The HTTP client's contract, for fetchers.
export {
  SourceFetchError,
  type GuardedHttp,
  type HttpRequestOptions,
  type HttpResponse,
} from '../net/types';

/** An item as a fetcher found it: raw HTML, loose dates, source-specific signals. */
export interface FetchedItem {
  /** Stable id from the source (RSS guid, Atom id, t3_…, at:// URI, launch uuid). */
  guid?: string | null;
  url?: string | null;
  title?: string | null;
  /** Summary/description as the source gave it: HTML or text, unsanitised. */
  summaryHtml?: string | null;
  /** Full content (content:encoded, Atom content, JSON Feed content_html), unsanitised. */
  contentHtml?: string | null;
  /** Base for relative URLs in summaryHtml/contentHtml when the feed sets one (Atom xml:base); else the item's link. */
  baseUrl?: string | null;
  imageUrl?: string | null;
  author?: string | null;
  /** Whatever the source gave; the pipeline parses it (missing/invalid → fetch time). */
  publishedAt?: string | number | Date | null;
  itemType?: ItemType;
  /** Raw signals; scoring.ts turns them into engagementScore. */
  engagement?: {
    score?: number;
    comments?: number;
    views?: number;
    likes?: number;
    reposts?: number;
    replies?: number;
    quotes?: number;
  };
  isBreaking?: boolean;
  /** Type-specific details kept as JSON (launch status, provider, pad, webcast…). */
  extra?: Record<string, unknown>;
  /** True when a re-seen item should have all its fields refreshed (e.g. a launch that moved). */
  mutable?: boolean;
}

export interface SourceToFetch {
  id: number;
  name: string;
  url: string;
  sourceType: SourceType;
  etag: string | null;
  lastModified: string | null;
  /** Cached resolution (YouTube channel feed URL, Bluesky DID…), if any. */
  resolvedUrl: string | null;
}

export interface FetchContext {
  source: SourceToFetch;
  /** For URLs from users and feeds: the SSRF guard applies. */
  http: GuardedHttp;
  /**
   * For the operator's own upstream base URLs (LAUNCH_LIBRARY_URL…), which may be
   * private: timeouts and size caps, no address check. Falls back to `http`.
   */
  operatorHttp?: GuardedHttp;
  config: Config['ingest'];
  now: Date;
  /** The fetching thread's own connection (rocket_launch reads the launch store). */
  db: DB;
}

export interface FetchResult {
  items: FetchedItem[];
  notModified?: boolean;
  etag?: string | null;
  lastModified?: string | null;
  resolvedUrl?: string | null;
  /** The feed's own title, when known. */
  title?: string | null;
}

export interface Fetcher {
  readonly type: SourceType;
  fetch(ctx: FetchContext): Promise<FetchResult>;
}
