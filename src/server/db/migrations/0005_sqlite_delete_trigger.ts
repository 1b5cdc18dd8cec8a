// SQLite: the item delete trigger decrements the counters with a plain UPDATE.
// The upsert it used could re-create a counter row for a source that a cascade
// (deleting a user or a source) was removing in the same statement, which broke
// the foreign key. A deleted item always has its counter row, so UPDATE suffices.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`DROP TRIGGER news_items_ad`.execute(db);
  await sql`CREATE TRIGGER news_items_ad AFTER DELETE ON news_items BEGIN
    INSERT INTO news_items_fts (news_items_fts, rowid, title, summary_text, content_text)
    VALUES ('delete', old.id, old.title, old.summary_text, coalesce(old.content_text, ''));
    UPDATE source_item_counts SET item_count = item_count - 1
      WHERE source_id = old.source_id AND item_type = old.item_type AND is_breaking = old.is_breaking;
    UPDATE news_sources SET item_count = item_count - 1 WHERE id = old.source_id;
  END`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
