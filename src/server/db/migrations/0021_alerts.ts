// Alerts (issue 30): channels, rules, quiet hours, what the engine last saw of
// each watched thing, and the outbox.
//
// The outbox is `alerts` (one row per alert, keyed by a stable identity: the
// rule plus the event's own key, UNIQUE) and `alert_deliveries` (one row per
// alert and channel, UNIQUE). Both are written before anything is sent, so a
// restart or a second instance never sends an alert twice and loses nothing due.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

const userRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('users.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('alert_channels')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON: url, topic, email; a push subscription's endpoint and keys. */
    .addColumn('config', 'text', (c) => c.notNull())
    /** ntfy access token; never sent back to the browser. */
    .addColumn('token', 'text')
    /** Webhook HMAC-SHA256 key; shown once, when the channel is created. */
    .addColumn('secret', 'text')
    /** Where links in its messages point when PUBLIC_URL is unset (the origin it was added from). */
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('status_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_channels_user')
    .on('alert_channels')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('trigger_kind', 'text', (c) => c.notNull())
    /** JSON of the trigger as validated (src/shared/alerts.ts). */
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('override_quiet', 'integer', (c) => c.notNull().defaultTo(0))
    /** When it was last turned on: nothing that happened before alerts. */
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    /** Stories: the highest item id already considered (ids only grow). */
    .addColumn('cursor', 'bigint')
    /** JSON memory of per-place triggers (aurora's last tier, tonight's last night…). */
    .addColumn('state', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The engine reads the enabled rules of one kind for each event.
  await db.schema
    .createIndex('alert_rules_kind')
    .on('alert_rules')
    .columns(['trigger_kind', 'enabled'])
    .execute();
  await db.schema.createIndex('alert_rules_user').on('alert_rules').column('user_id').execute();

  await db.schema
    .createTable('alert_rule_channels')
    .addColumn('rule_id', 'integer', (c) =>
      c.notNull().references('alert_rules.id').onDelete('cascade'),
    )
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('alert_channels.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('alert_rule_channels_pk', ['rule_id', 'channel_id'])
    .execute();
  await db.schema
    .createIndex('alert_rule_channels_channel')
    .on('alert_rule_channels')
    .column('channel_id')
    .execute();

  await db.schema
    .createTable('alert_settings')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    /** Minutes after local midnight; both null: no quiet hours. */
    .addColumn('quiet_start', 'integer')
    .addColumn('quiet_end', 'integer')
    .addColumn('time_zone', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // The last snapshot of each watched thing (a launch), to tell what changed.
  await db.schema
    .createTable('alert_subjects')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_subjects_pk', ['kind', 'key'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', idColumn(pg))
    /** rule id + the event's own key (e.g. launch id, kind and NET): sent once. */
    .addColumn('identity', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', userRef)
    .addColumn('rule_id', 'integer', (c) =>
      c.notNull().references('alert_rules.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    /** Alerts cancelled or replaced together (a launch's countdowns, its "moved" notice). */
    .addColumn('group_key', 'text')
    /** JSON: what the message is composed from when it is sent. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending (deliveries to make), done, cancelled. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    /** 1: a "now" event that may break quiet hours when its rule allows. */
    .addColumn('now_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claim_expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // What is due: one index range over the pending alerts.
  await db.schema.createIndex('alerts_due').on('alerts').columns(['status', 'due_at']).execute();
  await db.schema
    .createIndex('alerts_group')
    .on('alerts')
    .columns(['group_key', 'status'])
    .execute();
  await db.schema.createIndex('alerts_rule').on('alerts').columns(['rule_id', 'status']).execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('alert_id', 'integer', (c) =>
      c.notNull().references('alerts.id').onDelete('cascade'),
    )
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('alert_channels.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', userRef)
    /** pending, deferred, sent, failed, cancelled. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    /** The message as sent. */
    .addColumn('title', 'text')
    .addColumn('body', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alert_deliveries_alert_channel', ['alert_id', 'channel_id'])
    .execute();
  // The log: a user's deliveries, newest first.
  await db.schema
    .createIndex('alert_deliveries_user')
    .on('alert_deliveries')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_channel')
    .on('alert_deliveries')
    .column('channel_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
