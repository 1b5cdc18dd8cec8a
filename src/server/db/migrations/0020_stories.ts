// Cross-source stories (issue 29): one story once in the feed.
//
// story_members holds the items that belong to a story of more than one item
// (an item alone has no row): the story's id (its first item's id), the rank
// that orders its members for the primary (preferred source, then the longest
// text) and whether the item is the best of them all. The feed shows an item
// unless a better member of its story is in the reader's feed: one probe of this
// small table per item, and only the few items that are not the best look
// further (src/server/stories/list-filter.ts). Nothing is written to news_items,
// so clustering never rewrites an item's row (nor, on PostgreSQL, its search
// vector).
//
// story_items holds what the clusterer compares (URL key, simhash, words,
// entities, event) for the recent items only; story_apart remembers the pairs a
// reader split with "Not the same story", so no clustering joins them again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('story_members')
    .addColumn('item_id', 'integer', (c) =>
      c.primaryKey().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('story_id', 'integer', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('story_rank', 'integer', (c) => c.notNull())
    .addColumn('story_top', 'integer', (c) => c.notNull())
    .execute();
  // A story's members, best first: the list's "is a better member in the feed?" probe.
  await db.schema
    .createIndex('story_members_story')
    .on('story_members')
    .columns(['story_id', 'story_rank', 'source_id'])
    .execute();
  // The Hot view: the clustered items of the last day, with their story and source.
  await db.schema
    .createIndex('story_members_recent')
    .on('story_members')
    .columns(['published_at', 'story_id', 'source_id'])
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

  // A token every writer of stories replaces: a thread that holds the recent items in
  // memory reads them again when another writer changed them (src/server/stories/window.ts).
  await db.schema
    .createTable('story_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .execute();
  // Random, so that no two databases start with one token.
  await db
    .insertInto('story_state')
    .values({ id: 1, token: `initial-${Math.random().toString(36).slice(2)}` })
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
