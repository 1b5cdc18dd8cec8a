// Read and saved state: marking read and unread, mark-all-read and its undo,
// saving, and unread counts. Every call checks the user may see the items.
import type { MarkAllReadResponse, UnreadCountsResponse } from '../../shared/reading';
import { ITEM_NOT_FOUND, SOURCE_NOT_FOUND } from '../../shared/reading';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import { sameStoryAs } from '../stories/list-filter';
import {
  activeSources,
  clearExceptions,
  countAboveWatermarks,
  countExceptions,
  deleteEmptyRows,
  findExceptions,
  findVisibleItems,
  findWatermarks,
  isSourceVisible,
  firstIdsFetchedFrom,
  lowestNewerIds,
  maxIds,
  readExceptionsIn,
  resetReadFlags,
  saveUndo,
  setExceptions,
  setSaved,
  setWatermarks,
  settleExceptions,
  takeUndo,
  type ItemRef,
} from './repository';

async function visibleItemsOr404(db: DB, userId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const items = await findVisibleItems(db, userId, wanted);
  if (items.length !== wanted.length) throw notFound(ITEM_NOT_FOUND);
  return items;
}

const readByMark = (item: ItemRef, marks: Map<number, number>) =>
  item.id <= (marks.get(item.source_id) ?? 0);

/**
 * Marks items read or unread; answers how many changed. Read applies to the
 * story (issue 29): marking an item read marks the other items of its story the
 * user can see read too; marking one unread leaves the others as they are.
 */
export async function markRead(db: DB, userId: number, ids: number[], read: boolean) {
  let items = await visibleItemsOr404(db, userId, ids);
  if (read) {
    const members = await sameStoryAs(
      db,
      items.map((i) => i.id),
    );
    if (members.length) items = [...items, ...(await findVisibleItems(db, userId, members))];
  }
  return db.transaction().execute(async (tx) => ({
    changed: await applyRead(tx, userId, items, read),
  }));
}

/** Sets items read or unread, writing rows only where they differ from the watermark; answers how many changed. */
async function applyRead(tx: DB, userId: number, items: ItemRef[], read: boolean) {
  const marks = await findWatermarks(tx, userId, [...new Set(items.map((i) => i.source_id))]);
  const rows = await findExceptions(
    tx,
    userId,
    items.map((i) => i.id),
  );
  const changed = items.filter(
    (i) => (rows.get(i.id)?.is_read ?? (readByMark(i, marks) ? 1 : 0)) !== (read ? 1 : 0),
  );
  // Where the watermark already says `read`, the item needs no row for it.
  const asMarked = changed.filter((i) => readByMark(i, marks) === read);
  const differing = changed.filter((i) => readByMark(i, marks) !== read);
  if (asMarked.length)
    await clearExceptions(
      tx,
      userId,
      asMarked.map((i) => i.id),
    );
  if (differing.length) await setExceptions(tx, userId, differing, read);
  return changed.length;
}

export async function saveItem(db: DB, userId: number, itemId: number, saved: boolean) {
  const [item] = await visibleItemsOr404(db, userId, [itemId]);
  await setSaved(db, userId, item, saved);
  return { itemId: String(item.id), isSaved: saved };
}

interface UndoSnapshot {
  marks: Array<[number, number | null]>;
  exceptions: Array<[number, 0 | 1]>;
}

/** The sources one mark-all-read covers, and where it stops. */
export interface MarkAllScope {
  /** Only this source (it must be visible). */
  sourceId?: number;
  /** These sources, already resolved to ones the user sees (the feed's filters). */
  sourceIds?: number[];
  /** Only this item and those before it in the feed's order. */
  before?: number;
}

/**
 * Everything (every source in the user's feed), one source, the feed's sources
 * or with `before` only that item and those before it in the feed's order
 * (published earlier, or at the same time with a lower id). Moves each
 * source's watermark as far as it can and writes rows only for older items
 * stored after newer ones.
 */
export async function markAllRead(
  db: DB,
  userId: number,
  input: MarkAllScope,
): Promise<MarkAllReadResponse> {
  let sourceIds: number[];
  if (input.sourceId !== undefined) {
    if (!(await isSourceVisible(db, userId, input.sourceId))) throw notFound(SOURCE_NOT_FOUND);
    sourceIds = [input.sourceId];
  } else if (input.sourceIds) {
    sourceIds = input.sourceIds;
  } else {
    sourceIds = (await activeSources(db, userId)).map((s) => s.id);
  }
  const upTo =
    input.before === undefined
      ? undefined
      : (await visibleItemsOr404(db, userId, [input.before]))[0];
  if (sourceIds.length === 0) return { marked: 0 };

  return db.transaction().execute(async (tx) => {
    const before = await unreadBySource(tx, userId, sourceIds);
    const old = await findWatermarks(tx, userId, sourceIds);
    const snapshot: UndoSnapshot = {
      marks: sourceIds.map((id) => [id, old.get(id) ?? null]),
      exceptions: (await readExceptionsIn(tx, userId, sourceIds)).map((r) => [
        r.item_id,
        r.is_read ?? 0,
      ]),
    };
    const tops = await maxIds(tx, sourceIds);
    const newer = upTo ? await lowestNewerIds(tx, sourceIds, upTo) : new Map<number, number>();
    const marks = new Map<number, number>();
    for (const [sourceId, top] of tops) {
      const reach = newer.has(sourceId) ? newer.get(sourceId)! - 1 : top;
      const current = old.get(sourceId) ?? 0;
      if (reach > current || upTo) marks.set(sourceId, Math.max(reach, current));
    }
    await setWatermarks(tx, userId, marks);
    await settleExceptions(tx, userId, sourceIds, upTo);
    const after = await unreadBySource(tx, userId, sourceIds);
    await saveUndo(tx, userId, snapshot);
    let marked = 0;
    for (const id of sourceIds) marked += (before.get(id) ?? 0) - (after.get(id) ?? 0);
    return { marked };
  });
}

/**
 * Marks the given items read (a filtered mark-all-read: the feed's list chose
 * them, so the user sees them), keeping what Undo needs to put back.
 */
export async function markItemsRead(
  db: DB,
  userId: number,
  ids: number[],
): Promise<MarkAllReadResponse> {
  const items = await findVisibleItems(db, userId, ids);
  if (items.length === 0) return { marked: 0 };
  return db.transaction().execute(async (tx) => {
    const sourceIds = [...new Set(items.map((i) => i.source_id))];
    const old = await findWatermarks(tx, userId, sourceIds);
    await saveUndo(tx, userId, {
      marks: sourceIds.map((id) => [id, old.get(id) ?? null]),
      exceptions: (await readExceptionsIn(tx, userId, sourceIds)).map((r) => [
        r.item_id,
        r.is_read ?? 0,
      ]),
    } satisfies UndoSnapshot);
    return { marked: await applyRead(tx, userId, items, true) };
  });
}

/**
 * Marks read every item of the given sources (ones the caller may see) that was
 * fetched before `before` (ms): a reader app's "mark all as read" up to its last
 * sync, which leaves what arrived since unread. Each source's watermark moves up
 * to just below its first item fetched since then (ids rise with the fetch; were
 * an older item stored after a newer one, it would stay unread rather than an
 * unseen one be marked read). Nothing is kept for an undo (that belongs to the
 * web app's own mark-all-read).
 */
export async function markReadFetchedBefore(
  db: DB,
  userId: number,
  sourceIds: number[],
  before: number,
): Promise<MarkAllReadResponse> {
  if (sourceIds.length === 0) return { marked: 0 };
  return db.transaction().execute(async (tx) => {
    const unreadBefore = await unreadBySource(tx, userId, sourceIds);
    const old = await findWatermarks(tx, userId, sourceIds);
    const late = await firstIdsFetchedFrom(tx, sourceIds, before);
    const marks = new Map<number, number>();
    for (const [sourceId, top] of await maxIds(tx, sourceIds)) {
      const reach = late.has(sourceId) ? late.get(sourceId)! - 1 : top;
      if (reach > (old.get(sourceId) ?? 0)) marks.set(sourceId, reach);
    }
    await setWatermarks(tx, userId, marks);
    // Marked unread by hand but now under the watermark: read, like the rest.
    await settleExceptions(tx, userId, [...marks.keys()]);
    const unreadAfter = await unreadBySource(tx, userId, sourceIds);
    let marked = 0;
    for (const id of sourceIds) marked += (unreadBefore.get(id) ?? 0) - (unreadAfter.get(id) ?? 0);
    return { marked };
  });
}

/** Puts back the state from before the user's last mark-all-read (once). */
export async function undoMarkAllRead(db: DB, userId: number): Promise<{ restored: boolean }> {
  return db.transaction().execute(async (tx) => {
    const snapshot = (await takeUndo(tx, userId)) as UndoSnapshot | null;
    if (!snapshot) return { restored: false };
    const sourceIds = snapshot.marks.map(([id]) => id);
    await resetReadFlags(tx, userId, sourceIds);
    const marks = new Map<number, number>();
    for (const [id, mark] of snapshot.marks) if (mark !== null) marks.set(id, mark);
    // A source deleted since has no row to point at any more.
    const existing = await existingSources(tx, [...marks.keys()]);
    await setWatermarks(tx, userId, new Map([...marks].filter(([id]) => existing.has(id))));
    const items = await itemRefs(
      tx,
      snapshot.exceptions.map(([id]) => id),
    );
    const flag = new Map(snapshot.exceptions);
    await setExceptions(
      tx,
      userId,
      items.filter((i) => flag.get(i.id) === 1),
      true,
    );
    await setExceptions(
      tx,
      userId,
      items.filter((i) => flag.get(i.id) === 0),
      false,
    );
    await deleteEmptyRows(tx, userId);
    return { restored: true };
  });
}

async function existingSources(db: DB, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.selectFrom('news_sources').where('id', 'in', ids).select('id').execute();
  return new Set(rows.map((r) => r.id));
}

async function itemRefs(db: DB, ids: number[]): Promise<ItemRef[]> {
  const refs: ItemRef[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    refs.push(
      ...(await db
        .selectFrom('news_items')
        .where('id', 'in', ids.slice(i, i + 500))
        .select(['id', 'source_id', 'published_at'])
        .execute()),
    );
  }
  return refs;
}

/** Exact unread items per source for the given sources (all of them in the user's feed when omitted). */
export async function unreadBySource(
  db: DB,
  userId: number,
  sourceIds?: number[],
): Promise<Map<number, number>> {
  const all = await activeSources(db, userId);
  const wanted = sourceIds ? new Set(sourceIds) : null;
  const sources = wanted ? all.filter((s) => wanted.has(s.id)) : all;
  // Sources outside the feed (switched off) still count when asked for by id.
  if (wanted) {
    const missing = [...wanted].filter((id) => !sources.some((s) => s.id === id));
    if (missing.length)
      sources.push(
        ...(await db
          .selectFrom('news_sources')
          .where('id', 'in', missing)
          .select(['id', 'item_count'])
          .execute()),
      );
  }
  const ids = sources.map((s) => s.id);
  const marks = await findWatermarks(db, userId, ids);
  const above = await countAboveWatermarks(db, userId, [...marks.keys()]);
  const exceptions = await countExceptions(db, userId);
  const result = new Map<number, number>();
  for (const s of sources) {
    const base = marks.has(s.id) ? (above.get(s.id) ?? 0) : s.item_count;
    const e = exceptions.get(s.id);
    result.set(s.id, Math.max(0, base - (e?.ones ?? 0) + (e?.zeros ?? 0)));
  }
  return result;
}

export async function unreadCounts(db: DB, userId: number): Promise<UnreadCountsResponse> {
  const bySource = await unreadBySource(db, userId);
  let total = 0;
  const out: Record<string, number> = {};
  for (const [id, n] of bySource) {
    out[String(id)] = n;
    total += n;
  }
  return { total, bySource: out };
}
