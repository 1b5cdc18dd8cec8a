// The unread list when few items are unread. Walking the sort order's index
// checks every item against the user's state, so with a handful unread among a
// million it would read the million. Here the unread items are read directly
// instead: each source's items above its watermark (one index range), plus the
// items marked unread, less those marked read; then sorted in memory.
import { type SqlBool, type Expression, type ExpressionBuilder } from 'kysely';
import { chunks } from '../db/chunks';
import type { DB } from '../db/database';
import type { Database } from '../db/tables';
import type { FeedFilter, SortColumn } from '../news/repository';
import { aboveWatermarks, findWatermarks } from './repository';

/** Most unread items read directly; past it the index walk finds a page sooner. */
export const UNREAD_DIRECT_MAX = 20_000;
// Per item the walk checks: the watermark and two exception look-ups.
const CHECK_COST = 3;

/** Whether reading the unread items directly beats walking the sort index for this page. */
export function readsUnreadDirectly(
  filter: FeedFilter,
  unread: number,
  inSources: number,
  pageEnd: number,
): boolean {
  if (filter.reading?.status !== 'unread' || filter.reading.saved || filter.searchTokens)
    return false;
  if (unread > UNREAD_DIRECT_MAX) return false;
  const walk = unread === 0 ? inSources : (pageEnd * inSources * CHECK_COST) / unread;
  return unread <= walk;
}

type Eb = ExpressionBuilder<Database, 'news_items'>;
const kind = (eb: Eb, filter: FeedFilter): Expression<SqlBool>[] => [
  ...(filter.itemType !== undefined ? [eb('news_items.item_type', '=', filter.itemType)] : []),
  ...(filter.isBreaking !== undefined
    ? [eb('news_items.is_breaking', '=', filter.isBreaking ? 1 : 0)]
    : []),
];

/** Every unread item of the filter, in feed order, with its sort value. */
export async function unreadInOrder(
  db: DB,
  userId: number,
  filter: FeedFilter,
  column: SortColumn,
  order: 'asc' | 'desc',
): Promise<{ ids: Float64Array; values: Float64Array }> {
  const marks = await findWatermarks(db, userId, filter.sourceIds);
  const marked = filter.sourceIds.filter((id) => marks.has(id));
  const unmarked = filter.sourceIds.filter((id) => !marks.has(id));
  const found = new Map<number, number>();
  const value = `news_items.${column}` as const;
  for (const part of chunks(marked)) {
    const rows = await aboveWatermarks(db, userId, part)
      .where((eb) => eb.and(kind(eb as unknown as Eb, filter)))
      .select(['news_items.id as id', `${value} as value`])
      .execute();
    for (const r of rows) found.set(r.id, r.value);
  }
  for (const part of chunks(unmarked)) {
    const rows = await db
      .selectFrom('news_items')
      .where('news_items.source_id', 'in', part)
      .where((eb) => eb.and(kind(eb, filter)))
      .select(['news_items.id as id', `${value} as value`])
      .execute();
    for (const r of rows) found.set(r.id, r.value);
  }
  for (const part of chunks(filter.sourceIds)) {
    const exceptions = await db
      .selectFrom('reading_items')
      .innerJoin('news_items', 'news_items.id', 'reading_items.item_id')
      .where('reading_items.user_id', '=', userId)
      .where('reading_items.source_id', 'in', part)
      .where('reading_items.is_read', 'is not', null)
      .where((eb) => eb.and(kind(eb as unknown as Eb, filter)))
      .select(['news_items.id as id', `${value} as value`, 'reading_items.is_read'])
      .execute();
    for (const r of exceptions) {
      if (r.is_read === 1) found.delete(r.id);
      else found.set(r.id, r.value);
    }
  }
  const sign = order === 'asc' ? 1 : -1;
  const sorted = [...found].toSorted((a, b) => sign * (a[1] - b[1] || a[0] - b[0]));
  return {
    ids: Float64Array.from(sorted, (e) => e[0]),
    values: Float64Array.from(sorted, (e) => e[1]),
  };
}
