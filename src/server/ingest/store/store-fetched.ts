// What a fetch leaves in the database: its new and changed items, the
// source's pruning and its outcome (validators, next poll), in one write batch.
// Runs on the store thread's own connection for a SQLite file (store-writer.ts),
// on the server's connection otherwise.
import type { DB } from '../../db/database';
import { isWithinRetention } from '../../news/retention';
import type { FetchJobOutput } from '../fetch-job';
import { pruneSource } from './repository';
import { recordOutcome, storeItems } from './store';
import { inWriteBatch } from './write-batch';

/** Plain data, so a worker thread can be told how to store. */
export interface StoreSettings {
  sourceId: number;
  /** Epoch ms of the fetch. */
  now: number;
  pollIntervalMs: number;
  purgeAgeDays: number;
  maxItemsPerSource: number;
}

/** Stores one fetch's output; answers the number of new items. */
export async function storeFetched(
  db: DB,
  { summary, items: fetched }: FetchJobOutput,
  settings: StoreSettings,
): Promise<number> {
  const { sourceId, now, pollIntervalMs } = settings;
  const validators = {
    etag: summary.etag ?? null,
    lastModified: summary.lastModified ?? null,
    resolvedUrl: summary.resolvedUrl ?? null,
  };
  if (summary.notModified) {
    await inWriteBatch(db, (tx) =>
      recordOutcome(tx, sourceId, { status: 'not_modified', ...validators }, now, pollIntervalMs),
    );
    return 0;
  }
  // Older than the purge age: it would be purged again, so it is not stored.
  const items = fetched.filter((item) =>
    isWithinRetention(item.publishedAt, now, settings.purgeAgeDays),
  );
  return inWriteBatch(db, async (tx) => {
    const added = await storeItems(tx, sourceId, items, now);
    await pruneSource(tx, sourceId, settings.maxItemsPerSource);
    await recordOutcome(tx, sourceId, { status: 'ok', ...validators }, now, pollIntervalMs);
    return added;
  });
}
