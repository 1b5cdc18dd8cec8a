// Search results, cached for a short while.
//
// A search total has to count matches, and ordering the matches of a rare word
// means reading all of them: a few milliseconds per ten thousand. So a search is
// computed once per filter (exact source list, type, breaking flag, words and
// sort) and kept for SEARCH_CACHE_TTL_MS: its total and, when it has at most
// SEARCH_LIST_CAP matches, the whole result in feed order, so that every page,
// the infinite scroll's cursor and the total come from the same snapshot.
// Items ingested meanwhile join the results when the entry expires; items
// deleted meanwhile are simply missing from their page.
// The count stops at the configured SEARCH_COUNT_LIMIT (counting every match of
// a common word cost more than its page): past it the total is a lower bound.
// A larger result keeps only its total; its pages walk the sort index, where a
// common word is found quickly.
import type { Cursor } from './cursor';

export const SEARCH_CACHE_TTL_MS = 30_000;
export const SEARCH_LIST_CAP = 25_000;
/** Ids held across all entries (two doubles each: 16 MB). */
const CACHE_IDS = 1_000_000;
const CACHE_ENTRIES = 1_000;

export interface SearchResult {
  /** Matches, or SEARCH_COUNT_LIMIT when there are more (lowerBound). */
  total: number;
  /** More matches than the count goes to: total is a lower bound and the pages walk the sort index. */
  lowerBound?: true;
  /** The whole result in feed order, and the sort value of each item; absent above SEARCH_LIST_CAP. */
  list?: { ids: Float64Array; values: Float64Array };
}

export class SearchCache {
  private entries = new Map<string, { value: SearchResult; expiresAt: number }>();
  private held = 0;

  constructor(private readonly ttlMs = SEARCH_CACHE_TTL_MS) {}

  async get(key: string, compute: () => Promise<SearchResult>): Promise<SearchResult> {
    const at = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > at) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = await compute();
    this.remove(key);
    this.entries.set(key, { value, expiresAt: at + this.ttlMs });
    this.held += value.list?.ids.length ?? 0;
    for (const oldest of this.entries.keys()) {
      if (this.held <= CACHE_IDS && this.entries.size <= CACHE_ENTRIES) break;
      this.remove(oldest);
    }
    return value;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.value.list?.ids.length ?? 0;
    this.entries.delete(key);
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
