// A hash of each item as the fetcher read it (before normalising), so a poll
// skips the items it already stored without sanitising them again; indexed per
// source for that lookup. Null on older rows: they get one on their next fetch.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('news_items').addColumn('content_hash', 'text').execute();
  await db.schema
    .createIndex('news_items_source_content_hash')
    .on('news_items')
    .columns(['source_id', 'content_hash'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
