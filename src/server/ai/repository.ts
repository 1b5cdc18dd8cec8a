// The AI module's SQL: the stories it reads (retrieval and briefing windows), the
// stored summaries, and the built-in briefing sources.
//
// The built-in "AI Briefings" source: a default source (everyone sees it and may
// switch it off) that AstroDash writes itself. Created on first use, marked
// built_in so it is never polled or fetched and the admin cannot edit or delete
// it. An app_meta row serialises the creation across requests and instances.
// Each user who asks their own news query also gets a personal built-in source,
// "My AI Briefings": its items are that user's briefings, and every read path
// already shows a personal source's items to its owner only.
import { sql, type SqlBool } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { isActiveFor, isVisibleTo } from '../sources/visibility';
import { toFts5Query, toTsQuery } from '../news/search';
import { searchIndexOf } from '../news/search-index';
import { KEY_ID_MASK } from '../news/search-match';

export const BRIEFING_SOURCE_NAME = 'AI Briefings';
export const OWN_BRIEFING_SOURCE_NAME = 'My AI Briefings';
/** Never fetched (built_in); the URL only has to identify it. */
export const BRIEFING_SOURCE_URL = 'https://astrodash.invalid/ai-briefings';
const META_KEY = 'ai_briefings_source';

async function exists(db: DB, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('news_sources')
    .select('id')
    .where('id', '=', id)
    .where('built_in', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The source's id, creating it the first time. */
export async function ensureBriefingSource(db: DB): Promise<number> {
  const known = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  if (known && known.value !== '' && (await exists(db, Number(known.value))))
    return Number(known.value);

  return db.transaction().execute(async (tx) => {
    const now = Date.now();
    // The row is the lock: a concurrent first use waits on it (PostgreSQL) or on
    // the database (SQLite), then finds the source made.
    await tx
      .insertInto('app_meta')
      .values({ key: META_KEY, value: '', updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ updated_at: now }))
      .execute();
    const meta = await tx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', META_KEY)
      .executeTakeFirstOrThrow();
    if (meta.value !== '' && (await exists(tx, Number(meta.value)))) return Number(meta.value);
    const row = await tx
      .insertInto('news_sources')
      .values({
        name: BRIEFING_SOURCE_NAME,
        url: BRIEFING_SOURCE_URL,
        url_key: 'astrodash:ai-briefings',
        source_type: 'custom',
        user_id: null,
        is_enabled: 1,
        built_in: 1,
        created_at: now,
        updated_at: now,
        last_status: 'ok',
        // Belt and braces: built_in already keeps it out of every poll.
        next_fetch_at: Number.MAX_SAFE_INTEGER,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('app_meta')
      .set({ value: String(row.id), updated_at: now })
      .where('key', '=', META_KEY)
      .execute();
    return row.id;
  });
}

/**
 * The user's own briefing source, creating it the first time. Migration 0011's
 * unique index (one built-in source per user) settles two first uses at once.
 */
export async function ensureOwnBriefingSource(db: DB, userId: number): Promise<number> {
  const find = () =>
    db
      .selectFrom('news_sources')
      .select('id')
      .where('user_id', '=', userId)
      .where('built_in', '=', 1)
      .executeTakeFirst();
  const known = await find();
  if (known) return known.id;
  const now = Date.now();
  await db
    .insertInto('news_sources')
    .values({
      name: OWN_BRIEFING_SOURCE_NAME,
      url: BRIEFING_SOURCE_URL,
      url_key: `astrodash:ai-briefings:${userId}`,
      source_type: 'custom',
      user_id: userId,
      is_enabled: 1,
      built_in: 1,
      created_at: now,
      updated_at: now,
      last_status: 'ok',
      next_fetch_at: Number.MAX_SAFE_INTEGER,
    })
    .onConflict((oc) =>
      // The index's predicate, written as the index has it (a bound 1 would not match it).
      oc
        .column('user_id')
        .where(sql<SqlBool>`built_in = 1`)
        .doNothing(),
    )
    .execute();
  const made = await find();
  if (!made) throw new Error('own briefing source was not created');
  return made.id;
}

// ---------- stories ----------

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

/** Source ids in scope (never the built-in briefing source: it retells other stories). */
export async function sourcesInScope(db: DB, scope: Scope): Promise<number[]> {
  let query = db.selectFrom('news_sources').select('news_sources.id').where('built_in', '=', 0);
  query =
    'userId' in scope
      ? query.where(isActiveFor(scope.userId))
      : query.where('news_sources.user_id', 'is', null).where('news_sources.is_enabled', '=', 1);
  return (await query.execute()).map((r) => r.id);
}

/** The newest ids of stories matching one word, in the given sources. */
export async function newestMatches(
  db: DB,
  dialect: Dialect,
  word: string,
  sourceIds: number[],
  limit: number,
): Promise<number[]> {
  if (dialect === 'sqlite') {
    // news_items_search is keyed by publish time (news/search-index.ts): its newest
    // matches come first; news_items_fts, keyed by id, until the upgrade's copy ends.
    const timeKeyed = (await searchIndexOf(db, dialect)) === 'time';
    const table = sql.raw(timeKeyed ? 'news_items_search' : 'news_items_fts');
    const key = sql.raw(`${timeKeyed ? 'news_items_search' : 'news_items_fts'}.rowid`);
    const id = timeKeyed ? sql`(${key} & ${sql.lit(KEY_ID_MASK)})` : key;
    const { rows } = await sql<{ id: number }>`SELECT news_items.id AS id
      FROM ${table} JOIN news_items ON news_items.id = ${id}
      WHERE ${table} MATCH ${toFts5Query([word]).replace(/\*$/, '')}
        AND news_items.source_id IN (${sql.join(sourceIds)})
      ORDER BY ${key} DESC LIMIT ${limit}`.execute(db);
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
    .limit(limit)
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

/** The newest stories of the sources published in [since, until], at most `limit`, with their ranking signals. */
export async function windowCandidates(
  db: DB,
  sourceIds: number[],
  since: number,
  until: number,
  limit: number,
) {
  return db
    .selectFrom('news_items')
    .select(['id', 'is_breaking', 'engagement_score', 'published_at'])
    .where('source_id', 'in', sourceIds)
    .where('published_at', '>=', since)
    .where('published_at', '<=', until)
    .orderBy('published_at', 'desc')
    .limit(limit)
    .execute();
}

// ---------- summaries ----------

/** The item, if the user may see it (a default source or one of their own). */
export async function findVisibleItem(db: DB, userId: number, id: number) {
  return db
    .selectFrom('news_items')
    .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .select([
      'news_items.id',
      'news_items.title',
      'news_items.url',
      'news_items.summary_text',
      'news_items.content_text',
    ])
    .where('news_items.id', '=', id)
    .where(isVisibleTo(userId))
    .executeTakeFirst();
}

export async function findSummary(db: DB, itemId: number): Promise<string | null> {
  const row = await db
    .selectFrom('ai_summaries')
    .select('summary')
    .where('news_item_id', '=', itemId)
    .executeTakeFirst();
  return row?.summary ?? null;
}

/** Stores the item's summary unless one is stored already (the first writer wins). */
export async function insertSummary(
  db: DB,
  row: { itemId: number; summary: string; provider: string; at: number },
): Promise<void> {
  await db
    .insertInto('ai_summaries')
    .values({
      news_item_id: row.itemId,
      summary: row.summary,
      provider: row.provider,
      created_at: row.at,
    })
    .onConflict((oc) => oc.column('news_item_id').doNothing())
    .execute();
}

export async function deleteSummary(db: DB, itemId: number): Promise<void> {
  await db.deleteFrom('ai_summaries').where('news_item_id', '=', itemId).execute();
}
