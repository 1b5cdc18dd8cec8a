// Totals for the feed's pagination without counting rows.
//
// Without a search term the total is exact and costs O(sources): the triggers of
// migration 0001 keep `source_item_counts` (items per source, type and breaking
// flag) in step with every insert, update and delete, so a total is a sum over
// the selected sources. (A search total is counted once and cached: see search-cache.ts.)
import { sql } from 'kysely';
import type { DB } from '../db/database';

export interface KindFilter {
  itemType?: string;
  isBreaking?: boolean;
}

export interface ItemCounts {
  /** Items in the sources that match the kind filter: the feed's total without a search. */
  matched: number;
  /** Items in the sources, of any kind. */
  inSources: number;
  /** Items in the whole table. */
  total: number;
}

/** Item counts for a feed filter, from the maintained counters. */
export async function countItems(db: DB, sourceIds: number[], filter: KindFilter): Promise<ItemCounts> {
  const row = await db
    .selectFrom('source_item_counts')
    .select((eb) => {
      const inSources = eb('source_id', 'in', sourceIds);
      const conditions = [inSources];
      if (filter.itemType !== undefined) conditions.push(eb('item_type', '=', filter.itemType));
      if (filter.isBreaking !== undefined) conditions.push(eb('is_breaking', '=', filter.isBreaking ? 1 : 0));
      const sumWhen = (condition: typeof inSources) =>
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('item_count')).else(0).end()), sql<number>`0`);
      return [
        eb.fn.coalesce(eb.fn.sum<number>('item_count'), sql<number>`0`).as('total'),
        sumWhen(inSources).as('in_sources'),
        sumWhen(eb.and(conditions)).as('matched'),
      ];
    })
    .executeTakeFirstOrThrow();
  return { matched: Number(row.matched), inSources: Number(row.in_sources), total: Number(row.total) };
}
