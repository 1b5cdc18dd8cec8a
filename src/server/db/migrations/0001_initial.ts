// Accounts, sources, items and their supporting tables: the core schema.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn, blobType } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('zip_code', 'text')
    .addColumn('no_ads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('avatars')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', blobType(pg), (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('news_sources')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('url_key', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_fetched_at', 'bigint')
    .addColumn('last_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_fetch_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('resolved_url', 'text')
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('news_sources_user_id')
    .on('news_sources')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('news_sources_next_fetch_at')
    .on('news_sources')
    .columns(['is_enabled', 'next_fetch_at'])
    .execute();
  await db.schema
    .createIndex('news_sources_url_key')
    .on('news_sources')
    .column('url_key')
    .execute();

  await db.schema
    .createTable('source_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('news_sources.id').onDelete('cascade'),
    )
    .addColumn('is_enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('source_preferences_pk', ['user_id', 'source_id'])
    .execute();
  await db.schema
    .createIndex('source_preferences_source_id')
    .on('source_preferences')
    .column('source_id')
    .execute();

  await db.schema
    .createTable('news_items')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('news_sources.id').onDelete('cascade'),
    )
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text')
    .addColumn('content_text', 'text')
    .addColumn('image_url', 'text')
    .addColumn('author', 'text')
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull().defaultTo('article'))
    .addColumn('is_breaking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('engagement_score', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('extra', 'text')
    .execute();
  await db.schema
    .createIndex('news_items_source_dedupe')
    .on('news_items')
    .columns(['source_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('news_items_source_published')
    .on('news_items')
    .columns(['source_id', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('news_items_published')
    .on('news_items')
    .columns(['published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('news_items_engagement')
    .on('news_items')
    .columns(['engagement_score', 'id'])
    .execute();
  await db.schema
    .createIndex('news_items_fetched')
    .on('news_items')
    .columns(['fetched_at', 'id'])
    .execute();

  await db.schema
    .createTable('source_item_counts')
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('news_sources.id').onDelete('cascade'),
    )
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('is_breaking', 'integer', (c) => c.notNull())
    .addColumn('item_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('source_item_counts_pk', ['source_id', 'item_type', 'is_breaking'])
    .execute();

  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_events_lookup')
    .on('rate_events')
    .columns(['bucket', 'key', 'created_at'])
    .execute();

  if (pg) await postgresSearchAndCounts(db);
  else await sqliteSearchAndCounts(db);
}

// One counter row per (source, type, breaking), moved by one when an item comes or goes.
const bump = (sign: '+' | '-', row: 'new' | 'old') => `
    INSERT INTO source_item_counts (source_id, item_type, is_breaking, item_count)
    VALUES (${row}.source_id, ${row}.item_type, ${row}.is_breaking, ${sign === '+' ? 1 : -1})
    ON CONFLICT (source_id, item_type, is_breaking)
    DO UPDATE SET item_count = item_count ${sign} 1;
    UPDATE news_sources SET item_count = item_count ${sign} 1 WHERE id = ${row}.source_id;`;

// Full-text search and the per-source counters, kept in step by triggers so that
// every writer (ingestion, purge, source deletion) maintains them for free.
async function sqliteSearchAndCounts(db: Kysely<any>) {
  await sql`CREATE VIRTUAL TABLE news_items_fts USING fts5(
    title, summary_text, content_text,
    content='news_items', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2', prefix='2 3 4'
  )`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER news_items_ai AFTER INSERT ON news_items BEGIN
        INSERT INTO news_items_fts (rowid, title, summary_text, content_text)
        VALUES (new.id, new.title, new.summary_text, coalesce(new.content_text, ''));
        ${bump('+', 'new')}
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER news_items_ad AFTER DELETE ON news_items BEGIN
        INSERT INTO news_items_fts (news_items_fts, rowid, title, summary_text, content_text)
        VALUES ('delete', old.id, old.title, old.summary_text, coalesce(old.content_text, ''));
        ${bump('-', 'old')}
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER news_items_au_text AFTER UPDATE OF title, summary_text, content_text ON news_items BEGIN
        INSERT INTO news_items_fts (news_items_fts, rowid, title, summary_text, content_text)
        VALUES ('delete', old.id, old.title, old.summary_text, coalesce(old.content_text, ''));
        INSERT INTO news_items_fts (rowid, title, summary_text, content_text)
        VALUES (new.id, new.title, new.summary_text, coalesce(new.content_text, ''));
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER news_items_au_kind AFTER UPDATE OF item_type, is_breaking ON news_items
       WHEN old.item_type IS NOT new.item_type OR old.is_breaking IS NOT new.is_breaking BEGIN
        UPDATE source_item_counts SET item_count = item_count - 1
          WHERE source_id = old.source_id AND item_type = old.item_type AND is_breaking = old.is_breaking;
        INSERT INTO source_item_counts (source_id, item_type, is_breaking, item_count)
        VALUES (new.source_id, new.item_type, new.is_breaking, 1)
        ON CONFLICT (source_id, item_type, is_breaking) DO UPDATE SET item_count = item_count + 1;
      END`,
    )
    .execute(db);
}

async function postgresSearchAndCounts(db: Kysely<any>) {
  await sql`ALTER TABLE news_items ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('english',
      coalesce(title, '') || ' ' || coalesce(summary_text, '') || ' ' || coalesce(content_text, ''))) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX news_items_search ON news_items USING gin (search_vector)`.execute(db);
  await sql`CREATE FUNCTION news_items_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE source_item_counts SET item_count = item_count - 1
          WHERE source_id = OLD.source_id AND item_type = OLD.item_type AND is_breaking = OLD.is_breaking;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO source_item_counts (source_id, item_type, is_breaking, item_count)
        VALUES (NEW.source_id, NEW.item_type, NEW.is_breaking, 1)
        ON CONFLICT (source_id, item_type, is_breaking)
        DO UPDATE SET item_count = source_item_counts.item_count + 1;
      END IF;
      IF TG_OP = 'INSERT' THEN
        UPDATE news_sources SET item_count = item_count + 1 WHERE id = NEW.source_id;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE news_sources SET item_count = item_count - 1 WHERE id = OLD.source_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER news_items_count_ins_del AFTER INSERT OR DELETE ON news_items
    FOR EACH ROW EXECUTE FUNCTION news_items_count()`.execute(db);
  await sql`CREATE TRIGGER news_items_count_upd AFTER UPDATE OF item_type, is_breaking ON news_items
    FOR EACH ROW WHEN (OLD.item_type IS DISTINCT FROM NEW.item_type OR OLD.is_breaking IS DISTINCT FROM NEW.is_breaking)
    EXECUTE FUNCTION news_items_count()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
