// The stored stories that best match a question, through the full-text index.
// Each content word is looked up on its own (its newest matches, a bounded
// read), stories are scored by the words they match (rarer words weigh more)
// and equals are ordered newest first. Only sources the caller may read.
import { sql } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { isActiveFor } from '../sources/visibility';
import { searchTokens, toFts5Query, toTsQuery } from '../news/search';
import { STOPWORDS } from './stopwords';

/** Matches read per word: bounds the work whatever the store's size. */
const PER_WORD = 200;
const MAX_WORDS = 8;

export interface Story {
  id: number;
  title: string;
  url: string;
  text: string;
  publishedAt: number;
  sourceName: string | null;
}

/** Whose stories: one user's active sources, or the default sources only (shared briefings). */
export type Scope = { userId: number } | { defaultsOnly: true };

/** The words of a question worth searching for. */
export function keywords(question: string): string[] {
  const words = searchTokens(question.slice(0, 2000)).filter(
    (w) => (w.length > 2 || /\d/.test(w)) && !STOPWORDS.has(w),
  );
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** Source ids in scope (never the built-in briefing source: it retells other stories). */
export async function sourcesInScope(db: DB, scope: Scope): Promise<number[]> {
  let query = db.selectFrom('news_sources').select('news_sources.id').where('built_in', '=', 0);
  query =
    'userId' in scope
      ? query.where(isActiveFor(scope.userId))
      : query.where('news_sources.user_id', 'is', null).where('news_sources.is_enabled', '=', 1);
  return (await query.execute()).map((r) => r.id);
}

async function newestMatches(
  db: DB,
  dialect: Dialect,
  word: string,
  sourceIds: number[],
): Promise<number[]> {
  if (dialect === 'sqlite') {
    // news_items_search is keyed by publish time, then id (migration 0011).
    const { rows } = await sql<{ id: number }>`SELECT news_items.id AS id
      FROM news_items_search JOIN news_items ON news_items.id = (news_items_search.rowid & 2147483647)
      WHERE news_items_search MATCH ${toFts5Query([word], false)}
        AND news_items.source_id IN (${sql.join(sourceIds)})
      ORDER BY news_items_search.rowid DESC LIMIT ${PER_WORD}`.execute(db);
    return rows.map((r) => r.id);
  }
  const rows = await db
    .selectFrom('news_items')
    .select('id')
    .where(
      sql<boolean>`search_vector @@ to_tsquery('english', ${toTsQuery([word]).replace(/:\*$/, '')})`,
    )
    .where('source_id', 'in', sourceIds)
    .orderBy('id', 'desc')
    .limit(PER_WORD)
    .execute();
  return rows.map((r) => r.id);
}

export async function loadStories(db: DB, ids: number[]): Promise<Story[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('news_items')
    .leftJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .select([
      'news_items.id',
      'news_items.title',
      'news_items.url',
      'news_items.summary_text',
      'news_items.content_text',
      'news_items.published_at',
      'news_sources.name as source_name',
    ])
    .where('news_items.id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    url: r.url,
    // Content is the fuller text; a short content (a teaser) loses to the summary.
    text:
      r.content_text && r.content_text.length >= r.summary_text.length
        ? r.content_text
        : r.summary_text,
    publishedAt: r.published_at,
    sourceName: r.source_name,
  }));
}

/** Up to `limit` stories for the question, best first; [] when nothing stored matches. */
export async function findStories(
  db: DB,
  dialect: Dialect,
  scope: Scope,
  question: string,
  limit: number,
): Promise<Story[]> {
  const words = keywords(question);
  if (words.length === 0) return [];
  const sourceIds = await sourcesInScope(db, scope);
  if (sourceIds.length === 0) return [];
  const score = new Map<number, number>();
  for (const word of words) {
    const ids = await newestMatches(db, dialect, word, sourceIds);
    // A word with few matches tells more than one with many.
    const weight = 1 + Math.log((PER_WORD + 1) / (ids.length + 1));
    for (const id of ids) score.set(id, (score.get(id) ?? 0) + weight);
  }
  // Ids grow with insertion, so among equal scores the higher id is the newer
  // candidate; the final order below uses the published time.
  const candidates = [...score.entries()]
    .toSorted((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, limit * 4)
    .map(([id]) => id);
  const stories = await loadStories(db, candidates);
  return stories
    .toSorted(
      (a, b) =>
        (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) ||
        b.publishedAt - a.publishedAt ||
        b.id - a.id,
    )
    .slice(0, limit);
}
