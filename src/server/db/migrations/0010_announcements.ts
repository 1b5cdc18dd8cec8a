// Announcements (issue 14): system-wide notices written by admins, and each
// user's dismissals of them. A dismissal belongs to one user and one
// announcement; either one going takes the dismissal with it.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('expiration_date', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Every list is newest first; the active list also stops at the expiry.
  await db.schema
    .createIndex('announcements_created')
    .on('announcements')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('announcements_expiration')
    .on('announcements')
    .column('expiration_date')
    .execute();
  await db.schema
    .createIndex('announcements_created_by')
    .on('announcements')
    .column('created_by')
    .execute();

  await db.schema
    .createTable('announcement_dismissals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('dismissed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_dismissals_pk', ['user_id', 'announcement_id'])
    .execute();
  await db.schema
    .createIndex('announcement_dismissals_announcement')
    .on('announcement_dismissals')
    .column('announcement_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
