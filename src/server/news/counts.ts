// Totals for the feed's pagination without counting rows.
//
// Without a search term the total is exact and costs O(sources): the triggers of
// migration 0001 keep `source_item_counts` (items per source, type and breaking
// flag) in step with every insert, update and delete, so a total is a sum over
// the selected sources, read together with the visible sources themselves.
// (A search total is counted once and cached: see search-cache.ts.)
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/tables';
import { isActiveFor } from '../sources/visibility';

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

export interface SourceCounts {
  id: number;
  sourceType: string;
  /** Items of any kind. */
  items: number;
  /** Items matching the kind filter. */
  matching: number;
}

/**
 * The sources whose items the user's feed may show, each with its item counts,
 * and the number of items in the whole table: one query.
 */
export async function activeSourceCounts(
  db: DB,
  userId: number,
  filter: KindFilter,
): Promise<{ sources: SourceCounts[]; total: number }> {
  const rows = await db
    .selectFrom('news_sources')
    .leftJoin('source_item_counts', 'source_item_counts.source_id', 'news_sources.id')
    .where((eb) =>
      isActiveFor(userId)(eb as unknown as ExpressionBuilder<Database, 'news_sources'>),
    )
    .groupBy(['news_sources.id', 'news_sources.source_type'])
    .select((eb) => {
      const conditions = [];
      if (filter.itemType !== undefined)
        conditions.push(eb('source_item_counts.item_type', '=', filter.itemType));
      if (filter.isBreaking !== undefined)
        conditions.push(eb('source_item_counts.is_breaking', '=', filter.isBreaking ? 1 : 0));
      const count = eb.ref('source_item_counts.item_count');
      return [
        'news_sources.id',
        'news_sources.source_type',
        eb.fn.coalesce(eb.fn.sum<number>(count), sql<number>`0`).as('items'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              conditions.length
                ? eb.case().when(eb.and(conditions)).then(count).else(0).end()
                : count,
            ),
            sql<number>`0`,
          )
          .as('matching'),
        sql<number>`(SELECT coalesce(sum(item_count), 0) FROM source_item_counts)`.as('total'),
      ];
    })
    .execute();
  return {
    sources: rows.map((r) => ({
      id: r.id,
      sourceType: r.source_type,
      items: r.items,
      matching: r.matching,
    })),
    total: rows.length ? rows[0].total : 0,
  };
}
