// Dedupe and store: one transaction per source, or the caller's (a write batch
// of several sources, write-batch.ts). An item is identified per source by its
// dedupe key (guid, else canonical URL; a guid reused by a different story gets
// a key of its own); seen again, it updates its engagement (and every field
// when the source marks it mutable or its text changed) and never duplicates.
// Counters and full-text search follow by trigger (0001_initial.ts). Also
// records each source's fetch outcome.
import type { DB, Tx } from '../../db/database';
import type { NewNewsItem } from '../../db/tables';
import type { NormalizedItem } from '../parse/normalize';

const INSERT_BATCH = 400; // 20 columns × 400 rows stays under both dialects' parameter limits
const LOOKUP_BATCH = 500;
export const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

export function toRow(sourceId: number, item: NormalizedItem, now: number): NewNewsItem {
  return {
    source_id: sourceId,
    dedupe_key: item.dedupeKey,
    url: item.url,
    title: item.title,
    summary: item.summary,
    summary_text: item.summaryText,
    content: item.content,
    content_text: item.contentText,
    image_url: item.imageUrl,
    author: item.author,
    published_at: item.publishedAt,
    fetched_at: now,
    updated_at: now,
    item_type: item.itemType,
    is_breaking: item.isBreaking,
    engagement_score: item.engagementScore,
    extra: item.extra,
    content_hash: item.contentHash ?? null,
  };
}

/** Inserts rows in multi-row batches inside the given transaction (or database). */
export async function insertRows(db: DB | Tx, rows: NewNewsItem[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('news_items')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

/** Bulk insert for seeding and benches: batches in transactions of `perTransaction` rows. */
export async function bulkInsertItems(
  db: DB,
  rows: NewNewsItem[],
  perTransaction = 20_000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += perTransaction) {
    const slice = rows.slice(i, i + perTransaction);
    await db.transaction().execute((tx) => insertRows(tx, slice));
  }
}

type Existing = {
  id: number;
  url: string;
  title: string;
  summary_text: string;
  engagement_score: number;
  is_breaking: number;
  content_hash: string | null;
};

/**
 * The key for an item whose guid is already taken by a different story: one
 * guid shared by items that differ in both link and text (a CMS reusing ids).
 */
export const collisionKey = (item: NormalizedItem) =>
  `${item.dedupeKey}#link:${item.url}`.slice(0, 2000);

const sameStory = (a: { url: string; title: string; summary_text: string }, b: NormalizedItem) =>
  a.url === b.url || (a.title === b.title && a.summary_text === b.summaryText);

/** An item a store wrote: new, or stored before and rewritten (its text or fields changed). */
export interface StoredItem {
  id: number;
  isNew: boolean;
  item: NormalizedItem;
}

export interface StoreResult {
  /** How many items were new. */
  added: number;
  /** The items written, new or rewritten (not those whose engagement alone changed): what after-store steps derive from. */
  stored: StoredItem[];
}

/** Stores one source's items; answers how many were new and which were written. */
export async function storeItems(
  db: DB,
  sourceId: number,
  items: NormalizedItem[],
  now: number,
): Promise<StoreResult> {
  if (items.length === 0) return { added: 0, stored: [] };
  const lookup = [...new Set(items.flatMap((i) => [i.dedupeKey, collisionKey(i)]))];

  // Inside a write batch (write-batch.ts) the caller's transaction serves.
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>) =>
    db.isTransaction ? work(db as Tx) : db.transaction().execute(work);
  return inTransaction(async (tx) => {
    const existing = new Map<string, Existing>();
    for (let i = 0; i < lookup.length; i += LOOKUP_BATCH) {
      const rows = await tx
        .selectFrom('news_items')
        .select([
          'id',
          'dedupe_key',
          'url',
          'title',
          'summary_text',
          'engagement_score',
          'is_breaking',
          'content_hash',
        ])
        .where('source_id', '=', sourceId)
        .where('dedupe_key', 'in', lookup.slice(i, i + LOOKUP_BATCH))
        .execute();
      for (const r of rows) existing.set(r.dedupe_key, r);
    }

    // One key per story: a guid already held (stored, or earlier in this
    // document) by a different story moves this item to its collision key; the
    // same story twice in one document keeps the first.
    const unique = new Map<string, NormalizedItem>();
    for (const item of items) {
      const stored = existing.get(item.dedupeKey);
      const earlier = unique.get(item.dedupeKey);
      const holder = stored ?? (earlier ? toExisting(earlier) : undefined);
      const key = holder && !sameStory(holder, item) ? collisionKey(item) : item.dedupeKey;
      if (!unique.has(key)) unique.set(key, { ...item, dedupeKey: key });
    }

    const fresh: NewNewsItem[] = [];
    const stored: StoredItem[] = [];
    for (const [key, item] of unique) {
      const old = existing.get(key);
      if (!old) {
        fresh.push(toRow(sourceId, item, now));
        continue;
      }
      const textChanged = old.title !== item.title || old.summary_text !== item.summaryText;
      if (item.mutable || textChanged) {
        const {
          source_id: _s,
          dedupe_key: _d,
          fetched_at: _f,
          published_at,
          ...fields
        } = toRow(sourceId, item, now);
        // An undated item keeps the place it got when first seen.
        const set = item.dated ? { ...fields, published_at } : fields;
        await tx.updateTable('news_items').set(set).where('id', '=', old.id).execute();
        stored.push({ id: old.id, isNew: false, item });
      } else if (
        old.engagement_score !== item.engagementScore ||
        old.is_breaking !== item.isBreaking ||
        old.content_hash !== (item.contentHash ?? null)
      ) {
        await tx
          .updateTable('news_items')
          .set({
            engagement_score: item.engagementScore,
            is_breaking: item.isBreaking,
            content_hash: item.contentHash ?? null,
            updated_at: now,
          })
          .where('id', '=', old.id)
          .execute();
      }
    }
    // Oldest first: SQLite's search index is keyed by publish time and writes out
    // what it holds whenever a key goes down (news/search-index.ts), so a feed
    // stored newest first made a segment per item. Ties keep the feed's order.
    const ordered = fresh.toSorted((a, b) => a.published_at - b.published_at);
    const ids = new Map<string, number>();
    for (let i = 0; i < ordered.length; i += INSERT_BATCH) {
      const rows = await tx
        .insertInto('news_items')
        .values(ordered.slice(i, i + INSERT_BATCH))
        .returning(['id', 'dedupe_key'])
        .execute();
      for (const r of rows) ids.set(r.dedupe_key, r.id);
    }
    for (const [key, item] of unique) {
      const id = ids.get(key);
      if (id !== undefined) stored.push({ id, isNew: true, item });
    }
    return { added: fresh.length, stored };
  });
}

const toExisting = (item: NormalizedItem) => ({
  url: item.url,
  title: item.title,
  summary_text: item.summaryText,
});

export interface FetchOutcome {
  status: 'ok' | 'not_modified' | 'error';
  error?: string | null;
  etag?: string | null;
  lastModified?: string | null;
  resolvedUrl?: string | null;
  retryAfterSeconds?: number;
}

/**
 * Next poll time: the poll interval after a success; after errors the interval
 * doubled per consecutive error, capped at 24 h, and never before Retry-After.
 */
export function nextFetchAt(
  now: number,
  intervalMs: number,
  errorCount: number,
  retryAfterSeconds?: number,
): number {
  const backoff =
    errorCount > 0 ? Math.min(intervalMs * 2 ** errorCount, MAX_BACKOFF_MS) : intervalMs;
  const retryAfter = retryAfterSeconds ? Math.min(retryAfterSeconds * 1000, MAX_BACKOFF_MS) : 0;
  return now + Math.max(backoff, retryAfter);
}

/** Records a fetch's outcome on the source row. */
export async function recordOutcome(
  db: DB,
  sourceId: number,
  outcome: FetchOutcome,
  now: number,
  intervalMs: number,
): Promise<void> {
  if (outcome.status === 'error') {
    const row = await db
      .selectFrom('news_sources')
      .select('error_count')
      .where('id', '=', sourceId)
      .executeTakeFirst();
    const errors = (row?.error_count ?? 0) + 1;
    await db
      .updateTable('news_sources')
      .set({
        last_fetched_at: now,
        last_status: 'error',
        last_error: (outcome.error ?? 'The fetch failed.').slice(0, 500),
        error_count: errors,
        next_fetch_at: nextFetchAt(now, intervalMs, errors, outcome.retryAfterSeconds),
      })
      .where('id', '=', sourceId)
      .execute();
    return;
  }
  await db
    .updateTable('news_sources')
    .set({
      last_fetched_at: now,
      last_status: outcome.status,
      last_error: null,
      error_count: 0,
      next_fetch_at: nextFetchAt(now, intervalMs, 0, outcome.retryAfterSeconds),
      ...(outcome.etag !== undefined ? { etag: outcome.etag } : {}),
      ...(outcome.lastModified !== undefined ? { last_modified: outcome.lastModified } : {}),
      ...(outcome.resolvedUrl ? { resolved_url: outcome.resolvedUrl } : {}),
    })
    .where('id', '=', sourceId)
    .execute();
}
