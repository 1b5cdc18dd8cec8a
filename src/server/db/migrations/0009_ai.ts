// AI: one stored summary per news item (shared by every user, deleted with the
// item), and a built_in flag on news_sources for the "AI Briefings" source, which
// is written by the server and never polled, edited or deleted.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_summaries')
    .addColumn('news_item_id', 'integer', (c) =>
      c.primaryKey().references('news_items.id').onDelete('cascade'),
    )
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('news_sources')
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
