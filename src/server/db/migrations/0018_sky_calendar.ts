// Satellite passes and the sky-events calendar (issue 28, part 2): the TLE cache
// the 12-hourly job fills, each user's minimum pass elevation, and the private
// iCal subscription (one per user; only its token's SHA-256 is stored).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sky_tles')
    .addColumn('norad_id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text', (c) => c.notNull())
    /** The element set's epoch, epoch milliseconds. */
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sky_preferences')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('min_pass_elevation', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    /** SHA-256 of the URL's token, hex: the token itself is never stored. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
