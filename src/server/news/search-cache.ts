// Search results, cached for a short while.
//
// A search total counts matches, but no further than SEARCH_COUNT_LIMIT (past it
// the total is a lower bound: "1,000+ results"), so it never costs more than a
// page. It is computed once per filter (exact source list, type, breaking flag,
// words and sort) and kept for SEARCH_CACHE_TTL_MS, with, when the search reads
// every match anyway to order them (a small result, or a sort other than time),
// the whole result in feed order, so that every page, the infinite scroll's
// cursor and the total come from the same snapshot. Items ingested meanwhile join
// the results when the entry expires; items deleted meanwhile are simply missing
// from their page. Other pages are read from the index each time: newest- and
// oldest-first pages in publish order (search-sqlite.ts, search-postgres.ts),
// others by walking the sort index, where a common word is found quickly.
import { LruMap } from '../lru-map';
import type { Cursor } from './cursor';

export const SEARCH_CACHE_TTL_MS = 30_000;
export const SEARCH_LIST_CAP = 25_000;
/** Ids held across all entries (two doubles each: 16 MB). */
const CACHE_IDS = 1_000_000;
const CACHE_ENTRIES = 1_000;
/** The most matches kept at the head of a larger result. */
export const HEAD_MAX = 5_000;

export interface SearchResult {
  /** Matches; a lower bound when lowerBound is set. */
  total: number;
  /** More matches than were counted: total is what the count reached. */
  lowerBound?: true;
  /** The whole result in feed order, and the sort value of each item; absent above SEARCH_LIST_CAP. */
  list?: { ids: Float64Array; values: Float64Array };
  /**
   * The first matches in feed order, as far as a page from the top has read them
   * (PostgreSQL, newest- or oldest-first): later pages within it are read from here.
   */
  head?: { ids: Float64Array; values: Float64Array };
}

export class SearchCache {
  private readonly entries = new LruMap<string, { value: SearchResult; expiresAt: number }>({
    maxEntries: CACHE_ENTRIES,
    maxWeight: CACHE_IDS,
    weigh: (entry) => (entry.value.list?.ids.length ?? 0) + HEAD_MAX,
  });

  constructor(private readonly ttlMs = SEARCH_CACHE_TTL_MS) {}

  /** The fresh entry for `key`, if there is one. */
  peek(key: string): SearchResult | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > Date.now() ? hit.value : undefined;
  }

  async get(key: string, compute: () => Promise<SearchResult>): Promise<SearchResult> {
    const at = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value;
    const value = await compute();
    this.entries.set(key, { value, expiresAt: at + this.ttlMs });
    return value;
  }
}

/** Index of the first item of a cached result that comes after the cursor in feed order. */
export function positionAfter(
  list: NonNullable<SearchResult['list']>,
  order: 'asc' | 'desc',
  cursor: Cursor,
): number {
  const sign = order === 'asc' ? 1 : -1;
  let lo = 0;
  let hi = list.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const cmp = sign * (list.values[mid] - cursor.value || list.ids[mid] - cursor.id);
    if (cmp <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
