// The one way another module writes an item of a built-in source (the AI
// briefings): normalised and stored like a fetched item, and rewritten in place
// when the same key comes again.
import type { DB } from '../db/database';
import { normalizeItem } from './parse/normalize';
import { storeItems } from './store/store';

export interface BuiltInItem {
  /** Identifies the item within its source: the same key rewrites it. */
  key: string;
  url: string;
  title: string;
  summaryHtml: string;
  contentHtml: string;
  publishedAt: number;
  author: string;
  extra: Record<string, unknown>;
}

/** Stores the item; answers its id and whether it was new (false: an existing one was rewritten). */
export async function storeBuiltInItem(
  db: DB,
  sourceId: number,
  item: BuiltInItem,
  { baseUrl, now }: { baseUrl: string; now: number },
): Promise<{ id: number; added: boolean }> {
  const { key, ...fields } = item;
  const normalized = normalizeItem(
    { ...fields, guid: key, itemType: 'article', mutable: true },
    { sourceType: 'custom', baseUrl, now },
  );
  if (!normalized) throw new Error('built-in item did not normalise');
  let added: number;
  try {
    ({ added } = await storeItems(db, sourceId, [normalized], now));
  } catch {
    // Two writers of one key at once (the scheduler and a sign-in, on PostgreSQL):
    // the loser's insert hits the unique key; a second try finds the row and rewrites it.
    ({ added } = await storeItems(db, sourceId, [normalized], now));
  }
  const row = await db
    .selectFrom('news_items')
    .select('id')
    .where('source_id', '=', sourceId)
    .where('dedupe_key', '=', normalized.dedupeKey)
    .executeTakeFirstOrThrow();
  return { id: row.id, added: added > 0 };
}
