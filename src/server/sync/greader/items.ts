// Item ids and contents: stream/items/ids, stream/items/contents,
// stream/contents/<stream>, and unread-count.
import { badRequest } from '../../http/errors';
import { newestFetchedAt } from '../../news/stream';
import { unreadBySource } from '../../reading/state';
import { loadItems } from '../items';
import { syncView } from '../labels';
import { itemIdParams, requireJson, type Call } from './call';
import { READING_LIST, feedId, labelId } from './ids';
import { contentsBody } from './present';
import { conditionalJson, json } from './reply';
import { applyTargets, pageOf, selectStream } from './streams';

/** Most ids one page of stream/items/ids holds (NetNewsWire asks 1,000 at a time). */
export const IDS_MAX = 10_000;
/** Most items one contents call returns. */
export const CONTENTS_MAX = 1_000;

const selfUrl = (call: Call) =>
  `${call.request.protocol}://${call.request.host}${call.request.url}`;

export async function itemIds(call: Call) {
  requireJson(call);
  const view = await syncView(call.ctx.db, call.caller.user.id);
  const streams = call.params.all('s');
  if (streams.length !== 1) throw badRequest('Give one stream (s)');
  const selection = applyTargets(call, view, selectStream(view, streams[0], call.caller.user.id));
  const { page, continuation } = await pageOf(call, selection, { fallback: 20, max: IDS_MAX });
  return conditionalJson(call.request, call.reply, {
    // The id alone, as Miniflux and FreshRSS answer: at 10,000 ids a page the
    // timestamps would double what is written, hashed and sent (bench/sync.ts).
    itemRefs: page.items.map((i) => ({ id: String(i.id) })),
    ...(continuation ? { continuation } : {}),
  });
}

/** The items named by `i` (every id form), in the order given; others are left out. */
export async function itemContents(call: Call) {
  requireJson(call);
  const ids = itemIdParams(call, 'read', CONTENTS_MAX);
  const view = await syncView(call.ctx.db, call.caller.user.id);
  const items = await loadItems(call.ctx.db, call.caller.user.id, view, ids);
  return json(
    call.reply,
    contentsBody(
      items,
      view,
      { id: READING_LIST, title: 'Reading List', self: selfUrl(call) },
      null,
    ),
  );
}

/** stream/contents/<stream> (or ?s=): a page of a stream's items with their contents. */
export async function streamContents(call: Call) {
  requireJson(call);
  const view = await syncView(call.ctx.db, call.caller.user.id);
  const stream = call.rest || call.params.get('s') || READING_LIST;
  const selection = applyTargets(call, view, selectStream(view, stream, call.caller.user.id));
  const { page, continuation } = await pageOf(call, selection, { fallback: 20, max: CONTENTS_MAX });
  const items = await loadItems(
    call.ctx.db,
    call.caller.user.id,
    view,
    page.items.map((i) => i.id),
  );
  return json(
    call.reply,
    contentsBody(
      items,
      view,
      { id: stream, title: selection.title, self: selfUrl(call) },
      continuation,
    ),
  );
}

/** Unread items per feed, per label and in all, each with when its newest item arrived. */
const usec = (ms: number | undefined) => String((ms ?? 0) * 1000);

export async function unreadCount(call: Call) {
  requireJson(call);
  const { db } = call.ctx;
  const view = await syncView(db, call.caller.user.id);
  const ids = view.subscriptions.map((s) => s.id);
  const [unread, newest] = await Promise.all([
    unreadBySource(db, call.caller.user.id, ids),
    newestFetchedAt(db, ids),
  ]);
  const counts: Array<{ id: string; count: number; newestItemTimestampUsec: string }> = [];
  const labels = new Map<string, { count: number; newest: number }>();
  let total = 0;
  let newestOfAll = 0;
  for (const sub of view.subscriptions) {
    const count = unread.get(sub.id) ?? 0;
    const at = newest.get(sub.id) ?? 0;
    total += count;
    newestOfAll = Math.max(newestOfAll, at);
    counts.push({ id: feedId(sub.id), count, newestItemTimestampUsec: usec(at) });
    for (const label of sub.labels) {
      const entry = labels.get(label) ?? { count: 0, newest: 0 };
      labels.set(label, { count: entry.count + count, newest: Math.max(entry.newest, at) });
    }
  }
  for (const [label, entry] of labels)
    counts.push({
      id: labelId(label),
      count: entry.count,
      newestItemTimestampUsec: usec(entry.newest),
    });
  counts.push({ id: READING_LIST, count: total, newestItemTimestampUsec: usec(newestOfAll) });
  return json(call.reply, { max: total, unreadcounts: counts });
}
