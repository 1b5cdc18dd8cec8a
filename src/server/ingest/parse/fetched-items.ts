// What a fetch hands on to normalising: at most MAX_ITEMS_PER_FETCH items,
// newest first, each with its position in the feed and a hash of it as
// fetched, so items already stored unchanged are skipped before any parsing.
import { createHash } from 'node:crypto';
import type { SourceType } from '../../../shared/constants';
import { itemTime } from './normalize';
import type { FetchedItem } from '../types';

export interface Candidate {
  raw: FetchedItem;
  /** Index in the feed as published (items without dates keep this order). */
  position: number;
  hash: string;
}

/** A stable hash of the item as the fetcher read it (every field, raw). */
export function contentHash(item: FetchedItem): string {
  return createHash('sha256').update(JSON.stringify(item)).digest('base64url');
}

/** The newest `max` items (undated ones placed by feed order), hashed. */
export function candidates(
  items: FetchedItem[],
  max: number,
  sourceType: SourceType,
  now: number,
): Candidate[] {
  let kept = items.map((raw, position) => ({ raw, position }));
  if (kept.length > max) {
    const time = (c: { raw: FetchedItem; position: number }) =>
      itemTime(c.raw.publishedAt, sourceType, now) ?? now - c.position;
    kept = kept
      .map((c) => ({ ...c, time: time(c) }))
      .toSorted((a, b) => b.time - a.time || a.position - b.position)
      .slice(0, max);
  }
  return kept.map((c) => ({ ...c, hash: contentHash(c.raw) }));
}
