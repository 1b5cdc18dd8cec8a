// The ingestion's queries on sources and items that are not the store's
// upsert (store.ts): which sources to fetch, which fetched items are already
// stored unchanged, and pruning a source to its item cap.
import type { DB } from '../../db/database';
import type { SourceRow } from '../../db/tables';
import type { SourceType } from '../../../shared/constants';
import { isActiveFor, isVisibleTo } from '../../sources/visibility';

export type FetchableSource = Pick<
  SourceRow,
  | 'id'
  | 'name'
  | 'url'
  | 'source_type'
  | 'etag'
  | 'last_modified'
  | 'resolved_url'
  | 'last_fetched_at'
  | 'next_fetch_at'
>;

/** The columns a fetch needs, for callers that pick sources themselves (tests, benches). */
export const SOURCE_COLUMNS = [
  'id',
  'name',
  'url',
  'source_type',
  'etag',
  'last_modified',
  'resolved_url',
  'last_fetched_at',
  'next_fetch_at',
] as const;

const LOOKUP_BATCH = 500;

/**
 * Every source a fetch may touch: switched on by its owner or an admin, and not
 * built in (AI Briefings are written by AstroDash, never fetched). Each query
 * that picks sources to fetch starts here.
 */
const fetchable = (db: DB) =>
  db
    .selectFrom('news_sources')
    .select([...SOURCE_COLUMNS])
    .where('is_enabled', '=', 1)
    .where('built_in', '=', 0);

/**
 * The sources a user may refresh: the listed ids among those they can see
 * (others are ignored silently), or all their active sources. Sources an admin
 * switched off are never fetched.
 */
export async function sourcesForUser(
  db: DB,
  userId: number,
  sourceIds?: string[],
): Promise<FetchableSource[]> {
  let query = fetchable(db);
  if (sourceIds) {
    const ids = sourceIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    if (ids.length === 0) return [];
    query = query.where(isVisibleTo(userId)).where('id', 'in', ids);
  } else {
    query = query.where(isActiveFor(userId));
  }
  return query.execute();
}

/** Sources whose next poll is due (scheduler). */
export async function dueSources(
  db: DB,
  now = Date.now(),
  limit = 2000,
): Promise<FetchableSource[]> {
  return fetchable(db)
    .where('next_fetch_at', '<=', now)
    .orderBy('next_fetch_at')
    .limit(limit)
    .execute();
}

/** Every active source (the news refresh), or every one of a type (the launch schedule). */
export async function activeSources(db: DB, sourceType?: SourceType): Promise<FetchableSource[]> {
  let query = fetchable(db);
  if (sourceType) query = query.where('source_type', '=', sourceType);
  return query.orderBy('id').execute();
}

/** Which of these fetched-item hashes the source already has stored. */
export async function storedHashes(
  db: DB,
  sourceId: number,
  hashes: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += LOOKUP_BATCH) {
    const rows = await db
      .selectFrom('news_items')
      .select('content_hash')
      .where('source_id', '=', sourceId)
      .where('content_hash', 'in', hashes.slice(i, i + LOOKUP_BATCH))
      .execute();
    for (const r of rows) if (r.content_hash) found.add(r.content_hash);
  }
  return found;
}

/**
 * Deletes the source's oldest items beyond `keep` (by publish time, then id);
 * answers how many went. Counters and search follow by trigger.
 */
export async function pruneSource(db: DB, sourceId: number, keep: number): Promise<number> {
  const source = await db
    .selectFrom('news_sources')
    .select('item_count')
    .where('id', '=', sourceId)
    .executeTakeFirst();
  if (!source || source.item_count <= keep) return 0;
  const edge = await db
    .selectFrom('news_items')
    .select(['published_at', 'id'])
    .where('source_id', '=', sourceId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!edge) return 0;
  const result = await db
    .deleteFrom('news_items')
    .where('source_id', '=', sourceId)
    .where((eb) =>
      eb.or([
        eb('published_at', '<', edge.published_at),
        eb.and([eb('published_at', '=', edge.published_at), eb('id', '<', edge.id)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
