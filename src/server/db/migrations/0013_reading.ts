// Read and saved state, reading preferences and private Atom feeds (issue 25).
//
// State is a per-user, per-source watermark ("every item of this source with an
// id up to read_through_id is read") plus one row per exception: an item whose
// read flag differs from its watermark's answer, or a saved item. Nothing is
// written per unread item. See src/server/reading/state.ts.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  await db.schema
    .alterTable('users')
    .addColumn('mark_read_policy', 'text', (c) => c.notNull().defaultTo('opened'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('keyboard_shortcuts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('reading_marks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('news_sources.id').onDelete('cascade'),
    )
    .addColumn('read_through_id', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_marks_pk', ['user_id', 'source_id'])
    .execute();
  await db.schema
    .createIndex('reading_marks_source')
    .on('reading_marks')
    .column('source_id')
    .execute();

  await db.schema
    .createTable('reading_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('source_id', 'integer', (c) => c.notNull())
    // null: as the watermark says; 0/1: this item differs from it.
    .addColumn('is_read', 'integer')
    .addColumn('is_saved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_items_pk', ['user_id', 'item_id'])
    .execute();
  // Unread counts group a user's exceptions by source; the purge and item deletes look items up.
  await db.schema
    .createIndex('reading_items_user_source')
    .on('reading_items')
    .columns(['user_id', 'source_id', 'is_read', 'item_id'])
    .execute();
  await db.schema
    .createIndex('reading_items_item')
    .on('reading_items')
    .columns(['item_id', 'is_saved'])
    .execute();
  await db.schema
    .createIndex('reading_items_saved')
    .on('reading_items')
    .columns(['user_id', 'is_saved', 'saved_at'])
    .execute();

  // A source's items in id order: the items above a watermark are one index range.
  // (On SQLite every index ends with the rowid, so (source_id) alone is that order.)
  await db.schema
    .createIndex('news_items_source_id')
    .on('news_items')
    .columns(pg ? ['source_id', 'id'] : ['source_id'])
    .execute();

  // The last mark-all-read's prior state, so it can be undone (one per user).
  await db.schema
    .createTable('reading_undo')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('private_feeds')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON of the dashboard filters (kind "filtered"), else null. */
    .addColumn('filters', 'text')
    /** SHA-256 of the URL's token, hex: the token itself is never stored. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('private_feeds_user').on('private_feeds').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
