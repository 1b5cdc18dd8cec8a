// The feed list's total with a read or saved filter. Unread and read totals over
// whole sources come from the exact unread counts (no row scan); anything
// narrower (a type, breaking, a search, saved) is counted.
import type { DB, Dialect } from '../db/database';
import type { ItemCounts } from './counts';
import { countFiltered, type FeedFilter } from './repository';
import { unreadBySource } from '../reading/state';

export async function readingTotal(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  counts: ItemCounts,
): Promise<number> {
  const reading = filter.reading;
  const whole =
    !reading?.saved &&
    filter.itemType === undefined &&
    filter.isBreaking === undefined &&
    !filter.searchTokens &&
    filter.topic === undefined &&
    !filter.mutedTopics?.length;
  if (!reading || !whole) return countFiltered(db, dialect, filter);
  const unread = await unreadBySource(db, reading.userId, filter.sourceIds);
  let total = 0;
  for (const id of filter.sourceIds) total += unread.get(id) ?? 0;
  return reading.status === 'unread' ? total : counts.inSources - total;
}
