// Items for the reader apps: the news module's rows with the caller's read and
// saved state, only from sources the caller may see (anything else is left
// out, as a purged item is: apps ask for ids they remember).
import type { NewsItem } from '../../shared/types';
import { chunks } from '../db/chunks';
import type { DB } from '../db/database';
import { toNewsItem } from '../news/presenter';
import { findItemsByIds, inOrder } from '../news/repository';
import { itemStates } from '../reading/list-filter';
import { findVisibleItems } from '../reading/repository';
import type { SyncView } from './labels';

/** The items among `ids` the user may see, in the order asked for. */
export async function loadItems(
  db: DB,
  userId: number,
  view: SyncView,
  ids: number[],
): Promise<NewsItem[]> {
  const items: NewsItem[] = [];
  for (const part of chunks([...new Set(ids)])) {
    const rows = inOrder(part, await findItemsByIds(db, part)).filter((r) =>
      view.visible.has(r.source_id),
    );
    const states = await itemStates(db, userId, rows);
    items.push(...rows.map((r) => toNewsItem(r, states.get(r.id))));
  }
  return items;
}

/** Of `ids`, those the user may see (for marking), without loading the items. */
export async function visibleIds(db: DB, userId: number, ids: number[]): Promise<number[]> {
  return (await findVisibleItems(db, userId, [...new Set(ids)])).map((i) => i.id);
}
