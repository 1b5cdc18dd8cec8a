// SQL for read and saved state. A user's state is a watermark per source
// (reading_marks: items with an id up to read_through_id are read) and a row per
// exception (reading_items: is_read set where the item differs from its
// watermark, is_saved for saved items). An item is read when
// coalesce(is_read, id <= read_through_id).
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { chunks } from '../db/chunks';
import type { DB } from '../db/database';
import type { Database } from '../db/tables';
import { isActiveFor, isVisibleTo } from '../sources/visibility';

export interface ItemRef {
  id: number;
  source_id: number;
  published_at: number;
}

/**
 * The items among `ids` the user may see (their source is a default one or their
 * own). Items first, by primary key, then their few sources: joined in one query
 * the planner may walk every visible source's items instead.
 */
export async function findVisibleItems(db: DB, userId: number, ids: number[]): Promise<ItemRef[]> {
  const found: ItemRef[] = [];
  for (const part of chunks(ids)) {
    found.push(
      ...(await db
        .selectFrom('news_items')
        .where('id', 'in', part)
        .select(['id', 'source_id', 'published_at'])
        .execute()),
    );
  }
  const sourceIds = [...new Set(found.map((i) => i.source_id))];
  const visible = new Set<number>();
  for (const part of chunks(sourceIds)) {
    const rows = await db
      .selectFrom('news_sources')
      .where('id', 'in', part)
      .where(isVisibleTo(userId))
      .select('id')
      .execute();
    for (const r of rows) visible.add(r.id);
  }
  return found.filter((i) => visible.has(i.source_id));
}

export async function isSourceVisible(db: DB, userId: number, sourceId: number) {
  const row = await db
    .selectFrom('news_sources')
    .where('id', '=', sourceId)
    .where(isVisibleTo(userId))
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The sources in the user's feed, with their item counts. */
export async function activeSources(db: DB, userId: number) {
  return db
    .selectFrom('news_sources')
    .where(isActiveFor(userId))
    .select(['id', 'item_count'])
    .execute();
}

export async function findWatermarks(
  db: DB,
  userId: number,
  sourceIds: number[],
): Promise<Map<number, number>> {
  const marks = new Map<number, number>();
  for (const part of chunks(sourceIds)) {
    const rows = await db
      .selectFrom('reading_marks')
      .where('user_id', '=', userId)
      .where('source_id', 'in', part)
      .select(['source_id', 'read_through_id'])
      .execute();
    for (const r of rows) marks.set(r.source_id, r.read_through_id);
  }
  return marks;
}

export async function setWatermarks(db: DB, userId: number, marks: Map<number, number>) {
  const now = Date.now();
  for (const part of chunks([...marks])) {
    await db
      .insertInto('reading_marks')
      .values(
        part.map(([source_id, read_through_id]) => ({
          user_id: userId,
          source_id,
          read_through_id,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'source_id']).doUpdateSet((eb) => ({
          read_through_id: eb.ref('excluded.read_through_id'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export async function findExceptions(db: DB, userId: number, itemIds: number[]) {
  const rows: Array<{ item_id: number; is_read: 0 | 1 | null; is_saved: 0 | 1 }> = [];
  for (const part of chunks(itemIds)) {
    rows.push(
      ...(await db
        .selectFrom('reading_items')
        .where('user_id', '=', userId)
        .where('item_id', 'in', part)
        .select(['item_id', 'is_read', 'is_saved'])
        .execute()),
    );
  }
  return new Map(rows.map((r) => [r.item_id, r]));
}

/** Records is_read for items whose read state differs from their watermark's. */
export async function setExceptions(db: DB, userId: number, items: ItemRef[], read: boolean) {
  const now = Date.now();
  for (const part of chunks(items)) {
    await db
      .insertInto('reading_items')
      .values(
        part.map((i) => ({
          user_id: userId,
          item_id: i.id,
          source_id: i.source_id,
          is_read: read ? 1 : 0,
          is_saved: 0,
          saved_at: null,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'item_id']).doUpdateSet({ is_read: read ? 1 : 0, updated_at: now }),
      )
      .execute();
  }
}

/** Items back to what their watermark says; rows left with nothing to say go. */
export async function clearExceptions(db: DB, userId: number, itemIds: number[]) {
  const now = Date.now();
  for (const part of chunks(itemIds)) {
    await db
      .updateTable('reading_items')
      .set({ is_read: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('item_id', 'in', part)
      .where('is_read', 'is not', null)
      .execute();
  }
  await deleteEmptyRows(db, userId);
}

export async function deleteEmptyRows(db: DB, userId: number) {
  await db
    .deleteFrom('reading_items')
    .where('user_id', '=', userId)
    .where('is_read', 'is', null)
    .where('is_saved', '=', 0)
    .execute();
}

export async function setSaved(db: DB, userId: number, item: ItemRef, saved: boolean) {
  const now = Date.now();
  if (saved) {
    await db
      .insertInto('reading_items')
      .values({
        user_id: userId,
        item_id: item.id,
        source_id: item.source_id,
        is_read: null,
        is_saved: 1,
        saved_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'item_id'])
          .doUpdateSet({ is_saved: 1, saved_at: now, updated_at: now }),
      )
      .execute();
    return;
  }
  await db
    .updateTable('reading_items')
    .set({ is_saved: 0, saved_at: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('item_id', '=', item.id)
    .execute();
  await deleteEmptyRows(db, userId);
}

type SourceItems<O> = SelectQueryBuilder<Database, 'news_sources' | 'news_items', O>;

/**
 * Per source, one number from its items: `value` narrows a subquery over the
 * source's news_items and selects it as `v`. A subquery per source is one index
 * seek each; a GROUP BY over the sources would read all of their items. A source
 * whose value is null (no such item) is absent.
 */
export async function perSource(
  db: DB,
  sourceIds: number[],
  value: (items: SourceItems<object>) => SourceItems<{ v: number | null }>,
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const part of chunks(sourceIds)) {
    const rows = await db
      .selectFrom('news_sources')
      .where('news_sources.id', 'in', part)
      .select((eb) => [
        'news_sources.id',
        value(
          eb.selectFrom('news_items').whereRef('news_items.source_id', '=', 'news_sources.id'),
        ).as('v'),
      ])
      .execute();
    for (const r of rows) if (r.v !== null) result.set(r.id, r.v);
  }
  return result;
}

/** The highest item id per source. */
export const maxIds = (db: DB, sourceIds: number[]) =>
  perSource(db, sourceIds, (items) => items.select((e) => e.fn.max('news_items.id').as('v')));

/**
 * Per source, the lowest id among its items fetched at or after `from` (ms):
 * those items only, on (source_id, fetched_at, id). A source with none is absent.
 */
export const firstIdsFetchedFrom = (db: DB, sourceIds: number[], from: number) =>
  perSource(db, sourceIds, (items) =>
    items
      .where('news_items.fetched_at', '>=', from)
      // min(+id), as in lowestNewerIds: reads the late items, not the source in id order.
      .select(sql<number | null>`min(+news_items.id)`.as('v')),
  );

/** Per source, the lowest id among items after `item` in the feed's order (newer, or as new with a higher id). */
export const lowestNewerIds = (db: DB, sourceIds: number[], item: ItemRef) =>
  perSource(db, sourceIds, (items) =>
    items
      .where((w) =>
        w(
          w.refTuple('news_items.published_at', 'news_items.id'),
          '>',
          w.tuple(item.published_at, item.id),
        ),
      )
      // min(+id): not min(id), which SQLite answers by walking the source's
      // items in id order until one is newer; this reads the newer ones only.
      .select(sql<number | null>`min(+news_items.id)`.as('v')),
  );

const watermarkOf = (userRef: string, sourceRef: string) =>
  sql<number>`coalesce((SELECT reading_marks.read_through_id FROM reading_marks WHERE reading_marks.user_id = ${sql.ref(userRef)} AND reading_marks.source_id = ${sql.ref(sourceRef)}), 0)`;

/**
 * After watermarks moved: exceptions at or below their source's watermark are
 * read by it now. With `upTo`, only items at or before that item in the feed's
 * order change; those above the watermark get is_read = 1.
 */
export async function settleExceptions(
  db: DB,
  userId: number,
  sourceIds: number[],
  upTo?: ItemRef,
) {
  const now = Date.now();
  const wm = watermarkOf('reading_items.user_id', 'reading_items.source_id');
  for (const part of chunks(sourceIds)) {
    if (!upTo) {
      await db
        .updateTable('reading_items')
        .set({ is_read: null, updated_at: now })
        .where('user_id', '=', userId)
        .where('source_id', 'in', part)
        .where('is_read', 'is not', null)
        .where('item_id', '<=', wm)
        .execute();
      continue;
    }
    const olderOrThis = sql<boolean>`EXISTS (SELECT 1 FROM news_items WHERE news_items.id = reading_items.item_id AND (news_items.published_at < ${upTo.published_at} OR (news_items.published_at = ${upTo.published_at} AND news_items.id <= ${upTo.id})))`;
    await db
      .updateTable('reading_items')
      .set({
        is_read: sql<0 | 1 | null>`CASE WHEN reading_items.item_id <= ${wm} THEN NULL ELSE 1 END`,
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('source_id', 'in', part)
      .where(olderOrThis)
      .execute();
    // Older items above the watermark (stored out of order) get a row each. The
    // unary + keeps SQLite on the (source, id) range above the watermark rather
    // than the publication index, which would read every older item.
    const older = sql<SqlBool>`(+news_items.published_at < ${upTo.published_at} OR (+news_items.published_at = ${upTo.published_at} AND news_items.id <= ${upTo.id}))`;
    await db
      .insertInto('reading_items')
      .columns(['user_id', 'item_id', 'source_id', 'is_read', 'is_saved', 'updated_at'])
      .expression(
        aboveWatermarks(db, userId, part)
          .where(older)
          .select([
            sql.lit(userId).as('user_id'),
            'news_items.id',
            'news_items.source_id',
            sql.lit(1).as('is_read'),
            sql.lit(0).as('is_saved'),
            sql.lit(now).as('updated_at'),
          ]),
      )
      .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet({ is_read: 1 }))
      .execute();
  }
  await deleteEmptyRows(db, userId);
}

/** The items of these sources above the user's watermark on each (one index range a source). */
export const aboveWatermarks = (db: DB, userId: number, sourceIds: number[]) =>
  db
    .selectFrom('reading_marks')
    .innerJoin('news_items', (join) =>
      join
        .onRef('news_items.source_id', '=', 'reading_marks.source_id')
        .onRef('news_items.id', '>', 'reading_marks.read_through_id'),
    )
    .where('reading_marks.user_id', '=', userId)
    .where('reading_marks.source_id', 'in', sourceIds);

/** Per source: items above the watermark, for the sources that have one. */
export async function countAboveWatermarks(db: DB, userId: number, sourceIds: number[]) {
  const result = new Map<number, number>();
  for (const part of chunks(sourceIds)) {
    const rows = await aboveWatermarks(db, userId, part)
      .groupBy('reading_marks.source_id')
      .select((eb) => ['reading_marks.source_id', eb.fn.countAll<number>().as('n')])
      .execute();
    for (const r of rows) result.set(r.source_id, r.n);
  }
  return result;
}

/**
 * Per source: the user's items marked read (ones) and marked unread (zeros). An
 * exception only exists where it differs from the watermark (every write keeps
 * it so), so ones lie above the watermark and zeros at or below it: counted from
 * the covering index alone, without comparing each row to its watermark.
 */
export async function countExceptions(db: DB, userId: number) {
  const rows = await db
    .selectFrom('reading_items')
    .where('user_id', '=', userId)
    .where('is_read', 'is not', null)
    .groupBy(['source_id', 'is_read'])
    .select((eb) => ['source_id', 'is_read', eb.fn.countAll<number>().as('n')])
    .execute();
  const result = new Map<number, { ones: number; zeros: number }>();
  for (const r of rows) {
    const entry = result.get(r.source_id) ?? { ones: 0, zeros: 0 };
    if (r.is_read === 1) entry.ones += r.n;
    else entry.zeros += r.n;
    result.set(r.source_id, entry);
  }
  return result;
}

export async function saveUndo(db: DB, userId: number, snapshot: unknown) {
  const now = Date.now();
  await db
    .insertInto('reading_undo')
    .values({ user_id: userId, snapshot: JSON.stringify(snapshot), created_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ snapshot: JSON.stringify(snapshot), created_at: now }),
    )
    .execute();
}

export async function takeUndo(db: DB, userId: number): Promise<unknown> {
  const row = await db
    .deleteFrom('reading_undo')
    .where('user_id', '=', userId)
    .returning('snapshot')
    .executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as unknown) : null;
}

/** The user's exceptions with a read flag in the given sources. */
export async function readExceptionsIn(db: DB, userId: number, sourceIds: number[]) {
  const rows: Array<{ item_id: number; source_id: number; is_read: 0 | 1 | null }> = [];
  for (const part of chunks(sourceIds)) {
    rows.push(
      ...(await db
        .selectFrom('reading_items')
        .where('user_id', '=', userId)
        .where('source_id', 'in', part)
        .where('is_read', 'is not', null)
        .select(['item_id', 'source_id', 'is_read'])
        .execute()),
    );
  }
  return rows;
}

export async function resetReadFlags(db: DB, userId: number, sourceIds: number[]) {
  for (const part of chunks(sourceIds)) {
    await db
      .updateTable('reading_items')
      .set({ is_read: null })
      .where('user_id', '=', userId)
      .where('source_id', 'in', part)
      .execute();
    await db
      .deleteFrom('reading_marks')
      .where('user_id', '=', userId)
      .where('source_id', 'in', part)
      .execute();
  }
}

/** The ids of the items the user has saved (reading_items_saved: one index range). */
export async function savedItemIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('reading_items')
    .where('user_id', '=', userId)
    .where('is_saved', '=', 1)
    .select('item_id')
    .execute();
  return rows.map((r) => r.item_id);
}
