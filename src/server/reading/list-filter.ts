// The feed list's read and saved filters (status=unread|read, saved=true) and
// each item's isRead/isSaved, for news/list.ts. Kept here so the list's own code
// changes by a few lines only.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ReadStatus } from '../../shared/reading';
import type { DB } from '../db/database';
import type { Database } from '../db/tables';
import type { ItemState } from '../news/presenter';
import { findExceptions, findWatermarks } from './repository';

export interface ReadingFilter {
  userId: number;
  status: ReadStatus;
  saved: boolean;
  /** Only items the user has not saved (a reader app's "exclude starred"). */
  unsaved?: boolean;
}

/** The list's reading filter, or undefined when the query asks for everything. */
export function readingFilterOf(
  userId: number,
  query: { status?: ReadStatus; saved?: boolean },
): ReadingFilter | undefined {
  const status = query.status ?? 'all';
  const saved = query.saved === true;
  return status === 'all' && !saved ? undefined : { userId, status, saved };
}

/** An item is unread: above its source's watermark and not marked read, or marked unread. */
const unread = (userId: number, table: string) => {
  const item = sql.table(table);
  return sql<SqlBool>`((${item}.id > coalesce((SELECT reading_marks.read_through_id FROM reading_marks WHERE reading_marks.user_id = ${userId} AND reading_marks.source_id = ${item}.source_id), 0)
    AND NOT EXISTS (SELECT 1 FROM reading_items WHERE reading_items.user_id = ${userId} AND reading_items.item_id = ${item}.id AND reading_items.is_read = 1))
    OR EXISTS (SELECT 1 FROM reading_items WHERE reading_items.user_id = ${userId} AND reading_items.item_id = ${item}.id AND reading_items.is_read = 0))`;
};

/**
 * WHERE conditions on news_items for the filter; `table` names another alias of
 * news_items (the list's story grouping checks a story's other members).
 */
export function readingConditions(
  _eb: ExpressionBuilder<Database, 'news_items'>,
  filter: ReadingFilter | undefined,
  table = 'news_items',
): Expression<SqlBool>[] {
  if (!filter) return [];
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status === 'unread') conditions.push(unread(filter.userId, table));
  if (filter.status === 'read') conditions.push(sql<SqlBool>`NOT ${unread(filter.userId, table)}`);
  const savedIds = sql`(SELECT reading_items.item_id FROM reading_items WHERE reading_items.user_id = ${filter.userId} AND reading_items.is_saved = 1)`;
  if (filter.saved) conditions.push(sql<SqlBool>`${sql.table(table)}.id IN ${savedIds}`);
  if (filter.unsaved) conditions.push(sql<SqlBool>`${sql.table(table)}.id NOT IN ${savedIds}`);
  return conditions;
}

/** Each row's read and saved state for the user. */
export async function itemStates(
  db: DB,
  userId: number,
  rows: Array<{ id: number; source_id: number }>,
): Promise<Map<number, ItemState>> {
  const states = new Map<number, ItemState>();
  if (rows.length === 0) return states;
  const marks = await findWatermarks(db, userId, [...new Set(rows.map((r) => r.source_id))]);
  const exceptions = await findExceptions(
    db,
    userId,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const e = exceptions.get(r.id);
    const byMark = r.id <= (marks.get(r.source_id) ?? 0);
    states.set(r.id, {
      isRead: e?.is_read != null ? e.is_read === 1 : byMark,
      isSaved: e?.is_saved === 1,
    });
  }
  return states;
}

/** WHERE condition on news_items: nobody has saved the item (saved items survive the purge). */
export const notSavedByAnyone = () =>
  sql<SqlBool>`NOT EXISTS (SELECT 1 FROM reading_items WHERE reading_items.item_id = news_items.id AND reading_items.is_saved = 1)`;

/** Items published before `cutoff` that someone has saved: what the purge keeps. */
export async function countSavedBefore(db: DB, cutoff: number): Promise<number> {
  const row = await db
    .selectFrom('news_items')
    .where('published_at', '<', cutoff)
    .where(
      sql<SqlBool>`EXISTS (SELECT 1 FROM reading_items WHERE reading_items.item_id = news_items.id AND reading_items.is_saved = 1)`,
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
