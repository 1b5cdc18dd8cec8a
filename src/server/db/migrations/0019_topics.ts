// Space topics (issue 29): each item's topics, tagged at ingestion; each
// user's followed and muted topics; the vocabulary's weekly LL2 refresh.
//
// item_topics is read three ways: an item's topics (the page's items, one
// query: the primary key), a topic's items (the list's ?topic= filter and the
// topic page: item_topics_topic), and "has this item a muted topic" (the
// primary key again). Rows go with their item (ON DELETE CASCADE).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('item_topics')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('topic', 'text', (c) => c.notNull())
    // Order of first mention (implied topics last): chips show the story's own first.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_topics_pk', ['item_id', 'topic'])
    .execute();
  await db.schema
    .createIndex('item_topics_topic')
    .on('item_topics')
    .columns(['topic', 'item_id'])
    .execute();

  for (const table of ['topic_follows', 'topic_mutes']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'topic'])
      .execute();
    // Who follows (or mutes) a topic: the alerts' question on a new story.
    await db.schema.createIndex(`${table}_topic`).on(table).columns(['topic', 'user_id']).execute();
  }

  // The LL2 half of the vocabulary as last refreshed; empty: the shipped file.
  await db.schema
    .createTable('topic_vocabulary')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull())
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only.
}
