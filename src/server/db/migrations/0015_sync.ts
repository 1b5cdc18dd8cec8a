// Sync APIs for reader apps (issue 26): API passwords, and each user's folders
// for sources (the labels the Google Reader and Fever APIs show).
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  // Passwords for reader apps, separate from the login password. The password is
  // stored as an argon2id hash only; `lookup` (its first group, shown to nobody)
  // picks the one row a ClientLogin checks, so a sign-in costs one argon2 verify.
  await db.schema
    .createTable('api_passwords')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lookup', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // SHA-256 (hex) of the Fever api_key, md5("email:password"), for the address as
    // registered and, when it differs, lower-cased: the key itself is never stored.
    .addColumn('fever_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('fever_key_hash_lower', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('api_passwords_user_lookup')
    .on('api_passwords')
    .columns(['user_id', 'lookup'])
    .execute();

  // A user's folders: one row per name, so a rename is one update and the Fever
  // API has a stable number for each group.
  await db.schema
    .createTable('folders')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('folders_user_name', ['user_id', 'name'])
    .execute();

  // Which folder a source is in, per user: default sources and personal ones alike.
  await db.schema
    .createTable('source_folders')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('news_sources.id').onDelete('cascade'),
    )
    .addColumn('folder_id', 'integer', (c) =>
      c.notNull().references('folders.id').onDelete('cascade'),
    )
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('source_folders_pk', ['user_id', 'source_id'])
    .execute();
  await db.schema
    .createIndex('source_folders_folder')
    .on('source_folders')
    .column('folder_id')
    .execute();
  await db.schema
    .createIndex('source_folders_source')
    .on('source_folders')
    .column('source_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
