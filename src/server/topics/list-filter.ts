// The feed list's topic filter and muted topics (news/list.ts), and their
// totals, kept here so the list's own code changes by a few lines only (as
// reading/list-filter.ts does for read state).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/database';

/**
 * WHERE conditions on news_items: only `topic`'s items; none of the muted
 * topics' items. `driving`: the topic's items are the candidates (a narrow
 * topic: read from item_topics_topic, then sorted); otherwise each row met
 * walking the sort order is checked by primary key (a broad topic, where
 * building the set of its items would cost more than the page).
 */
export function topicConditions(
  topic: string | undefined,
  muted: readonly string[] | undefined,
  driving: boolean,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (topic !== undefined)
    conditions.push(
      driving
        ? sql<SqlBool>`news_items.id IN (SELECT item_topics.item_id FROM item_topics WHERE item_topics.topic = ${topic})`
        : sql<SqlBool>`EXISTS (SELECT 1 FROM item_topics WHERE item_topics.item_id = news_items.id AND item_topics.topic = ${topic})`,
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

/** Past this many muted-topic entries, their union is not counted item by item. */
export const MUTED_EXACT_LIMIT = 20_000;

/**
 * Items in the given sources with at least one of the muted topics. The sum of
 * the topics' counts (O(sources)) is exact for one topic; for several it
 * counts a story with two muted topics twice, so while the sum is small the
 * union is counted from item_topics_topic alone, and past MUTED_EXACT_LIMIT the
 * sum stands (a total short by the stories that carry two muted topics, in a
 * feed of more than 20,000 muted stories).
 */
export async function countMutedItems(
  db: DB,
  muted: readonly string[],
  sourceIds: readonly number[],
): Promise<number> {
  if (muted.length === 0 || sourceIds.length === 0) return 0;
  const row = await db
    .selectFrom('topic_source_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('item_count'), sql<number>`0`).as('n'))
    .where('topic', 'in', [...muted])
    .where('source_id', 'in', [...sourceIds])
    .executeTakeFirstOrThrow();
  if (muted.length === 1 || row.n > MUTED_EXACT_LIMIT) return row.n;
  const union = await db
    .selectFrom('item_topics')
    .select(sql<number>`count(DISTINCT item_topics.item_id)`.as('n'))
    .where('topic', 'in', [...muted])
    .where('source_id', 'in', [...sourceIds])
    .executeTakeFirstOrThrow();
  return union.n;
}
