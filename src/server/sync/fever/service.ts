// The Fever API's members: groups, feeds, feeds_groups, favicons, items,
// links, unread_item_ids, saved_item_ids, and the marks, over the same news,
// reading and sources modules the web app uses.
import type { NewsItem } from '../../../shared/types';
import { badRequest } from '../../http/errors';
import { hotStories } from '../../news/hot';
import { itemCounts, itemIdsById } from '../../news/stream';
import { savedItemIds } from '../../reading/repository';
import { unreadInOrder } from '../../reading/unread-page';
import { markRead, markReadFetchedBefore, saveItem } from '../../reading/state';
import { siteUrlOf } from '../../sources/presenter';
import type { DB } from '../../db/database';
import type { Params } from '../form';
import { loadItems, visibleIds } from '../items';
import type { SyncView } from '../labels';
import { feedsGroups, groupsOf } from './groups';

/** Fever pages items 50 at a time. */
export const ITEMS_PAGE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Row ids are 32-bit integers on PostgreSQL: larger numbers name nothing of ours. */
const MAX_ID = 2_147_483_647;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A whole number parameter, or undefined; anything else is a 400. */
function intOf(params: Params, name: string): number | undefined {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d{1,16}$/.test(raw)) throw badRequest(`${name} must be a whole number`);
  return Number(raw);
}

function idList(raw: string, name: string): number[] {
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.some((s) => !/^\d{1,16}$/.test(s))) throw badRequest(`${name} must list item ids`);
  return ids.map(Number).filter((id) => id <= MAX_ID);
}

export const lastRefreshedOn = (view: SyncView) =>
  seconds(
    Math.max(
      0,
      ...view.subscriptions.map((s) =>
        s.source.health.lastFetchedAt ? Date.parse(s.source.health.lastFetchedAt) : 0,
      ),
    ),
  );

export function groups(view: SyncView) {
  const all = groupsOf(view);
  return {
    groups: all.map((g) => ({ id: g.id, title: g.title })),
    feeds_groups: feedsGroups(all),
  };
}

export function feeds(view: SyncView, iconOf: ReadonlyMap<number, number>) {
  return {
    feeds: view.subscriptions.map((s) => ({
      id: s.id,
      favicon_id: iconOf.get(s.id) ?? 0,
      title: s.source.name,
      url: s.source.url,
      site_url: siteUrlOf(s.source.url, s.source.sourceType),
      is_spark: 0,
      last_updated_on_time: s.source.health.lastFetchedAt
        ? seconds(Date.parse(s.source.health.lastFetchedAt))
        : 0,
    })),
    feeds_groups: feedsGroups(groupsOf(view)),
  };
}

const feverItem = (item: NewsItem) => ({
  id: Number(item.id),
  feed_id: Number(item.sourceId),
  title: item.title,
  author: item.author ?? '',
  html: item.content ?? item.summary,
  url: item.url,
  is_saved: item.isSaved ? 1 : 0,
  is_read: item.isRead ? 1 : 0,
  created_on_time: seconds(Date.parse(item.publishedAt)),
});

/** with_ids (at most 50), else since_id (ascending), else max_id (descending), else the first 50 stored. */
export async function items(db: DB, userId: number, view: SyncView, params: Params) {
  const sourceIds = view.subscriptions.map((s) => s.id);
  let ids: number[];
  const withIds = params.get('with_ids');
  if (withIds !== undefined) {
    ids = idList(withIds, 'with_ids');
    if (ids.length > ITEMS_PAGE) throw badRequest(`with_ids takes at most ${ITEMS_PAGE} ids`);
  } else {
    const sinceId = intOf(params, 'since_id');
    const maxId = intOf(params, 'max_id');
    // max_id=0 asks for the newest items.
    const range =
      sinceId !== undefined
        ? { afterId: Math.min(MAX_ID, Math.max(0, sinceId)) }
        : maxId !== undefined
          ? maxId > 0
            ? { beforeId: Math.min(MAX_ID, maxId) }
            : { newest: true }
          : { afterId: 0 };
    ids = await itemIdsById(db, sourceIds, { ...range, limit: ITEMS_PAGE });
  }
  const found = await loadItems(db, userId, view, ids);
  return {
    total_items: (await itemCounts(db, sourceIds)).inSources,
    items: found.map(feverItem),
  };
}

/** Every unread item of the user's feed, newest first. */
export async function unreadItemIds(db: DB, userId: number, view: SyncView): Promise<string> {
  const sourceIds = view.subscriptions.map((s) => s.id);
  if (sourceIds.length === 0) return '';
  const list = await unreadInOrder(db, userId, { sourceIds }, 'fetched_at', 'desc');
  return Array.from(list.ids).join(',');
}

export async function savedIds(db: DB, userId: number): Promise<string> {
  return (await visibleIds(db, userId, await savedItemIds(db, userId))).join(',');
}

/** links: the hottest stories of `range` days ending `offset` days ago, 50 a page. */
export async function links(db: DB, userId: number, params: Params) {
  const offset = Math.max(0, intOf(params, 'offset') ?? 0);
  const range = Math.min(30, Math.max(1, intOf(params, 'range') ?? 7));
  const page = Math.max(1, intOf(params, 'page') ?? 1);
  const to = Date.now() - offset * DAY_MS;
  const stories = await hotStories(db, userId, {
    from: to - range * DAY_MS,
    to,
    limit: ITEMS_PAGE,
    offset: (page - 1) * ITEMS_PAGE,
  });
  const saved = new Set(await savedItemIds(db, userId));
  return stories.map((s) => ({
    id: s.itemId,
    feed_id: s.sourceId,
    item_id: s.itemId,
    // Fever's temperature: here, how many of the user's sources carried the story.
    temperature: s.sources,
    is_item: 1,
    is_local: 1,
    is_saved: saved.has(s.itemId) ? 1 : 0,
    title: s.title,
    url: s.url,
    item_ids: s.itemIds.join(','),
  }));
}

/**
 * mark=item (as read, unread, saved, unsaved), or mark=feed / mark=group as read
 * up to `before` (the client's last items request, in seconds); group 0 is every feed.
 * Answers which id list the client should refresh.
 */
export async function mark(
  db: DB,
  userId: number,
  view: SyncView,
  params: Params,
): Promise<'unread' | 'saved'> {
  const what = params.get('mark');
  const as = params.get('as');
  const id = intOf(params, 'id');
  if (id === undefined) throw badRequest('mark needs an id');
  if (what === 'item') {
    const [visible] = id >= 1 && id <= MAX_ID ? await visibleIds(db, userId, [id]) : [];
    if (as === 'read' || as === 'unread') {
      if (visible !== undefined) await markRead(db, userId, [visible], as === 'read');
      return 'unread';
    }
    if (as === 'saved' || as === 'unsaved') {
      if (visible !== undefined) await saveItem(db, userId, visible, as === 'saved');
      return 'saved';
    }
    throw badRequest('as must be read, unread, saved or unsaved');
  }
  if (what !== 'feed' && what !== 'group') throw badRequest('mark must be item, feed or group');
  if (as !== 'read') throw badRequest(`A ${what} can only be marked as read`);
  const before = intOf(params, 'before');
  // Seconds; a time past the year 2286 is as good as now.
  const until =
    before !== undefined && before > 0 && before < 1e10 ? (before + 1) * 1000 : Date.now() + 1;
  let sourceIds: number[];
  if (what === 'feed') sourceIds = view.visible.has(id) ? [id] : [];
  else if (id === 0) sourceIds = view.subscriptions.map((s) => s.id);
  else sourceIds = groupsOf(view).find((g) => g.id === id)?.feedIds ?? [];
  await markReadFetchedBefore(db, userId, sourceIds, until);
  return 'unread';
}
