// Space topics (issue 29): each item's topics, tagged at ingestion; each
// user's followed and muted topics; the vocabulary's weekly LL2 refresh.
//
// item_topics is read three ways: an item's topics (the page's items, one
// query: the primary key), a topic's items within the user's sources (the
// list's ?topic= filter and the topic page: item_topics_topic, which holds the
// source so it answers without the items table), and "has this item a muted
// topic" (the primary key again). Rows go with their item (ON DELETE CASCADE).
// topic_source_counts keeps each topic's items per source in step through
// triggers (as source_item_counts does for sources), so a topic's total in a
// feed is a sum over its sources, not a count of its items.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('item_topics')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    // Order of first mention (implied topics last): chips show the story's own first.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_topics_pk', ['item_id', 'topic'])
    .execute();
  await db.schema
    .createIndex('item_topics_topic')
    .on('item_topics')
    .columns(['topic', 'source_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('topic_source_counts')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_source_counts_pk', ['topic', 'source_id'])
    .execute();
  if (dialectOf(db) === 'postgres') {
    // Per statement, with transition tables: one aggregated update per statement
    // (migration 0004 says why row triggers are too slow on PostgreSQL).
    await sql`CREATE FUNCTION item_topics_count_stmt() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          UPDATE topic_source_counts c SET item_count = c.item_count - d.n
            FROM (SELECT topic, source_id, count(*) AS n FROM old_rows GROUP BY 1, 2) d
            WHERE c.topic = d.topic AND c.source_id = d.source_id;
        ELSE
          INSERT INTO topic_source_counts (topic, source_id, item_count)
            SELECT topic, source_id, count(*) FROM new_rows GROUP BY 1, 2
            ON CONFLICT (topic, source_id)
            DO UPDATE SET item_count = topic_source_counts.item_count + EXCLUDED.item_count;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER item_topics_count_ins AFTER INSERT ON item_topics
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_topics_count_stmt()`.execute(
      db,
    );
    await sql`CREATE TRIGGER item_topics_count_del AFTER DELETE ON item_topics
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION item_topics_count_stmt()`.execute(
      db,
    );
  } else {
    await sql`CREATE TRIGGER item_topics_count_ins AFTER INSERT ON item_topics BEGIN
      INSERT INTO topic_source_counts (topic, source_id, item_count) VALUES (NEW.topic, NEW.source_id, 1)
        ON CONFLICT (topic, source_id) DO UPDATE SET item_count = item_count + 1;
    END`.execute(db);
    await sql`CREATE TRIGGER item_topics_count_del AFTER DELETE ON item_topics BEGIN
      UPDATE topic_source_counts SET item_count = item_count - 1
        WHERE topic = OLD.topic AND source_id = OLD.source_id;
    END`.execute(db);
  }

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
