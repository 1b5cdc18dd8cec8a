// Dedupe and store: one transaction per source. An item is identified per
// source by its dedupe key (guid, else canonical URL); seen again, it updates
// its engagement (and every field when the source marks it mutable or its text
// changed) and never duplicates. Counters and full-text search follow by
// trigger (0001_initial.ts). Also records each source's fetch outcome.
import type { DB, Tx } from '../db/database';
import type { NewNewsItem } from '../db/tables';
import type { NormalizedItem } from './normalize';

const INSERT_BATCH = 400; // 19 columns × 400 rows stays under both dialects' parameter limits
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

/** Stores one source's items; answers how many were new. */
export async function storeItems(
  db: DB,
  sourceId: number,
  items: NormalizedItem[],
  now: number,
): Promise<number> {
  // The same guid twice in one document: the first one wins.
  const unique = new Map<string, NormalizedItem>();
  for (const item of items) if (!unique.has(item.dedupeKey)) unique.set(item.dedupeKey, item);
  if (unique.size === 0) return 0;
  const keys = [...unique.keys()];

  return db.transaction().execute(async (tx) => {
    const existing = new Map<
      string,
      {
        id: number;
        title: string;
        summary_text: string;
        engagement_score: number;
        is_breaking: number;
      }
    >();
    for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
      const rows = await tx
        .selectFrom('news_items')
        .select(['id', 'dedupe_key', 'title', 'summary_text', 'engagement_score', 'is_breaking'])
        .where('source_id', '=', sourceId)
        .where('dedupe_key', 'in', keys.slice(i, i + LOOKUP_BATCH))
        .execute();
      for (const r of rows) existing.set(r.dedupe_key, r);
    }

    const fresh: NewNewsItem[] = [];
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
          ...fields
        } = toRow(sourceId, item, now);
        await tx.updateTable('news_items').set(fields).where('id', '=', old.id).execute();
      } else if (
        old.engagement_score !== item.engagementScore ||
        old.is_breaking !== item.isBreaking
      ) {
        await tx
          .updateTable('news_items')
          .set({
            engagement_score: item.engagementScore,
            is_breaking: item.isBreaking,
            updated_at: now,
          })
          .where('id', '=', old.id)
          .execute();
      }
    }
    await insertRows(tx, fresh);
    return fresh.length;
  });
}

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
