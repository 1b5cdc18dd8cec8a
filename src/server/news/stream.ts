// Item ids of a stream for the reader apps (sync/): the items of some sources,
// newest fetched first (or oldest), optionally only unread, read, saved or not
// saved, fetched within a time range, a page at a time from a keyset cursor.
// Reader apps sync by what arrived since their last sync, so the order and the
// time bounds are the fetch time (news_items_fetched_cover); the feed's own
// list orders by publication.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { chunks } from '../db/chunks';
import type { DB, Dialect } from '../db/database';
import type { ReadStatus } from '../../shared/reading';
import { readingConditions, type ReadingFilter } from '../reading/list-filter';
import { perSource, savedItemIds } from '../reading/repository';
import { UNREAD_DIRECT_MAX, unreadInOrder } from '../reading/unread-page';
import { LruMap } from '../lru-map';
import { unreadBySource } from '../reading/state';
import type { Cursor } from './cursor';
import { findPageKeys, type FeedFilter, type Strategy } from './repository';

export interface StreamQuery {
  /** The stream's sources, already checked to be ones the user may read. */
  sourceIds: number[];
  status: ReadStatus;
  /** Only saved items (true) or only unsaved ones (false). */
  saved?: boolean;
  /** Fetched at or after (ms). */
  since?: number;
  /** Fetched before (ms). */
  until?: number;
  order: 'asc' | 'desc';
  limit: number;
  /** Continue after this item (its fetch time and id). */
  after?: Cursor;
  /** The snapshot an earlier page of the same listing was cut from (StreamSnapshots). */
  snapshot?: string;
}

export interface StreamPage {
  items: Array<{ id: number; fetchedAt: number }>;
  /** Where the next page starts, when this one was full. */
  next: Cursor | null;
  /** The snapshot the next page may be cut from. */
  snapshot?: string;
}

const SORT_COST = 2;
export const SNAPSHOT_TTL_MS = 60_000;

/**
 * The unread items a reader app pages through (NetNewsWire asks 1,000 ids at a
 * time): the first page reads them all (as the unread list does, reading/
 * unread-page.ts) and keeps the ordered list here for SNAPSHOT_TTL_MS under a
 * random id, which its continuation carries; the next pages are cut from it
 * instead of reading them all again, one consistent list. A first page always
 * reads afresh, so a new sync sees every change; a continuation whose snapshot
 * is gone (another instance, expired) or is not this listing's reads afresh too.
 */
export class StreamSnapshots {
  private readonly entries = new LruMap<string, Snapshot>({
    maxEntries: 1_000,
    maxWeight: 2_000_000,
    weigh: (e) => e.ids.length,
  });

  /** The snapshot, if it is still kept and belongs to this listing. */
  get(id: string, listing: string): Snapshot | undefined {
    const hit = this.entries.get(id);
    return hit && hit.listing === listing && hit.expiresAt > Date.now() ? hit : undefined;
  }

  keep(listing: string, list: { ids: Float64Array; values: Float64Array }): string {
    const id = randomBytes(12).toString('base64url');
    this.entries.set(id, { ...list, listing, expiresAt: Date.now() + SNAPSHOT_TTL_MS });
    return id;
  }
}

interface Snapshot {
  ids: Float64Array;
  values: Float64Array;
  listing: string;
  expiresAt: number;
}

/** Whose listing, of which sources, in which order. */
const listingOf = (userId: number, sourceIds: number[], order: string) =>
  createHash('sha256')
    .update(`${userId}:${order}:${sourceIds.join(',')}`)
    .digest('base64url');

function isBeyond(order: 'asc' | 'desc', at: Cursor, value: number, id: number) {
  if (value !== at.value) return order === 'desc' ? value < at.value : value > at.value;
  return order === 'desc' ? id < at.id : id > at.id;
}

/** A page cut from a whole sorted list (the unread items, the saved ones). */
function pageOf(query: StreamQuery, ids: ArrayLike<number>, values: ArrayLike<number>): StreamPage {
  const items: StreamPage['items'] = [];
  for (let i = 0; i < ids.length && items.length < query.limit; i++) {
    const value = values[i];
    if (query.since !== undefined && value < query.since) continue;
    if (query.until !== undefined && value >= query.until) continue;
    if (query.after && !isBeyond(query.order, query.after, value, ids[i])) continue;
    items.push({ id: ids[i], fetchedAt: value });
  }
  return finish(query, items);
}

function finish(query: StreamQuery, items: StreamPage['items']): StreamPage {
  const last = items.at(-1);
  return {
    items,
    next: last && items.length === query.limit ? { value: last.fetchedAt, id: last.id } : null,
  };
}

/** Items in the given sources, and in the whole table: sums of the maintained counters. */
export async function itemCounts(db: DB, sourceIds: number[]) {
  let inSources = 0;
  for (const part of chunks(sourceIds)) {
    const row = await db
      .selectFrom('source_item_counts')
      .where('source_id', 'in', part)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('item_count'), eb.val(0)).as('n'))
      .executeTakeFirstOrThrow();
    inSources += row.n;
  }
  const all = await db
    .selectFrom('source_item_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('item_count'), eb.val(0)).as('n'))
    .executeTakeFirstOrThrow();
  return { inSources, total: all.n };
}

/** Saved items are few: read them by id, then sort. */
async function savedPage(db: DB, userId: number, query: StreamQuery): Promise<StreamPage> {
  const wanted = new Set(query.sourceIds);
  const found: Array<[number, number]> = [];
  const reading: ReadingFilter | undefined =
    query.status === 'all' ? undefined : { userId, status: query.status, saved: false };
  for (const part of chunks(await savedItemIds(db, userId))) {
    const rows = await db
      .selectFrom('news_items')
      .where('id', 'in', part)
      .select(['id', 'source_id', 'fetched_at'])
      .execute();
    let ids = rows.filter((r) => wanted.has(r.source_id)).map((r) => r.id);
    if (reading && ids.length) ids = await keepByStatus(db, ids, reading);
    const keep = new Set(ids);
    for (const r of rows) if (keep.has(r.id)) found.push([r.id, r.fetched_at]);
  }
  const sign = query.order === 'asc' ? 1 : -1;
  found.sort((a, b) => sign * (a[1] - b[1] || a[0] - b[0]));
  return pageOf(
    query,
    found.map((f) => f[0]),
    found.map((f) => f[1]),
  );
}

async function keepByStatus(db: DB, ids: number[], reading: ReadingFilter) {
  const rows = await db
    .selectFrom('news_items')
    .where((eb) => eb.and([eb('news_items.id', 'in', ids), ...readingConditions(eb, reading)]))
    .select('news_items.id')
    .execute();
  return rows.map((r) => r.id);
}

/** One page of a stream's item ids. */
export async function streamItemIds(
  deps: { db: DB; dialect: Dialect; snapshots?: StreamSnapshots },
  userId: number,
  query: StreamQuery,
): Promise<StreamPage> {
  const { db, dialect } = deps;
  if (query.sourceIds.length === 0 || query.limit <= 0) return { items: [], next: null };
  if (query.saved === true) return savedPage(db, userId, query);

  const reading: ReadingFilter | undefined =
    query.status === 'all' && query.saved === undefined
      ? undefined
      : { userId, status: query.status, saved: false, unsaved: query.saved === false };
  const filter: FeedFilter = {
    sourceIds: [...query.sourceIds].toSorted((a, b) => a - b),
    reading,
    fetched: { min: query.since, max: query.until },
  };
  if (query.status === 'unread' && query.saved === undefined) {
    const snapshots = deps.snapshots;
    const listing = listingOf(userId, filter.sourceIds, query.order);
    const kept =
      query.after && query.snapshot ? snapshots?.get(query.snapshot, listing) : undefined;
    if (kept) return { ...pageOf(query, kept.ids, kept.values), snapshot: query.snapshot };
    const unread = [...(await unreadBySource(db, userId, filter.sourceIds)).values()].reduce(
      (a, b) => a + b,
      0,
    );
    // Up to UNREAD_DIRECT_MAX they are read at once, once for every page.
    if (unread <= UNREAD_DIRECT_MAX) {
      const list = await unreadInOrder(db, userId, filter, 'fetched_at', query.order);
      const page = pageOf(query, list.ids, list.values);
      return page.next && snapshots ? { ...page, snapshot: snapshots.keep(listing, list) } : page;
    }
  }

  const counts = await itemCounts(db, filter.sourceIds);
  // Walk the fetch-time index in order (broad streams), or read the sources'
  // slices and sort (a feed or a small label): whichever reads fewer entries.
  const walk = (query.limit * counts.total) / Math.max(1, counts.inSources);
  const strategy: Strategy = walk <= counts.inSources * (1 + SORT_COST) ? 'sort' : 'match';
  const keys = await findPageKeys(
    db,
    dialect,
    filter,
    {
      column: 'fetched_at',
      order: query.order,
      limit: query.limit,
      offset: 0,
      cursor: query.after,
    },
    strategy,
  );
  return finish(
    query,
    keys.map((k) => ({ id: k.id, fetchedAt: k.value })),
  );
}

/** Per source, when its newest item was fetched (one index seek each). */
export const newestFetchedAt = (db: DB, sourceIds: number[]) =>
  perSource(db, sourceIds, (items) =>
    items.select((e) => e.fn.max('news_items.fetched_at').as('v')),
  );

/**
 * The Fever API's paging: up to `limit` ids of the sources' items above `afterId`
 * (ascending) or below `beforeId` (descending), or the newest (`newest`), in id
 * order, which is the order items were stored in.
 */
export async function itemIdsById(
  db: DB,
  sourceIds: number[],
  range: { afterId?: number; beforeId?: number; newest?: boolean; limit: number },
): Promise<number[]> {
  if (sourceIds.length === 0) return [];
  const descending = range.beforeId !== undefined || range.newest === true;
  // The primary key in order, each row checked for its source (a unary + keeps
  // SQLite off the source index, which would read every item of the sources).
  let query = db
    .selectFrom('news_items')
    .where(sql<number>`+source_id`, 'in', sourceIds)
    .select('id')
    .orderBy('id', descending ? 'desc' : 'asc')
    .limit(range.limit);
  if (range.afterId !== undefined) query = query.where('id', '>', range.afterId);
  if (range.beforeId !== undefined) query = query.where('id', '<', range.beforeId);
  return (await query.execute()).map((r) => r.id);
}
