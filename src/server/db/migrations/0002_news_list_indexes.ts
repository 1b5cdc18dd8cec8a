// Indexes for the feed list at a million items (issue 4).
//
// Each sort order gets one covering index: (sort value, id, source_id, item_type,
// is_breaking). A broad feed (most sources selected) walks it in order, checks the
// source and type filters from the index alone, and touches the table only for
// the page it returns; OFFSET skips index entries, not rows. They replace the
// narrower (sort value, id) indexes of 0001, which are their prefixes.
// A narrow feed (a few sources) reads each source's slice instead:
// (source_id, sort value, id) exists for published_at in 0001 and is added here
// for the other two orders.
// SQLite only: a search reads its full-text matches by id. Through the table that
// is one random page per match (a 1 GB table does not stay in cache); through
// news_items_id_cover, an index keyed by id holding every column the list
// filters and sorts on, it is a walk over a small, hot b-tree.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';

const SORT_COLUMNS = [
  ['published', 'published_at'],
  ['engagement', 'engagement_score'],
  ['fetched', 'fetched_at'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of SORT_COLUMNS) {
    await db.schema
      .createIndex(`news_items_${name}_cover`)
      .on('news_items')
      .columns([column, 'id', 'source_id', 'item_type', 'is_breaking'])
      .execute();
    await db.schema.dropIndex(`news_items_${name}`).execute();
  }
  await db.schema
    .createIndex('news_items_source_engagement')
    .on('news_items')
    .columns(['source_id', 'engagement_score', 'id'])
    .execute();
  await db.schema
    .createIndex('news_items_source_fetched')
    .on('news_items')
    .columns(['source_id', 'fetched_at', 'id'])
    .execute();
  if (dialectOf(db) === 'sqlite') {
    await db.schema
      .createIndex('news_items_id_cover')
      .on('news_items')
      .columns([
        'id',
        'source_id',
        'item_type',
        'is_breaking',
        'published_at',
        'engagement_score',
        'fetched_at',
      ])
      .execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
