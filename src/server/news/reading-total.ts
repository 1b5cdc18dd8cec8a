// The feed list's total with a read or saved filter. Unread and read totals over
// whole sources come from the exact unread counts (no row scan); anything
// narrower (a type, breaking, saved) is counted, but no further than
// SEARCH_COUNT_LIMIT (1,000): past it the total is a lower bound ("1,000+"), so the
// count never reads a million rows for one page. The count walks the publish-time
// index, which holds the source, type and breaking flag: a count per source read
// every item of the sources holding no video before it found one (5 s for the
// unread videos at a million items; to 1,000 now 2 ms, to 10,000 50 ms on SQLite
// and 300 ms on PostgreSQL, more than the page). (A search counts in search-list.ts.)
import type { DB, Dialect } from '../db/database';
import type { ItemCounts } from './counts';
import { countFiltered, type FeedFilter } from './repository';
import { unreadBySource } from '../reading/state';

export async function readingTotal(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  counts: ItemCounts,
  limit: number,
): Promise<{ total: number; lowerBound: boolean }> {
  const reading = filter.reading;
  const whole =
    !reading?.saved &&
    filter.itemType === undefined &&
    filter.isBreaking === undefined &&
    !filter.searchTokens &&
    filter.topic === undefined &&
    !filter.mutedTopics?.length;
  if (!reading || !whole) {
    const counted = await countFiltered(db, dialect, filter, limit + 1);
    return counted > limit
      ? { total: limit, lowerBound: true }
      : { total: counted, lowerBound: false };
  }
  const unread = await unreadBySource(db, reading.userId, filter.sourceIds);
  let total = 0;
  for (const id of filter.sourceIds) total += unread.get(id) ?? 0;
  return {
    total: reading.status === 'unread' ? total : counts.inSources - total,
    lowerBound: false,
  };
}
