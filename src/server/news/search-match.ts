// The full-text match in SQL, per dialect and index: the source of matches that
// SQLite reads in its index's order, and the per-row condition a walk over a sort
// index checks. The words come from search.ts, quoted, never user syntax.
import SQLite from 'better-sqlite3';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database';
import { LruMap } from '../lru-map';
import type { FeedFilter } from './filter';
import { toFts5Query, toTsQuery } from './search';

/** The low 31 bits of a news_items_search key: the item's id (migration 0014). */
export const KEY_ID_MASK = 2147483647;
const KEY_HOUR = 2147483648;
const HOUR_MS = 3_600_000;

/** The publish hour a search key starts with, clamped as migration 0014 clamps it. */
export const keyHour = (publishedAt: number) =>
  Math.min(Math.max(Math.trunc(publishedAt / HOUR_MS), 0), 4294967295);
/**
 * The first key of an hour. It must reach FTS5 as an integer: the driver binds a
 * JavaScript number as a float, and FTS5 takes no rowid bound from a float, so it
 * read every match (90 ms for a common word) and SQLite filtered them after.
 */
export const hourStart = (hour: number) =>
  sql<number>`(CAST(${hour} AS INTEGER) * ${sql.lit(KEY_HOUR)})`;

/** Tokens already split as FTS5 splits them (plain ASCII needs no asking). */
const split = new LruMap<string, string[]>({ maxEntries: 10_000 });
let tokenizer: ((text: string) => string[]) | undefined;

/**
 * The search words as FTS5's tokenizer cuts them. search.ts cuts the box's text
 * where JavaScript's Unicode tables see no letter or digit; SQLite's tables may
 * differ (a letter newer than one of them), and a quoted string FTS5 cuts in two
 * is a phrase, which an index without positions (detail=none) refuses with an
 * error. So any word beyond ASCII is cut by FTS5 itself, in an in-memory index
 * with the same tokenizer, once per word.
 */
export function fts5Words(tokens: string[]): string[] {
  return tokens.flatMap((token) => {
    if (/^[a-z0-9]+$/.test(token)) return [token];
    const known = split.get(token);
    if (known) return known;
    tokenizer ??= ftsTokenizer();
    const words = tokenizer(token);
    const result = words.length > 1 ? words : [token];
    split.set(token, result);
    return result;
  });
}

function ftsTokenizer(): (text: string) => string[] {
  const db = new SQLite(':memory:');
  db.exec(`CREATE VIRTUAL TABLE words USING fts5(x, tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE word_list USING fts5vocab(words, instance)`);
  const insert = db.prepare('INSERT INTO words (rowid, x) VALUES (1, ?)');
  const list = db.prepare<[], { term: string }>('SELECT term FROM word_list ORDER BY offset');
  const clear = db.prepare('DELETE FROM words');
  return (text) => {
    insert.run(text);
    const terms = list.all().map((r) => r.term);
    clear.run();
    return terms;
  };
}

const fts5 = (filter: FeedFilter) => toFts5Query(fts5Words(filter.searchTokens ?? []));
/** PostgreSQL: the words as a tsquery. */
export const pgTsQuery = (filter: FeedFilter) =>
  sql`to_tsquery('english', ${toTsQuery(filter.searchTokens ?? [])})`;

/**
 * SQLite: the full-text matches, each joined to its row of news_items_id_cover
 * (an index keyed by id holding every column the list filters and sorts on, a
 * small hot b-tree, never the table); the caller adds `AND <conditions>`. The
 * source filter must not become an index term here (+source_id): crossed with
 * the matches it would multiply the lookups.
 */
export function sqliteMatchSource(filter: FeedFilter): RawBuilder<unknown> {
  if (filter.searchIndex === 'legacy')
    return sql`news_items_fts JOIN news_items INDEXED BY news_items_id_cover
      ON news_items.id = news_items_fts.rowid WHERE news_items_fts MATCH ${fts5(filter)}`;
  return sql`news_items_search JOIN news_items INDEXED BY news_items_id_cover
    ON news_items.id = (news_items_search.rowid & ${sql.lit(KEY_ID_MASK)})
    WHERE news_items_search MATCH ${fts5(filter)}`;
}

/** The key of a match in sqliteMatchSource(): publish-time key, or the id on the old index. */
export const sqliteMatchKey = (filter: FeedFilter) =>
  sql.raw(filter.searchIndex === 'legacy' ? 'news_items_fts.rowid' : 'news_items_search.rowid');

/**
 * The condition on a news_items row that it matches, for a walk over a sort
 * index. PostgreSQL checks the row's tsvector. SQLite asks the index about the
 * row's key (a seek in each word's list, read from the prefix indexes for a
 * last word still being typed); the old index answered with the set of every
 * match, built once per query.
 */
export function searchCondition(
  dialect: Dialect,
  filter: FeedFilter,
  /** The row checked: news_items, or an alias of it (a story's other member). */
  table = 'news_items',
): RawBuilder<SqlBool> {
  const row = sql.table(table);
  if (dialect === 'postgres') return sql<SqlBool>`${row}.search_vector @@ ${pgTsQuery(filter)}`;
  if (filter.searchIndex === 'legacy')
    return sql<SqlBool>`+${row}.id IN (SELECT rowid FROM news_items_fts WHERE news_items_fts MATCH ${fts5(filter)})`;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM news_items_search WHERE news_items_search MATCH ${fts5(filter)}
    AND news_items_search.rowid = min(max(${row}.published_at / ${sql.lit(HOUR_MS)}, 0), 4294967295) * ${sql.lit(KEY_HOUR)} + ${row}.id)`;
}

/** The condition that a news_items row matches the words (on the time-keyed index in SQLite). */
export const itemMatches = (dialect: Dialect, tokens: string[]) =>
  searchCondition(dialect, { sourceIds: [], searchTokens: tokens });

/** A news_items_search key computed from a row's values, as migration 0014 computes it. */
export const searchKeyOf = (publishedAt: number, id: number) =>
  keyHour(publishedAt) * KEY_HOUR + id;

/** SQLite: the keys in [from, to] of the items that match (one read of the index's range). */
export const sqliteMatchKeysBetween = (filter: FeedFilter, from: number, to: number) =>
  sql<{
    k: number;
  }>`SELECT rowid AS k FROM news_items_search WHERE news_items_search MATCH ${fts5(filter)}
    AND rowid >= CAST(${from} AS INTEGER) AND rowid <= CAST(${to} AS INTEGER)`;
