// The feed list's topic filter and muted topics (news/list.ts), and their
// totals, kept here so the list's own code changes by a few lines only (as
// reading/list-filter.ts does for read state).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/database';

/** WHERE conditions on news_items: only `topic`'s items; none of the muted topics' items. */
export function topicConditions(
  topic: string | undefined,
  muted: readonly string[] | undefined,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (topic !== undefined)
    conditions.push(
      sql<SqlBool>`news_items.id IN (SELECT item_topics.item_id FROM item_topics WHERE item_topics.topic = ${topic})`,
    );
  if (muted?.length)
    conditions.push(
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM item_topics WHERE item_topics.item_id = news_items.id AND item_topics.topic IN (${sql.join([...muted])}))`,
    );
  return conditions;
}

/** A topic's items in the given sources: a sum over topic_source_counts, O(sources). */
export async function countTopicItems(
  db: DB,
  topic: string,
  sourceIds: readonly number[],
): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const row = await db
    .selectFrom('topic_source_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('item_count'), sql<number>`0`).as('n'))
    .where('topic', '=', topic)
    .where('source_id', 'in', [...sourceIds])
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Items in the given sources with at least one of the muted topics: one
 * topic's is its count; several are counted from item_topics_topic alone (an
 * item with two muted topics counts once).
 */
export async function countMutedItems(
  db: DB,
  muted: readonly string[],
  sourceIds: readonly number[],
): Promise<number> {
  if (muted.length === 0 || sourceIds.length === 0) return 0;
  if (muted.length === 1) return countTopicItems(db, muted[0], sourceIds);
  const row = await db
    .selectFrom('item_topics')
    .select(sql<number>`count(DISTINCT item_topics.item_id)`.as('n'))
    .where('topic', 'in', [...muted])
    .where('source_id', 'in', [...sourceIds])
    .executeTakeFirstOrThrow();
  return row.n;
}
