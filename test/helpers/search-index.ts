// SQLite: whether the full-text index (news_items_search, migration 0014) holds
// exactly one entry per item, under the item's key. The index stores no text, so
// FTS5's own integrity-check cannot compare it with the rows: this query does.
// One row: entries without their item (stray) and items without their entry (missing).
const KEY = 'min(max(n.published_at / 3600000, 0), 4294967295) * 2147483648 + n.id';
export const SEARCH_INDEX_DRIFT_SQL = `SELECT
  (SELECT count(*) FROM news_items_search s
    WHERE NOT EXISTS (SELECT 1 FROM news_items n WHERE n.id = (s.rowid & 2147483647) AND s.rowid = ${KEY})) AS stray,
  (SELECT count(*) FROM news_items n
    WHERE NOT EXISTS (SELECT 1 FROM news_items_search s WHERE s.rowid = ${KEY})) AS missing`;
