// Launches as first-class (issue 27): the launch store, its history of date and
// status changes, the links from stories to launches, and the Launch Library
// call budget shared by every instance.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  // One row per LL2 launch, keyed by LL2's id; lists and JSON in text columns.
  await db.schema
    .createTable('launches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text')
    .addColumn('api_url', 'text')
    .addColumn('net', 'bigint')
    .addColumn('net_precision', 'text')
    .addColumn('window_start', 'bigint')
    .addColumn('window_end', 'bigint')
    .addColumn('status_id', 'integer')
    .addColumn('status', 'text')
    .addColumn('status_abbrev', 'text')
    .addColumn('fail_reason', 'text')
    .addColumn('hold_reason', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_abbrev', 'text')
    .addColumn('vehicle', 'text')
    .addColumn('vehicle_name', 'text')
    .addColumn('vehicle_family', 'text')
    .addColumn('mission', 'text')
    .addColumn('mission_description', 'text')
    .addColumn('mission_type', 'text')
    .addColumn('orbit', 'text')
    .addColumn('pad', 'text')
    .addColumn('location', 'text')
    .addColumn('programs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('image_url', 'text')
    .addColumn('webcast_live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('webcasts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('info_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updates', 'text', (c) => c.notNull().defaultTo('[]'))
    /** LL2's last_updated, epoch ms. */
    .addColumn('last_updated', 'bigint')
    /** LL2's last_updated of the last detailed-mode copy: a newer record asks for details again. */
    .addColumn('detailed_updated', 'bigint')
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addColumn('changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The page and the linker read launches by NET (upcoming, the last 7 days, NET ± 3 days).
  await db.schema.createIndex('launches_net').on('launches').column('net').execute();

  // A row when net, precision, status or window changes (the first observation too).
  await db.schema
    .createTable('launch_history')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('launch_id', 'text', (c) =>
      c.notNull().references('launches.id').onDelete('cascade'),
    )
    .addColumn('observed_at', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint')
    .addColumn('net_precision', 'text')
    .addColumn('status', 'text')
    .addColumn('window_start', 'bigint')
    .addColumn('window_end', 'bigint')
    .addColumn('last_updated', 'bigint')
    .execute();
  await db.schema
    .createIndex('launch_history_launch')
    .on('launch_history')
    .columns(['launch_id', 'observed_at'])
    .execute();
  // Alerts read the changes of a time range across launches.
  await db.schema
    .createIndex('launch_history_observed')
    .on('launch_history')
    .column('observed_at')
    .execute();

  // Story ↔ launch. No foreign key to launches: an explicit id (SNAPI's) may name a
  // launch not stored yet, and the link shows once it is.
  await db.schema
    .createTable('launch_links')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('launch_id', 'text', (c) => c.notNull())
    /** 'id' (the source named the launch) or 'names' (matched by name within NET ± 3 days). */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('launch_links_pk', ['item_id', 'launch_id'])
    .execute();
  await db.schema
    .createIndex('launch_links_launch')
    .on('launch_links')
    .columns(['launch_id', 'published_at'])
    .execute();

  // Every call to Launch Library, for the rolling-hour budget.
  await db.schema
    .createTable('launch_api_calls')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('called_at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .execute();
  await db.schema
    .createIndex('launch_api_calls_called')
    .on('launch_api_calls')
    .column('called_at')
    .execute();

  // The poller's state, one row: also the lock every budget reservation takes.
  await db.schema
    .createTable('launch_poll_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('throttled_until', 'bigint')
    .addColumn('last_poll_at', 'bigint')
    .addColumn('last_full_sweep_at', 'bigint')
    /** LL2's last_updated up to which sweeps have read every change (2.3.0 last_updated__gte). */
    .addColumn('changes_since', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('next_poll_at', 'bigint')
    .addColumn('reservations', 'integer', (c) => c.notNull().defaultTo(0))
    /** Bumped by every write to the launch store: the list's cache is as new as this. */
    .addColumn('store_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('launch_poll_state').values({ id: 1 }).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
