// Cross-source stories (issue 29): one story once in the feed.
//
// Each item may belong to a story of items from other sources (story_id, the id
// of the story's first item; null while the item stands alone). story_rank
// orders a story's members for the primary (preferred source, then the longest
// text) and story_top marks the best of all members, so the list shows an item
// unless a better member of its story is in the reader's feed, checked only for
// the few items that are not the best (src/server/stories/list-filter.ts).
//
// story_items holds what the clusterer compares (URL key, simhash, words,
// entities, event) for the recent items only; story_apart remembers the pairs a
// reader split with "Not the same story", so no clustering joins them again.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('news_items').addColumn('story_id', 'integer').execute();
  await db.schema
    .alterTable('news_items')
    .addColumn('story_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('news_items')
    .addColumn('story_top', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // A story's members, best first: the list's "is a better member visible?" probe.
  await db.schema
    .createIndex('news_items_story')
    .on('news_items')
    .columns(['story_id', 'story_rank'])
    .where(sql.ref('story_id'), 'is not', null)
    .execute();
  // The Hot view: the clustered items of the last day, with their story and source.
  await db.schema
    .createIndex('news_items_story_recent')
    .on('news_items')
    .columns(['published_at', 'story_id', 'source_id'])
    .where(sql.ref('story_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('story_items')
    .addColumn('item_id', 'integer', (c) =>
      c.primaryKey().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    /** The item's story_rank, kept here for the stories it may join. */
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('url_key', 'text')
    .addColumn('simhash', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('entities', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('story_items_published')
    .on('story_items')
    .column('published_at')
    .execute();

  await db.schema
    .createTable('story_apart')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('other_id', 'integer', (c) =>
      c.notNull().references('news_items.id').onDelete('cascade'),
    )
    /** Who split them; null once that account is gone. */
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_apart_pk', ['item_id', 'other_id'])
    .execute();
  await db.schema.createIndex('story_apart_other').on('story_apart').column('other_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
