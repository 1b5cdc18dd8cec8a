// SQLite: a full-text index keyed by publish time (issue 31).
//
// FTS5 hands out a word's matches in rowid order and reads only as far as a
// query asks, but news_items_fts is keyed by item id, so "newest first among the
// matches of a common word" read every match (a quarter of a million for a word
// like "space") before it could answer 20. news_items_search holds the same text
// keyed by
//
//   search key = clamp(published_at / 3,600,000, 0, 2^32 - 1) * 2^31 + id
//
// so its rowid order is the feed's publish order to the hour (by id within an
// hour; the id is the key's low 31 bits). A newest-first search reads matches
// from the top of that order and stops after its page, however common the word.
// Hours, not milliseconds: FTS5 stores each entry as the difference from the
// previous key, and finer keys make every difference longer.
//
// detail=none keeps only which items hold a word (no positions: the search never
// asks for phrases), which halves the index, so it can afford prefix indexes for
// 1 to 10 characters: a last word the user is still typing ("spacec") is read in
// key order from its prefix index like a whole word. Without one, FTS5 merges the
// matches of every word the prefix begins before it answers one row (90 ms for
// "space" at a million items).
//
// Contentless: the index keeps no copy of the text; triggers give it each item's
// text and delete an entry by key (contentless_delete).
//
// No rebuild at start-up: on a database that holds items, this migration only
// creates the empty index and the triggers that keep new items in it; the items
// already stored are copied in by news/search-index.ts, in small batches from
// the newest id down, while the old index keeps answering searches.
// `search_index_below` (app_meta) is the id the copy has reached: items at or
// above it are in the new index, and the update and delete triggers touch the
// new index only for those. finishSearchIndex() then drops the old index's
// triggers, and the server the old index. PostgreSQL keeps its tsvector column
// and GIN index: nothing here.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/** The app_meta key of the backfill's position; absent once the new index holds every item. */
export const SEARCH_INDEX_BELOW = 'search_index_below';

/** The search key of a news_items row (`new`, `old` or a table name). */
export const searchKey = (row: string) =>
  `(min(max(${row}.published_at / 3600000, 0), 4294967295) * 2147483648 + ${row}.id)`;

const columns = 'rowid, title, summary_text, content_text';
const values = (row: string) =>
  `${searchKey(row)}, ${row}.title, ${row}.summary_text, coalesce(${row}.content_text, '')`;
const below = `(SELECT CAST(value AS INTEGER) FROM app_meta WHERE key = '${SEARCH_INDEX_BELOW}')`;
// Updates that change neither the text nor the publish hour leave the index alone
// (ingestion rewrites a mutable item's every field on each fetch).
const changed = `(old.title IS NOT new.title OR old.summary_text IS NOT new.summary_text
  OR old.content_text IS NOT new.content_text OR ${searchKey('old')} IS NOT ${searchKey('new')})`;

/** The triggers that keep news_items_search in step; while a copy runs, only for items it has reached. */
async function searchTriggers(db: Kysely<any>, copying: boolean) {
  const reached = (row: string) => (copying ? `${row}.id >= ${below} AND ` : '');
  for (const name of ['news_items_search_ai', 'news_items_search_ad', 'news_items_search_au'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  // New items get ids above every stored one, so above the copy's position; one
  // inserted with an id below it is left to the copy.
  await sql
    .raw(
      `CREATE TRIGGER news_items_search_ai AFTER INSERT ON news_items
       ${copying ? `WHEN new.id >= ${below}` : ''} BEGIN
        INSERT INTO news_items_search (${columns}) VALUES (${values('new')});
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER news_items_search_ad AFTER DELETE ON news_items
       ${copying ? `WHEN old.id >= ${below}` : ''} BEGIN
        DELETE FROM news_items_search WHERE rowid = ${searchKey('old')};
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER news_items_search_au AFTER UPDATE OF title, summary_text, content_text, published_at
       ON news_items WHEN ${reached('old')}${changed} BEGIN
        DELETE FROM news_items_search WHERE rowid = ${searchKey('old')};
        INSERT INTO news_items_search (${columns}) VALUES (${values('new')});
      END`,
    )
    .execute(db);
}

/**
 * Once news_items_search holds every item: the old id-keyed index's triggers go
 * (the item counters stay in news_items_ai/ad), and the search triggers no
 * longer look at the copy's position. The old index itself is dropped by the
 * caller (`dropOld`), or emptied first by news/search-index.ts: dropping 0.6 GB
 * in one statement held the server for seconds. Idempotent.
 */
export async function finishSearchIndex(db: Kysely<any>, dropOld: boolean): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS news_items_au_text`.execute(db);
  await sql`DROP TRIGGER IF EXISTS news_items_ai`.execute(db);
  await sql`DROP TRIGGER IF EXISTS news_items_ad`.execute(db);
  await sql`CREATE TRIGGER news_items_ai AFTER INSERT ON news_items BEGIN
    INSERT INTO source_item_counts (source_id, item_type, is_breaking, item_count)
    VALUES (new.source_id, new.item_type, new.is_breaking, 1)
    ON CONFLICT (source_id, item_type, is_breaking) DO UPDATE SET item_count = item_count + 1;
    UPDATE news_sources SET item_count = item_count + 1 WHERE id = new.source_id;
  END`.execute(db);
  // As in 0005: a deleted item always has its counter row, so UPDATE suffices.
  await sql`CREATE TRIGGER news_items_ad AFTER DELETE ON news_items BEGIN
    UPDATE source_item_counts SET item_count = item_count - 1
      WHERE source_id = old.source_id AND item_type = old.item_type AND is_breaking = old.is_breaking;
    UPDATE news_sources SET item_count = item_count - 1 WHERE id = old.source_id;
  END`.execute(db);
  if (dropOld) await sql`DROP TABLE IF EXISTS news_items_fts`.execute(db);
  await searchTriggers(db, false);
  await sql`DELETE FROM app_meta WHERE key = ${SEARCH_INDEX_BELOW}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`CREATE VIRTUAL TABLE news_items_search USING fts5(
    title, summary_text, content_text,
    content='', contentless_delete=1, detail=none,
    tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3 4 5 6 7 8 9 10'
  )`.execute(db);
  const { rows } = await sql<{ top: number | null }>`SELECT max(id) AS top FROM news_items`.execute(
    db,
  );
  const top = rows[0]?.top;
  if (top === null || top === undefined) {
    await finishSearchIndex(db, true);
    return;
  }
  await sql`INSERT INTO app_meta (key, value, updated_at)
    VALUES (${SEARCH_INDEX_BELOW}, ${String(top + 1)}, ${Date.now()})`.execute(db);
  await searchTriggers(db, true);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
